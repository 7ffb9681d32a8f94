import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import {
  CancelPendingOrderBody,
  isIdempotencyKey,
  isOrderNumber,
  isPendingOrder,
  PendingOrderActionAnswer,
  PendingOrderResponse,
  SwitchToCodBody,
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
import { currentUser } from '../../platform/auth/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { COOKIE_NAMES } from '../../../contract/cookies.js';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_MS, signCartId, verifyCartCookie, type CartOwner } from '../cart/index.js';
import { PendingOrderActions } from './pending/pending-order.service.js';
import { OrderError } from './order.errors.js';
import { OrderPlacement, type PlacementCaller } from './order-placement.js';
import { OrderPaymentRetry } from './order-payment-retry.js';
import { OrderAccess } from './order-access.js';
import { OrderViewTokens } from './order-view-token.js';
import { OrderReadService } from './order.service.js';
import type { OrderSummaryView, OrderView, PlaceOrderAnswer as PlaceOrderAnswerType } from './order.types.js';

/**
 * Orders over HTTP. The caller is `currentUser(req)` (platform/auth's global IdentifyCaller guard
 * sets it from a valid access token) or a guest known by the signed `cart` cookie.
 *
 * - `GET /api/orders`: the signed-in user's orders; without one the module's own 401
 *   ORDER_AUTH_REQUIRED ('sign in to see your orders', in the caller's language).
 * - `POST /api/orders` (header `Idempotency-Key`): places an order from the caller's cart.
 * - `GET /api/orders/{number}`: one order, for its signed-in owner or whoever holds its view token
 *   (`?view_token=` or header `X-Order-Token`); everyone else gets the same 404 as for a missing order.
 * - The pending order (docs/orders.md): `GET /api/orders/pending` (the caller's unpaid card order: the
 *   signed-in user's latest, else the one the httpOnly `pending_order` cookie names, set when a card
 *   order is placed or paid again), `POST /api/orders/{number}/cash-on-delivery` and `.../cancel`.
 */
@ApiTags('orders')
@Controller('api/orders')
export class OrderController {
  constructor(
    private readonly orders: OrderReadService,
    private readonly placement: OrderPlacement,
    private readonly tokens: OrderViewTokens,
    private readonly retries: OrderPaymentRetry,
    private readonly pending: PendingOrderActions,
    private readonly access: OrderAccess,
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
    if (result.payment) this.rememberPending(res, result.viewToken);
    res.status(result.created ? 201 : 200);
    return { data: { order: result.order, view_token: result.viewToken, payment: result.payment } };
  }

  @Get('pending')
  @ApiOperation({
    summary:
      "The caller's pending order (an unpaid card order that can still be paid, switched to cash on delivery or cancelled) with a view token, or null: the signed-in user's latest, else the one this browser placed (httpOnly cookie pending_order).",
  })
  @ApiZodResponse(PendingOrderResponse)
  async pendingOrder(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PendingOrderResponse> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const userId = signedInUserId(req);
    if (userId) {
      const own = await this.pending.latestPendingForUser(userId);
      if (own) return { data: { order: await this.orders.viewOf(own), view_token: this.tokens.sign(own) } };
    }
    const token: unknown = req.cookies?.[COOKIE_NAMES.pendingOrder];
    if (token === undefined) return { data: null };
    const number = typeof token === 'string' ? token.split('.')[0] : undefined;
    const order = isOrderNumber(number) ? await this.orders.findByNumber(number) : null;
    if (order && this.tokens.verify(token, order)) {
      const view = await this.orders.viewOf(order);
      if (isPendingOrder(view)) return { data: { order: view, view_token: token as string } };
    }
    // paid, switched, cancelled, expired or not genuine: nothing pending any more
    this.forgetPending(res);
    return { data: null };
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
    const payment = await this.retries.retry(order.number);
    this.rememberPending(res, this.tokens.sign(order));
    return { data: { payment } };
  }

  @Post(':number/cash-on-delivery')
  @ApiOperation({
    summary:
      'Switches a pending card order to cash on delivery (stock still held, lines priced again). A changed total is 409 ORDER_TOTAL_CHANGED with the new totals until the body accepts it as expected_total. For its owner or the holder of its view token.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(SwitchToCodBody)
  @ApiZodResponse(PendingOrderActionAnswer, 200, 'The order, now cash on delivery (also when it already was)')
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order, or not yours (ORDER_NOT_FOUND)')
  @ApiZodResponse(
    OrderTotalChangedError,
    409,
    'ORDER_TOTAL_CHANGED (with the new totals: nothing changed), ORDER_NOT_PENDING (paid, shipped, cancelled or expired)',
  )
  async switchToCashOnDelivery(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') rawNumber: string,
    @Body(new ZodBody(SwitchToCodBody)) body: Parsed<typeof SwitchToCodBody>,
  ): Promise<PendingOrderActionAnswer> {
    res.setHeader('Cache-Control', 'no-store');
    const order = await this.visibleOrder(req, rawNumber, body.view_token);
    const view = await this.pending.switchToCashOnDelivery(order.number, body.expected_total, requestLocale(req));
    this.forgetPending(res);
    res.status(200);
    return { data: { order: view } };
  }

  @Post(':number/cancel')
  @ApiOperation({
    summary:
      "The buyer cancels a pending card order: stock released, the coupon given back, the lines put back into the caller's cart. A cancelled order answers unchanged. For its owner or the holder of its view token.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(OrderNumberParams)
  @ApiZodBody(CancelPendingOrderBody)
  @ApiZodResponse(PendingOrderActionAnswer, 200, 'The order, now cancelled (also when it already was)')
  @ApiZodResponse(ErrorResponseSchema, 404, 'No such order, or not yours (ORDER_NOT_FOUND)')
  @ApiZodResponse(ErrorResponseSchema, 409, 'ORDER_NOT_PENDING: paid, shipped or cash on delivery')
  async cancelPending(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('number') rawNumber: string,
    @Body(new ZodBody(CancelPendingOrderBody)) body: Parsed<typeof CancelPendingOrderBody>,
  ): Promise<PendingOrderActionAnswer> {
    res.setHeader('Cache-Control', 'no-store');
    const order = await this.visibleOrder(req, rawNumber, body.view_token);
    const caller = this.caller(req);
    const owner: CartOwner = 'userId' in caller ? { userId: caller.userId } : { guestCartId: caller.guestCartId };
    const result = await this.pending.cancel(order.number, owner);
    if (result.cartId && !('userId' in caller)) {
      res.cookie(CART_COOKIE, signCartId(this.config.secretKey, result.cartId), {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure(),
        path: '/',
        maxAge: CART_COOKIE_MAX_AGE_MS,
      });
    }
    this.forgetPending(res);
    res.status(200);
    return { data: { order: result.order } };
  }

  /** This browser's pending card order: its view token in an httpOnly cookie (GET /api/orders/pending reads it). */
  private rememberPending(res: Response, viewToken: string): void {
    res.cookie(COOKIE_NAMES.pendingOrder, viewToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure(),
      path: '/',
      maxAge: PENDING_COOKIE_MAX_AGE_MS,
    });
  }

  private forgetPending(res: Response): void {
    res.clearCookie(COOKIE_NAMES.pendingOrder, { httpOnly: true, sameSite: 'lax', secure: this.secure(), path: '/' });
  }

  private secure(): boolean {
    return this.config.http.publicUrl.startsWith('https://');
  }

  /** The order for its signed-in owner or a holder of its view token; missing and forbidden answer alike (404). */
  private visibleOrder(req: Request, rawNumber: string, viewToken: unknown) {
    return this.access.visibleOrder(req, rawNumber, viewToken);
  }

  private caller(req: Request): PlacementCaller {
    const userId = signedInUserId(req);
    if (userId) return { userId };
    return { guestCartId: verifyCartCookie(this.config.secretKey, req.cookies?.[CART_COOKIE]) };
  }
}

/** How long a browser remembers its pending card order (unpaid card orders expire long before). */
const PENDING_COOKIE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function signedInUserId(req: Request): string | undefined {
  return currentUser(req)?.id || undefined;
}

/** The signed-in user's id, or a 401 refusal. */
function userIdOf(req: Request): string {
  const userId = signedInUserId(req);
  if (!userId) throw new OrderError('ORDER_AUTH_REQUIRED');
  return userId;
}
