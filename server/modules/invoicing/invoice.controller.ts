import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { OrderInvoicesResponse, type InvoiceSummary } from '../../../contract/api/invoices.js';
import { invoicePaths } from '../../../contract/invoice-paths.js';
import { OrderDetailQuery, OrderNumberParams } from '../../../contract/api/order.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { OrderAccess } from '../order/index.js';
import { InvoiceFiles } from './invoice-files.js';
import { invoiceFileName } from './invoice-mails.js';
import { InvoiceRepository, type InvoiceRow } from './invoice.repository.js';
import { INVOICING_ERRORS } from './invoicing.errors.js';

const InvoiceFileParams = OrderNumberParams.extend({
  id: z
    .unknown()
    .transform((v) => (typeof v === 'string' && z.uuid().safeParse(v).success ? v : null))
    .meta({ type: 'string', format: 'uuid', description: "The invoice's id (from the list)" }),
});

export function invoiceSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    storno_of: row.storno_of_number,
    issued_at: row.issued_at.toISOString(),
    total: row.total,
    currency: 'EUR',
    fiscal_state: row.fiscal_state,
    pdf_path: invoicePaths.pdf(row.order_number, row.id),
    ubl_path: row.buyer.kind === 'business' ? invoicePaths.ubl(row.order_number, row.id) : null,
  };
}

/**
 * An order's invoices for its buyer (docs/invoicing.md 'Where the buyer finds the invoice'): the
 * signed-in owner, or whoever holds the order's view token (the confirmation mail's and the success
 * page's link), exactly as `GET /api/orders/{number}`: everyone else gets the order's 404.
 */
@ApiTags('invoices')
@Controller('api/orders')
export class InvoiceController {
  constructor(
    private readonly access: OrderAccess,
    private readonly invoices: InvoiceRepository,
    private readonly files: InvoiceFiles,
  ) {}

  @Get(':number/invoices')
  @ApiOperation({ summary: "The order's invoice and stornos, oldest first, with their fiscal state and the paths of their files." })
  @ApiZodParams(OrderNumberParams)
  @ApiZodQuery(OrderDetailQuery)
  @ApiHeader({ name: 'X-Order-Token', required: false, description: 'The view token, instead of ?view_token=' })
  @ApiZodResponse(OrderInvoicesResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order, or not yours (ORDER_NOT_FOUND)')
  async list(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') rawNumber: string,
    @Query(new ZodQuery(OrderDetailQuery)) query: Parsed<typeof OrderDetailQuery>,
  ): Promise<OrderInvoicesResponse> {
    private_(res);
    const order = await this.access.visibleOrder(req, rawNumber, query.view_token);
    return { data: (await this.invoices.ofOrder(order.id)).map(invoiceSummary) };
  }

  @Get(':number/invoices/:id/pdf')
  @ApiOperation({ summary: 'An invoice of the order as a PDF (attachment).' })
  @ApiZodParams(InvoiceFileParams)
  @ApiZodQuery(OrderDetailQuery)
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order or invoice, or not yours')
  async pdf(
    @Req() req: Request,
    @Res() res: Response,
    @Param('number') rawNumber: string,
    @Param('id') rawId: string,
    @Query(new ZodQuery(OrderDetailQuery)) query: Parsed<typeof OrderDetailQuery>,
  ): Promise<void> {
    const row = await this.invoiceOf(req, rawNumber, rawId, query.view_token);
    const bytes = await this.files.pdf(row);
    private_(res);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${invoiceFileName(row, 'pdf')}"`);
    res.setHeader('Content-Length', String(bytes.length));
    res.end(bytes);
  }

  @Get(':number/invoices/:id/ubl')
  @ApiOperation({ summary: "A business buyer's e-invoice (UBL 2.1, EN 16931 with HR-CIUS) of the order's invoice (attachment)." })
  @ApiZodParams(InvoiceFileParams)
  @ApiZodQuery(OrderDetailQuery)
  @ApiProduces('application/xml')
  @ApiResponse({ status: 200, description: 'The UBL document', content: { 'application/xml': { schema: { type: 'string' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order or invoice, not yours, or no e-invoice (a consumer invoice)')
  async ubl(
    @Req() req: Request,
    @Res() res: Response,
    @Param('number') rawNumber: string,
    @Param('id') rawId: string,
    @Query(new ZodQuery(OrderDetailQuery)) query: Parsed<typeof OrderDetailQuery>,
  ): Promise<void> {
    const row = await this.invoiceOf(req, rawNumber, rawId, query.view_token);
    const xml = this.files.ubl(row);
    if (xml === null) throw new DomainError(INVOICING_ERRORS.NO_EINVOICE, 'This invoice has no e-invoice.', 'not_found');
    private_(res);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${invoiceFileName(row, 'xml')}"`);
    res.end(xml);
  }

  private async invoiceOf(req: Request, rawNumber: string, rawId: string, viewToken: unknown): Promise<InvoiceRow> {
    const order = await this.access.visibleOrder(req, rawNumber, viewToken);
    const { id } = InvoiceFileParams.pick({ id: true }).parse({ id: rawId });
    const row = id === null ? null : await this.invoices.find(id);
    if (!row || row.order_id !== order.id) throw new DomainError(INVOICING_ERRORS.NOT_FOUND, 'Invoice not found.', 'not_found');
    return row;
  }
}

/** Invoices are personal: never stored by a shared cache, the token never handed on. */
function private_(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
