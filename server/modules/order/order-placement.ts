import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { PaymentFormView, PlaceOrderInput } from '../../../contract/api/order.js';
import { countryName } from '../../../contract/countries.js';
import { formatEuro } from '../../../contract/money.js';
import {
  CartError,
  CartService,
  CouponService,
  customerKeyOf,
  normalizePostalCode,
  POSTAL_CODE_FORMATS,
  type CartOwner,
} from '../cart/index.js';
import { CatalogService } from '../catalog/index.js';
import { CARD_MAX_AMOUNT_CENTS, CARD_MIN_AMOUNT_CENTS, isCardAmount } from '../payment/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { localizedMessage, type Locale } from '../../platform/i18n/index.js';
import { Order } from './order.entity.js';
import { OrderError, OrderTotalChangedError } from './order.errors.js';
import { OrderPlaced } from './events/order.events.js';
import { OrderHistoryRepository } from './admin/order-history.repository.js';
import { OrderViewTokens } from './order-view-token.js';
import { OrderWriter } from './order-writer.js';
import { totalsDetail } from './order-totals.js';
import { OrderReadService, toOrderView } from './order.service.js';
import type { OrderView } from './order.types.js';
import { PAYMENT_STARTER, type PaymentStarter } from './payment-port.js';

/** Who places the order: a signed-in user, or a guest known by the cart cookie (or not at all). */
export type PlacementCaller = { userId: string } | { guestCartId: string | undefined };

export interface PlacementResult {
  /** false: the same Idempotency-Key was used before by this caller; this is that order. */
  created: boolean;
  order: OrderView;
  viewToken: string;
  /** The hosted payment page's form for a card order still awaiting payment; null otherwise. */
  payment: PaymentFormView | null;
}

/**
 * Places an order from the caller's cart in ONE transaction (docs/orders.md, 'Placing an order'):
 * the cart row locked, the Idempotency-Key looked up in the caller's scope, the cart repriced and
 * compared with the total the shopper confirmed, stock reserved (no oversell), the order written
 * with its number, the coupon redeemed within its limits, the cart emptied, `order.placed` in the
 * outbox, and for a card order the payment form from the PaymentStarter port. Any refusal rolls
 * everything back: no order, no number, no stock taken, no coupon used.
 */
