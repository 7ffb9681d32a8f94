import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AddOrderNoteBody,
  AdminOrderActionBody,
  AdminOrderDetailResponse,
  AdminOrderFullResponse,
  AdminOrderListQueryFull,
  AdminOrderListResponse,
  AdminOrderNote,
  PackingSlipsQuery,
  RefundLinesBody,
  ResendMailBody,
  RefundOrderBody,
  ShipOrderBody,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderFull,
  type AdminOrderList,
} from '../../../../contract/api/admin-orders.js';
import { data, ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { OrderNumberParams } from '../../../../contract/api/order.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { currentUser, currentUserId, RequireOperator } from '../../../platform/auth/index.js';
import { ProfileService } from '../../identity/index.js';
import { OrderError } from '../order.errors.js';
import type { OrderOperator } from './order-administration.js';
import { OrderAdminService } from './order-admin.service.js';
import { actionsFor } from './operator-actions.js';
import { OrderBackOfficeService } from './order-back-office.service.js';

/**
 * The operators' order API (admin and staff, staff without refunds: docs/admin.md 'Roles'; docs/orders.md 'Operators'). Every answer is private and
 * never cached; a POST needs the CSRF token like every mutation (csrf.ts). The actions answer the
 * order as it is afterwards, with its history and what it allows next.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('api/admin/orders')
@UseGuards(RequireOperator)
export class OrderAdminController {
  constructor(
    private readonly admin: OrderAdminService,
    private readonly profiles: ProfileService,
    private readonly backOffice: OrderBackOfficeService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Orders for operators, newest first, 25 a page, filtered by fulfilment status, payment status, method and number or e-mail.',
  })
  @ApiZodQuery(AdminOrderListQueryFull)
  @ApiZodResponse(AdminOrderListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'An unknown filter value')
  async list(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(AdminOrderListQueryFull)) query: Parsed<typeof AdminOrderListQueryFull>,
  ): Promise<{ data: AdminOrderList }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.list(query) };
  }

  // before ':number', which would take the file's name for an order number
  @Get('packing-slips.pdf')
  @ApiOperation({
    summary:
      "Packing slips as one PDF, a page per order in the order's language: `numbers` (comma-separated, up to 100) or `view=to_ship` (every order to ship now).",
  })
  @ApiZodQuery(PackingSlipsQuery)
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiZodResponse(ErrorResponseSchema, 404, 'ORDER_NOT_FOUND (none of the numbers) / ORDER_SLIPS_NONE (nothing to ship)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'ORDER_SLIPS_INVALID')
  async packingSlips(@Res() res: Response, @Query(new ZodQuery(PackingSlipsQuery)) query: Parsed<typeof PackingSlipsQuery>): Promise<void> {
    const { pdf, numbers } = await this.backOffice.packingSlips(query);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('X-Order-Numbers', numbers.join(','));
    const name = numbers.length === 1 ? `otpremnica-${numbers[0]}.pdf` : `otpremnice-${numbers.length}.pdf`;
    res.setHeader('Content-Disposition', `inline; filename="${name}"`);
    res.end(pdf);
  }

  @Get(':number')
  @ApiOperation({
    summary:
      "One order for operators: the whole order, what it allows now (for the caller's role), its history, internal notes, refunds by line and the mails it can get again.",
  })
  @ApiZodParams(OrderNumberParams)
  @ApiZodResponse(AdminOrderFullResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  async detail(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
  ): Promise<{ data: AdminOrderFull }> {
    res.setHeader('Cache-Control', 'no-store');
    const order = await this.backOffice.detail(orderNumber(number), currentUser(req)?.role);
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return { data: order };
  }

  @Post(':number/notes')
  @HttpCode(201)
  @ApiOperation({ summary: 'Adds an internal note to an order (operators only; the buyer never sees it).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(AddOrderNoteBody)
  @ApiZodResponse(data(AdminOrderNote), 201)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'ORDER_NOTE_REQUIRED / ORDER_NOTE_TOO_LONG')
  async addNote(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(AddOrderNoteBody)) body: Parsed<typeof AddOrderNoteBody>,
  ): Promise<{ data: AdminOrderNote }> {
    res.setHeader('Cache-Control', 'no-store');
    const valid = orderNumber(number);
    return { data: await this.backOffice.addNote(valid, await this.operator(req), body.body) };
  }

  @Post(':number/resend-mail')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends one of the order's mails again, in the order's language, through the mail queue: confirmation, shipped, or the card payment link (as the order's states allow: `mails` of the order).",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(ResendMailBody)
  @ApiZodResponse(AdminOrderFullResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_MAIL_NOT_APPLICABLE')
  @ApiZodResponse(ErrorResponseSchema, 422, 'ORDER_MAIL_INVALID')
  async resendMail(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(ResendMailBody)) body: Parsed<typeof ResendMailBody>,
  ): Promise<{ data: AdminOrderFull }> {
    res.setHeader('Cache-Control', 'no-store');
    const valid = orderNumber(number);
    const operator = await this.operator(req);
    await this.backOffice.resendMail(valid, operator, body.mail);
    return this.full(valid, operator.role);
  }

  @Post(':number/refund-lines')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Refunds packs of lines and optionally the delivery fee: the amount computed with VAT per line, refused above what is left; card through the provider (partial refund), cash on delivery recorded as a bank transfer back.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(RefundLinesBody)
  @ApiZodResponse(AdminOrderFullResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(
    ErrorResponseSchema,
    409,
    'ORDER_TRANSITION_REFUSED (not paid), ORDER_REFUND_TOO_MANY, ORDER_REFUND_SHIPPING_DONE, ORDER_REFUND_ABOVE_LEFT, ORDER_REFUND_CHANGED, PAYMENT_REFUND_REFUSED: nothing changed',
  )
  @ApiZodResponse(ErrorResponseSchema, 422, 'ORDER_REFUND_EMPTY / ORDER_REFUND_LINE_UNKNOWN / ORDER_FIELD_INVALID')
  @ApiZodResponse(ErrorResponseSchema, 503, 'PAYMENT_PROVIDER_UNAVAILABLE: nothing changed')
  async refundLines(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(RefundLinesBody)) body: Parsed<typeof RefundLinesBody>,
  ): Promise<{ data: AdminOrderFull }> {
    res.setHeader('Cache-Control', 'no-store');
    const valid = orderNumber(number);
    const operator = await this.operator(req);
    await this.backOffice.refundLines(valid, operator, body);
    return this.full(valid, operator.role);
  }

  private async full(number: string, role: OrderOperator['role']): Promise<{ data: AdminOrderFull }> {
    const order = await this.backOffice.detail(number, role);
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return { data: order };
  }

  @Post(':number/ship')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ships a placed order (cash on delivery, or a paid card order) with its tracking number; the buyer gets the shipped mail.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(ShipOrderBody)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_TRANSITION_REFUSED: the order cannot be shipped now')
  @ApiZodResponse(ErrorResponseSchema, 422, 'ORDER_TRACKING_NUMBER_REQUIRED / ORDER_TRACKING_NUMBER_INVALID')
  ship(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(ShipOrderBody)) body: Parsed<typeof ShipOrderBody>,
  ): Promise<{ data: AdminOrderDetail }> {
    return this.act(req, res, number, 'ship', body);
  }

  @Post(':number/deliver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Records the delivery of a shipped order.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(AdminOrderActionBody)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_TRANSITION_REFUSED: the order is not shipped')
  deliver(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(AdminOrderActionBody)) _body: Parsed<typeof AdminOrderActionBody>,
  ): Promise<{ data: AdminOrderDetail }> {
    return this.act(req, res, number, 'deliver');
  }

  @Post(':number/cash-received')
  @HttpCode(200)
  @ApiOperation({ summary: 'Records the cash of a cash-on-delivery order as received: payment paid.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(AdminOrderActionBody)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_TRANSITION_REFUSED: not cash on delivery, not awaiting payment, or cancelled')
  cashReceived(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(AdminOrderActionBody)) _body: Parsed<typeof AdminOrderActionBody>,
  ): Promise<{ data: AdminOrderDetail }> {
    return this.act(req, res, number, 'cash-received');
  }

  @Post(':number/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Cancels a placed order: its stock released, a paid card payment refunded through the provider (cash: recorded as handed back).',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(AdminOrderActionBody)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(
    ErrorResponseSchema,
    409,
    'ORDER_TRANSITION_REFUSED (already shipped), or PAYMENT_REFUND_REFUSED by the provider: nothing changed',
  )
  @ApiZodResponse(ErrorResponseSchema, 503, 'PAYMENT_PROVIDER_UNAVAILABLE: the refund could not be made; nothing changed')
  cancel(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(AdminOrderActionBody)) _body: Parsed<typeof AdminOrderActionBody>,
  ): Promise<{ data: AdminOrderDetail }> {
    return this.act(req, res, number, 'cancel');
  }

  @Post(':number/refund')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Refunds a paid order: card through the provider (never twice), cash recorded as handed back. Payment refunded.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(RefundOrderBody)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  @ApiZodResponse(
    ErrorResponseSchema,
    409,
    'ORDER_TRANSITION_REFUSED (not paid), or PAYMENT_REFUND_REFUSED by the provider: nothing changed',
  )
  @ApiZodResponse(ErrorResponseSchema, 503, 'PAYMENT_PROVIDER_UNAVAILABLE: the refund could not be made; nothing changed')
  refund(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
    @Body(new ZodBody(RefundOrderBody)) body: Parsed<typeof RefundOrderBody>,
  ): Promise<{ data: AdminOrderDetail }> {
    return this.act(req, res, number, 'refund', body);
  }

  private async act(
    req: Request,
    res: Response,
    number: string,
    action: AdminOrderAction,
    input?: { tracking_number?: string; amount?: number },
  ): Promise<{ data: AdminOrderDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    const valid = orderNumber(number);
    const operator = await this.operator(req);
    return { data: actionsFor(operator.role, await this.admin.act(valid, action, operator, input)) };
  }

  private async operator(req: Request): Promise<OrderOperator> {
    const userId = currentUserId(req);
    const user = await this.profiles.get(userId);
    return { userId, email: user.email, role: user.role };
  }
}

/** The path's order number, or the 404 a missing order gets (a malformed number names no order). */
function orderNumber(raw: string): string {
  const { number } = OrderNumberParams.parse({ number: raw });
  if (number === null) throw new OrderError('ORDER_NOT_FOUND');
  return number;
}
