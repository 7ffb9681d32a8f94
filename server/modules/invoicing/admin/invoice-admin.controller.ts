import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  AdminInvoiceBookQuery,
  AdminInvoiceDetailResponse,
  AdminInvoiceExportQuery,
  AdminInvoiceListQuery,
  AdminInvoiceListResponse,
  InvoiceBookResponse,
  InvoiceRetryBody,
  InvoiceStornoBody,
  type AdminInvoiceDetail,
  type AdminInvoiceList,
  type InvoiceBook,
} from '../../../../contract/api/admin-invoices.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { currentUserId, RequireOperator } from '../../../platform/auth/index.js';
import { DomainError } from '../../../platform/http/domain-error.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { ProfileService } from '../../identity/index.js';
import { InvoiceFiles } from '../invoice-files.js';
import { documentOf } from '../invoice.repository.js';
import { renderInvoiceHtmlPage } from '../pdf/index.js';
import { invoiceFileName } from '../invoice-mails.js';
import { INVOICING_ERRORS } from '../invoicing.errors.js';
import { InvoiceAdminError } from './invoice-admin.errors.js';
import { InvoiceAdminService, type InvoiceOperator } from './invoice-admin.service.js';
import { exportFileName } from './invoice-export.js';

export const InvoiceIdParams = z.object({
  id: z
    .unknown()
    .transform((v) => (typeof v === 'string' && z.uuid().safeParse(v).success ? v.toLowerCase() : null))
    .meta({ type: 'string', format: 'uuid', description: "The invoice's id" }),
});

/** The path's invoice id, or the 404 a missing invoice gets (a malformed id names no invoice). */
export function invoiceId(raw: unknown): string {
  const { id } = InvoiceIdParams.parse({ id: raw });
  if (id === null) throw new InvoiceAdminError('INVOICE_NOT_FOUND');
  return id;
}

