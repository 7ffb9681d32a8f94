import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import {
  isIdempotencyKey,
  OrderDetailQuery,
  OrderDetailResponse,
  OrderListResponse,
  OrderNumberParams,
  OrderTotalChangedError,
  PlaceOrderAnswer,
  PlaceOrderBody,
  RetryPaymentAnswer,
  RetryPaymentBody,
} from '../../../contract/api/order.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { CART_COOKIE, verifyCartCookie } from '../cart/index.js';
import { OrderError } from './order.errors.js';
import { OrderPlacement, type PlacementCaller } from './order-placement.js';
import { OrderPaymentRetry } from './order-payment-retry.js';
import { OrderViewTokens } from './order-view-token.js';
import { OrderReadService } from './order.service.js';
import type { OrderSummaryView, OrderView, PlaceOrderAnswer as PlaceOrderAnswerType } from './order.types.js';

/**
 * Orders over HTTP. The caller is `req.user` (the identity module's global IdentifyCaller guard
 * sets it from a valid access token) or a guest known by the signed `cart` cookie.
 *
 * - `GET /api/orders`: the signed-in user's orders; without one the module's own 401
 *   ORDER_AUTH_REQUIRED ('sign in to see your orders', in the caller's language).
 * - `POST /api/orders` (header `Idempotency-Key`): places an order from the caller's cart.
 * - `GET /api/orders/{number}`: one order, for its signed-in owner or whoever holds its view token
 *   (`?view_token=` or header `X-Order-Token`); everyone else gets the same 404 as for a missing order.
 */
@ApiTags('orders')
@Controller('api/orders')
export class OrderController {
  constructor(
    private readonly orders: OrderReadService,
    private readonly placement: OrderPlacement,
    private readonly tokens: OrderViewTokens,
    private readonly retries: OrderPaymentRetry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's orders, newest first, with their lines (money in cents)." })
  @ApiZodResponse(OrderListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (ORDER_AUTH_REQUIRED).')
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ data: OrderSummaryView[] }> {
    // private to one user: never cached, the refusal neither
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.orders.listForUser(userIdOf(req)) };
  }

  @Post()
  @ApiOperation({
    summary:
      "Places an order from the caller's cart (money in cents). 201 with the order, its view token and, for card, the hosted payment page's form; the same Idempotency-Key again answers the same order (200).",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: 'One per order attempt, 8 to 100 of A-Z a-z 0-9 _ - (a uuid). Repeat it on retries; never reuse it for another order.',
  })
  @ApiZodBody(PlaceOrderBody)
  @ApiZodResponse(PlaceOrderAnswer, 201, 'The order was placed')
  @ApiZodResponse(PlaceOrderAnswer, 200, 'This Idempotency-Key placed this order before: the same order')
  @ApiZodResponse(
    OrderTotalChangedError,
    409,
    'ORDER_TOTAL_CHANGED (with the new totals), ORDER_CART_EMPTY, ORDER_PRODUCT_UNAVAILABLE, CATALOG_OUT_OF_STOCK, ORDER_COUPON_UNAVAILABLE, ORDER_IDEMPOTENCY_CONFLICT: nothing was saved',
  )
  @ApiZodResponse(ErrorResponseSchema, 503, 'PAYMENT_PROVIDER_UNAVAILABLE: card payment cannot be started; nothing was saved')
  async place(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(PlaceOrderBody)) body: Parsed<typeof PlaceOrderBody>,
  ): Promise<PlaceOrderAnswerType> {
    res.setHeader('Cache-Control', 'no-store');
    const key = req.headers['idempotency-key'];
    if (!isIdempotencyKey(key)) throw new OrderError('ORDER_IDEMPOTENCY_KEY_INVALID', {}, 'Idempotency-Key');
    const result = await this.placement.place(this.caller(req), key, body, requestLocale(req));
    res.status(result.created ? 201 : 200);
    return { data: { order: result.order, view_token: result.viewToken, payment: result.payment } };
  }

  @Get(':number')
  @ApiOperation({ summary: 'One order, for its signed-in owner or the holder of its view token; anyone else: 404 ORDER_NOT_FOUND.' })
  @ApiZodParams(OrderNumberParams)
  @ApiZodQuery(OrderDetailQuery)
  @ApiHeader({ name: 'X-Order-Token', required: false, description: 'The view token, instead of ?view_token=' })
  @ApiZodResponse(OrderDetailResponse)
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order, or not yours (ORDER_NOT_FOUND)')
  async detail(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') rawNumber: string,
    @Query(new ZodQuery(OrderDetailQuery)) query: Parsed<typeof OrderDetailQuery>,
  ): Promise<{ data: OrderView }> {
    res.setHeader('Cache-Control', 'no-store');
    // the token may sit in the page's URL: never hand it on to another site
    res.setHeader('Referrer-Policy', 'no-referrer');
    const order = await this.visibleOrder(req, rawNumber, query.view_token);
    return { data: await this.orders.viewOf(order) };
  }

  @Post(':number/payment')
  @ApiOperation({
    summary:
      "A new card payment attempt for an order whose payment failed or was left unfinished ('try again'): the hosted page's form. For its owner or the holder of its view token.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(RetryPaymentBody)
  @ApiZodResponse(RetryPaymentAnswer, 201, 'A new payment attempt: the form to post to the hosted page')
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order, or not yours (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_PAYMENT_NOT_RETRYABLE: paid, refunded, cancelled or cash on delivery')
  async retryPayment(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') rawNumber: string,
    @Body(new ZodBody(RetryPaymentBody)) body: Parsed<typeof RetryPaymentBody>,
  ): Promise<RetryPaymentAnswer> {
    res.setHeader('Cache-Control', 'no-store');
    const order = await this.visibleOrder(req, rawNumber, body.view_token);
    return { data: { payment: await this.retries.retry(order.number) } };
  }

  /** The order for its signed-in owner or a holder of its view token; missing and forbidden answer alike (404). */
  private async visibleOrder(req: Request, rawNumber: string, viewToken: unknown) {
    const { number } = OrderNumberParams.parse({ number: rawNumber });
    const order = number === null ? null : await this.orders.findByNumber(number);
    const userId = signedInUserId(req);
    const token = viewToken ?? req.headers['x-order-token'];
    const allowed = !!order && ((!!userId && order.userId === userId) || this.tokens.verify(token, order));
    if (!order || !allowed) throw new OrderError('ORDER_NOT_FOUND');
    return order;
  }

  private caller(req: Request): PlacementCaller {
    const userId = signedInUserId(req);
    if (userId) return { userId };
    return { guestCartId: verifyCartCookie(this.config.secretKey, req.cookies?.[CART_COOKIE]) };
  }
}

function signedInUserId(req: Request): string | undefined {
  return (req as Request & { user?: { id?: string } }).user?.id || undefined;
}

/** The signed-in user's id, or a 401 refusal. */
function userIdOf(req: Request): string {
  const userId = signedInUserId(req);
  if (!userId) throw new OrderError('ORDER_AUTH_REQUIRED');
  return userId;
}