@Injectable()
export class OrderPlacement {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly carts: CartService,
    private readonly coupons: CouponService,
    private readonly catalog: CatalogService,
    private readonly writer: OrderWriter,
    private readonly reader: OrderReadService,
    private readonly tokens: OrderViewTokens,
    private readonly events: EventPublisher,
    private readonly history: OrderHistoryRepository,
    @Inject(PAYMENT_STARTER) private readonly payments: PaymentStarter,
  ) {}

  async place(
    caller: PlacementCaller,
    idempotencyKey: string,
    input: PlaceOrderInput,
    locale: Locale,
    now: Date = new Date(),
  ): Promise<PlacementResult> {
    const body = withPostalCodes(input, locale);
    const owner: CartOwner = 'userId' in caller ? { userId: caller.userId } : { guestCartId: caller.guestCartId };
    const scope = 'userId' in caller ? `user:${caller.userId}` : caller.guestCartId ? `cart:${caller.guestCartId}` : null;
    // a guest without a cart cookie has nothing to order (and no scope a retry could find)
    if (!scope) throw new OrderError('ORDER_CART_EMPTY');
    try {
      return await this.db.transaction(async (m) => {
        // The cart row stays locked until commit: a second placement of this caller (a double
        // click, a retry) waits here, then finds the first one's order by its key.
        const cart = await this.carts.checkoutCart(m, owner, locale, body.delivery_address.country);
        const previous = await this.previous(m, scope, idempotencyKey, body);
        if (previous) return previous;
        if (!cart || (!cart.lines.length && !cart.unavailable.length)) throw new OrderError('ORDER_CART_EMPTY');
        if (cart.unavailable.length)
          throw new OrderError('ORDER_PRODUCT_UNAVAILABLE', { names: cart.unavailable.map((u) => u.name).join(', ') });
        if (cart.totals.total !== body.expected_total) {
          throw new OrderTotalChangedError(
            { total: formatEuro(cart.totals.total, locale), expected: formatEuro(body.expected_total, locale) },
            totalsDetail(cart.totals),
          );
        }
        if (body.payment_method === 'card' && !isCardAmount(cart.totals.total)) {
          throw new OrderError(
            'ORDER_CARD_AMOUNT_OUT_OF_RANGE',
            {
              min: formatEuro(CARD_MIN_AMOUNT_CENTS, locale),
              max: formatEuro(CARD_MAX_AMOUNT_CENTS, locale),
              total: formatEuro(cart.totals.total, locale),
            },
            'payment_method',
          );
        }

        // Everything that touches only this caller's rows first (the cart is locked by us
        // already): the cart emptied, the order written with a provisional number, its view read.
        // The rows every placement queues for (the product's stock, the coupon, the year's number
        // counter) are taken last, so each is held for a few round trips before COMMIT rather than
        // the whole placement (docs/performance.md). A refusal still rolls everything back, and the
        // refusals keep their order: stock, then coupon, then the payment's data.
        await this.carts.emptyCart(m, cart.cartId);
        const userId = 'userId' in caller ? caller.userId : null;
        const written = await this.writer.insertUnnumbered(
          m,
          {
            userId,
            email: body.email,
            paymentMethod: body.payment_method,
            lines: cart.lines,
            discount: cart.totals.discount,
            couponCode: cart.couponCode,
            delivery: cart.totals.delivery,
            deliveryVatRate: cart.deliveryVatRate,
            deliveryAddress: body.delivery_address,
            billingAddress: body.billing_address ?? null,
            r1Invoice: body.r1_invoice ?? null,
            phone: body.phone,
            courierNote: body.courier_note ?? null,
            remark: body.remark ?? null,
            locale,
            idempotencyScope: scope,
            idempotencyKey,
          },
          now,
        );
        const { row } = written;
        const unnumbered = toOrderView(row, written.lines, written.vats);

        await this.catalog.reserveStock(
          m,
          cart.lines.map((l) => ({ code: l.productCode, quantity: l.quantity })),
          locale,
        );
        if (cart.couponCode) {
          const customerKey = customerKeyOf(owner) ?? `email:${body.email}`;
          await this.coupons
            .redeem(m, cart.couponCode, customerKey, written.id, {
              subtotal: cart.totals.subtotal,
              discount: cart.totals.discount,
              earlierOrders: () => this.writer.earlierOrders(m, written.id, userId, body.email),
              now,
              locale,
            })
            .catch((err: unknown) => {
              if (err instanceof CartError) {
                const reason = localizedMessage(err.code, locale, err.params) ?? err.message;
                throw new OrderError('ORDER_COUPON_UNAVAILABLE', { code: cart.couponCode!, reason });
              }
              throw err;
            });
        }
        row.number = await this.writer.number(m, written.id, now);
        const order: OrderView = { ...unnumbered, number: row.number };
        await this.history.record(m, row.id, 'placed', row.email, `${row.paymentMethod}, ${formatEuro(row.total, 'hr')}`);
        await this.events.publish(
          m,
          new OrderPlaced({
            orderId: row.id,
            orderNumber: row.number,
            userId,
            email: row.email,
            locale,
            paymentMethod: row.paymentMethod,
            total: row.total,
            placedAt: row.placedAt.toISOString(),
          }),
        );
        const payment = row.paymentMethod === 'card' ? await this.payments.start({ ...order, id: row.id }, m) : null;
        return { created: true, order, viewToken: this.tokens.sign(row, now), payment };
      });
    } catch (err) {
      // two placements with one key that did not meet on the cart's lock (e.g. a user without a
      // cart row yet): the unique key let one in; the other answers with its order
      if (isIdempotencyViolation(err)) {
        const previous = await this.previous(this.db.manager, scope, idempotencyKey, body);
        if (previous) return previous;
      }
      throw err;
    }
  }

  /** The order this caller placed with this key: the same request answers it again, a different one is a 409. */
  private async previous(m: EntityManager, scope: string, key: string, body: PlaceOrderInput): Promise<PlacementResult | null> {
    const row = await this.reader.findByIdempotencyKey(scope, key, m);
    if (!row) return null;
    if (!sameRequest(row, body)) throw new OrderError('ORDER_IDEMPOTENCY_CONFLICT', {}, 'Idempotency-Key');
    const order = await this.reader.viewOf(row, m);
    const payment =
      row.paymentMethod === 'card' && row.paymentStatus === 'awaiting_payment' && row.fulfilmentStatus === 'placed'
        ? await this.payments.start({ ...order, id: row.id }, m)
        : null;
    return { created: false, order, viewToken: this.tokens.sign(row), payment };
  }
}

/**
 * The body with each postal code in its country's form ("si-1000" -> "1000"), checked with the
 * cart's delivery rules; the first that does not fit its country is a 422 naming its field.
 */
function withPostalCodes(body: PlaceOrderInput, locale: Locale): PlaceOrderInput {
  const fix = <A extends { postal_code: string; country: string }>(address: A, field: string): A => {
    const code = normalizePostalCode(address.country, address.postal_code);
    if (code) return { ...address, postal_code: code };
    const format = POSTAL_CODE_FORMATS[address.country];
    throw format
      ? new OrderError(
          'ORDER_POSTAL_CODE_MISMATCH',
          { country: countryName(address.country, locale), example: format.example },
          `${field}.postal_code`,
        )
      : new OrderError('ORDER_POSTAL_CODE_INVALID', {}, `${field}.postal_code`);
  };
  return {
    ...body,
    delivery_address: fix(body.delivery_address, 'delivery_address'),
    ...(body.billing_address ? { billing_address: fix(body.billing_address, 'billing_address') } : {}),
    ...(body.r1_invoice ? { r1_invoice: fix(body.r1_invoice, 'r1_invoice') } : {}),
  };
}

/** Whether a stored order was placed by this very request (what the body says, compared with what the order keeps). */
function sameRequest(order: Order, body: PlaceOrderInput): boolean {
  return (
    order.email === body.email &&
    order.phone === body.phone &&
    order.paymentMethod === body.payment_method &&
    order.total === body.expected_total &&
    canonical(order.deliveryAddress) === canonical(body.delivery_address) &&
    canonical(order.billingAddress) === canonical(body.billing_address ?? null) &&
    canonical(order.r1Invoice) === canonical(body.r1_invoice ?? null) &&
    order.courierNote === (body.courier_note ?? null) &&
    order.remark === (body.remark ?? null)
  );
}

/** JSON with sorted keys (jsonb does not keep the key order). */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function isIdempotencyViolation(err: unknown): boolean {
  const driver = err instanceof QueryFailedError ? (err.driverError as { code?: string; constraint?: string }) : undefined;
  return driver?.code === '23505' && driver.constraint === 'shop_order_idempotency_key';
}
