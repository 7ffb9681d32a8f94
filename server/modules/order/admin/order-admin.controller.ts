import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AdminOrderActionBody,
  AdminOrderDetailResponse,
  AdminOrderListQuery,
  AdminOrderListResponse,
  RefundOrderBody,
  ShipOrderBody,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderList,
} from '../../../../contract/api/admin-orders.js';
import { ErrorResponseSchema } from '../../../../contract/api/fields.js';
import { OrderNumberParams } from '../../../../contract/api/order.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../../platform/http/zod-validation.js';
import { currentUser, currentUserId, RequireOperator } from '../../../platform/auth/index.js';
import { ProfileService } from '../../identity/index.js';
import { OrderError } from '../order.errors.js';
import type { OrderOperator } from './order-administration.js';
import { OrderAdminService } from './order-admin.service.js';
import { actionsFor } from './operator-actions.js';

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
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Orders for operators, newest first, 25 a page, filtered by fulfilment status, payment status, method and number or e-mail.',
  })
  @ApiZodQuery(AdminOrderListQuery)
  @ApiZodResponse(AdminOrderListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (AUTH_REQUIRED)')
  @ApiZodResponse(ErrorResponseSchema, 403, 'Not an operator (AUTH_FORBIDDEN)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'An unknown filter value')
  async list(
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(AdminOrderListQuery)) query: Parsed<typeof AdminOrderListQuery>,
  ): Promise<{ data: AdminOrderList }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.admin.list(query) };
  }

  @Get(':number')
  @ApiOperation({ summary: 'One order for operators: the whole order, what it allows now, and its history.' })
  @ApiZodParams(OrderNumberParams)
  @ApiZodResponse(AdminOrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order (ORDER_NOT_FOUND)')
  async detail(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') number: string,
  ): Promise<{ data: AdminOrderDetail }> {
    res.setHeader('Cache-Control', 'no-store');
    const order = await this.admin.detail(orderNumber(number));
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return { data: actionsFor(currentUser(req)?.role, order) };
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