/** Operators' answers are private: never stored by a shared cache, never handed on as a referrer. */
function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/**
 * The operators' invoice API (operators per docs/admin.md 'Roles'; docs/invoicing/operators.md): the list with fiscal states,
 * one invoice with its attempts at CIS, 'retry now', a storno, the files, the accountant's monthly
 * CSV and the book of invoices. A POST needs the CSRF token like every mutation (csrf.ts).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/invoices')
@UseGuards(RequireOperator)
export class InvoiceAdminController {
  constructor(
    private readonly admin: InvoiceAdminService,
    private readonly files: InvoiceFiles,
    private readonly profiles: ProfileService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Invoices and stornos for operators, newest first, 25 a page, by fiscal state, kind, month and number.' })
  @ApiZodQuery(AdminInvoiceListQuery)
  @ApiZodResponse(AdminInvoiceListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'An unknown filter value')
  async list(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(AdminInvoiceListQuery)) query: Parsed<typeof AdminInvoiceListQuery>,
  ): Promise<{ data: AdminInvoiceList }> {
    noStore(res);
    return { data: await this.admin.list(query) };
  }

  @Get('export.csv')
  @ApiOperation({
    summary: "The accountant's export of a month: CSV, UTF-8 with BOM, ';' separated, decimal comma, one row per invoice and storno.",
  })
  @ApiZodQuery(AdminInvoiceExportQuery)
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'The CSV', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiZodResponse(ErrorResponseSchema, 422, 'INVOICE_MONTH_INVALID')
  async exportCsv(
    @Res() res: Response,
    @Query(new ZodQuery(AdminInvoiceExportQuery)) query: Parsed<typeof AdminInvoiceExportQuery>,
  ): Promise<void> {
    const csv = await this.admin.exportCsv(query.month);
    noStore(res);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(query.month)}"`);
    res.end(csv);
  }

  @Get('book')
  @ApiOperation({ summary: 'The book of invoices of a year by premise and device: every number in order, gaps listed as such.' })
  @ApiZodQuery(AdminInvoiceBookQuery)
  @ApiZodResponse(InvoiceBookResponse)
  @ApiZodResponse(ErrorResponseSchema, 422, 'INVOICE_YEAR_INVALID')
  async book(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(AdminInvoiceBookQuery)) query: Parsed<typeof AdminInvoiceBookQuery>,
  ): Promise<{ data: InvoiceBook }> {
    noStore(res);
    return { data: await this.admin.book(Number(query.year)) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One invoice for operators, with every message sent to CIS for it.' })
  @ApiZodParams(InvoiceIdParams)
  @ApiZodResponse(AdminInvoiceDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice (INVOICE_NOT_FOUND)')
  async detail(@Res({ passthrough: true }) res: Response, @Param('id') id: string): Promise<{ data: AdminInvoiceDetail }> {
    noStore(res);
    return { data: await this.admin.detail(invoiceId(id)) };
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: "'Retry now': the invoice's next fiscalization attempt is queued at once." })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(InvoiceIdParams)
  @ApiZodBody(InvoiceRetryBody)
  @ApiZodResponse(AdminInvoiceDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice (INVOICE_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'INVOICE_ALREADY_FISCALIZED')
  async retry(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Body(new ZodBody(InvoiceRetryBody)) _body: Parsed<typeof InvoiceRetryBody>,
  ): Promise<{ data: AdminInvoiceDetail }> {
    noStore(res);
    const valid = invoiceId(id);
    return { data: await this.admin.retry(valid, await this.operator(req)) };
  }

  @Post(':id/storno')
  @HttpCode(201)
  @ApiOperation({ summary: 'A storno of the invoice (law art. 24): `amount` cents, or all that is left. Answers the storno.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(InvoiceIdParams)
  @ApiZodBody(InvoiceStornoBody)
  @ApiZodResponse(AdminInvoiceDetailResponse, 201)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice (INVOICE_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'INVOICE_NOTHING_LEFT / INVOICE_NOT_REVERSIBLE (a storno)')
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'INVOICE_STORNO_AMOUNT_INVALID / INVOICE_STORNO_AMOUNT_TOO_HIGH / INVOICE_STORNO_REASON_REQUIRED',
  )
  async storno(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('id') id: string,
    @Body(new ZodBody(InvoiceStornoBody)) body: Parsed<typeof InvoiceStornoBody>,
  ): Promise<{ data: AdminInvoiceDetail }> {
    noStore(res);
    const valid = invoiceId(id);
    return { data: await this.admin.storno(valid, body, await this.operator(req)) };
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: 'The invoice as a PDF.' })
  @ApiZodParams(InvoiceIdParams)
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice (INVOICE_NOT_FOUND)')
  async pdf(@Res() res: Response, @Param('id') id: string): Promise<void> {
    const row = await this.admin.row(invoiceId(id));
    const bytes = await this.files.pdf(row);
    noStore(res);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${invoiceFileName(row, 'pdf')}"`);
    res.setHeader('Content-Length', String(bytes.length));
    res.end(bytes);
  }

  @Get(':id/ubl')
  @ApiOperation({ summary: "A business buyer's e-invoice (UBL 2.1, HR-CIUS)." })
  @ApiZodParams(InvoiceIdParams)
  @ApiProduces('application/xml')
  @ApiResponse({ status: 200, description: 'The UBL document', content: { 'application/xml': { schema: { type: 'string' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice, or a consumer invoice (INVOICE_NO_EINVOICE)')
  async ubl(@Res() res: Response, @Param('id') id: string): Promise<void> {
    const row = await this.admin.row(invoiceId(id));
    const xml = this.files.ubl(row);
    if (xml === null) throw new DomainError(INVOICING_ERRORS.NO_EINVOICE, 'This invoice has no e-invoice.', 'not_found');
    noStore(res);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${invoiceFileName(row, 'xml')}"`);
    res.end(xml);
  }

  @Get(':id/html')
  @ApiOperation({ summary: "The operator's HTML view of the invoice, as a page of its own." })
  @ApiZodParams(InvoiceIdParams)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The invoice as HTML', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such invoice (INVOICE_NOT_FOUND)')
  async html(@Res() res: Response, @Param('id') id: string): Promise<void> {
    const row = await this.admin.row(invoiceId(id));
    noStore(res);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res
      .status(200)
      .type('html')
      .send(renderInvoiceHtmlPage(documentOf(row), { nonce: String(res.locals.cspNonce ?? '') }));
  }

  private async operator(req: Request): Promise<InvoiceOperator> {
    const userId = currentUserId(req);
    const user = await this.profiles.get(userId);
    return { userId, email: user.email, role: user.role };
  }
}
