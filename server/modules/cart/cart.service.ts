import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogService, type CartProductView } from '../catalog/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DEFAULT_LOCALE, localizedMessage, type Locale } from '../../platform/i18n/index.js';
import { RateLimitedError, RateLimitService, type RateLimitRule } from '../../platform/rate-limit/index.js';
import type { Cart, CartLine, StoredCartNotice } from './cart.entity.js';
import { CartRepository } from './cart.repository.js';
import { noticeViews } from './cart-notices.js';
import { CartError } from './cart.errors.js';
import { computeTotals, type Totals } from './cart-totals.js';
import { normalizeCouponCode } from './coupon-rules.js';
import { CouponService, refusalError, refusalParams } from './coupon.service.js';
import { DELIVERY_CONFIG, POSTAL_CODE_FORMATS } from './delivery.config.js';
import { normalizePostalCode, quoteDelivery, zoneOf } from './delivery.js';
import { countryName } from '../../../contract/countries.js';
import { MAX_QUANTITY } from '../../../contract/limits.js';
import { formatEuro } from '../../../contract/money.js';
import { deliveryVatRateFor, vatCountryFor, vatRateFor } from '../../../contract/vat.js';
import type { CartCouponView, CartOwner, CartView } from './cart.types.js';

/** The window of the wrong-coupon-code budgets (COUPON_GUESS_LIMIT_PER_IP / _PER_CART). */
const COUPON_GUESS_WINDOW = 15 * 60;

/** Most packs of one product in one cart (and order): the contract's limit. */
export { MAX_QUANTITY };

export interface AddItemInput {
  productCode: string;
  quantity: number;
  /** The unit price (gross cents) the shopper saw; a different current price is refused. */
  expectedUnitPrice?: number;
}

/** A cart priced for checkout (`CartService.checkoutCart`). */
export interface CheckoutCart {
  cartId: string;
  /** The purchasable lines, in the cart's order, at today's prices in the request's language. */
  lines: Array<{ productCode: string; name: string; unitPrice: number; quantity: number; vatRate: number }>;
  /** Lines whose product cannot be bought now (soon available again, or gone). */
  unavailable: Array<{ productCode: string; name: string }>;
  /** The coupon giving the discount, or null. */
  couponCode: string | null;
  totals: Totals;
  /** Delivery's VAT rate for this destination (contract/vat.ts `deliveryVatRateFor`). */
  deliveryVatRate: number;
}

/** The cart's answer to a request: its id (undefined when the owner has none yet) and its view. */
export interface CartResult {
  cartId: string | undefined;
  cart: CartView;
}

/**
 * Carts of guests and registered users. Every change runs in one transaction that first locks
 * the cart row (SELECT … FOR UPDATE), so concurrent requests on one cart queue up and none is
 * lost; a refused change throws before anything is written, and the rollback undoes even the
 * creation of a new cart.
 */
@Injectable()
export class CartService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly coupons: CouponService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly carts: CartRepository,
  ) {}

  /**
   * The cart as it is: the cart row with its lines in one statement, then their products (the
   * catalog's productsForCart, one statement; none for an empty cart), then, with a coupon, its
   * check. No lock: nothing is written.
   */
  async get(owner: CartOwner, locale: Locale): Promise<CartResult> {
    const found = await this.carts.findWithLines(this.db.manager, owner);
    const cart = found?.cart ?? null;
    return { cartId: cart?.id, cart: await this.build(cart, owner, locale, this.db.manager, undefined, found?.lines) };
  }

  async addItem(owner: CartOwner, input: AddItemInput, locale: Locale): Promise<CartResult> {
    const product = await this.product(input.productCode, locale, this.db.manager);
    if (input.expectedUnitPrice !== undefined && input.expectedUnitPrice !== product.unitPrice) {
      throw new CartError(
        'CART_PRICE_CHANGED',
        { name: product.name, price: formatEuro(product.unitPrice, locale), price_cents: product.unitPrice },
        'expected_unit_price',
      );
    }
    return this.change(
      owner,
      locale,
      true,
      async (m, cart) => {
        // One statement adds the packs and answers the new quantity (nothing when the line would
        // pass the limit, which the table's CHECK also guards); a refusal below rolls it back.
        const quantity = await this.carts.addPacks(m, cart.id, product.code, input.quantity, MAX_QUANTITY);
        if (quantity === undefined) {
          const line = await this.carts.findLine(m, cart.id, product.code);
          throw new CartError('CART_QUANTITY_LIMIT', { name: product.name, in_cart: line?.quantity ?? 0 }, 'quantity');
        }
        this.checkStock(product, quantity);
      },
      new Map([[product.code, product]]),
    );
  }

  async setQuantity(owner: CartOwner, productCode: string, quantity: number, locale: Locale): Promise<CartResult> {
    return this.change(owner, locale, false, async (m, cart) => {
      const line = cart && (await this.carts.findLine(m, cart.id, productCode));
      if (!line) throw new CartError('CART_LINE_NOT_FOUND', { code: productCode }, 'product_code');
      const product = await this.product(productCode, locale, m);
      this.checkStock(product, quantity);
      await this.carts.setQuantity(m, line.cartId, productCode, quantity);
    });
  }

  /** Removing a line that is not (or no longer) in the cart is not an error: the answer is the cart without it. */
  async removeItem(owner: CartOwner, productCode: string, locale: Locale): Promise<CartResult> {
    return this.change(owner, locale, false, async (m, cart) => {
      if (cart) await this.carts.deleteLine(m, cart.id, productCode);
    });
  }

  /**
   * Wrong (unknown) codes count per client IP and per cart (per account when signed in); once
   * either budget is spent every code is refused with 429 until the window has passed, so codes
   * cannot be guessed by the thousand, while a shopper's typos and real codes go through.
   */
  async applyCoupon(owner: CartOwner, rawCode: string, locale: Locale, ip: string | null = null): Promise<CartResult> {
    const code = normalizeCouponCode(rawCode);
    const budgets = this.couponGuessBudgets(owner, ip);
    for (const { rule, key } of budgets) {
      const wait = await this.limits.blockedFor(rule, key);
      if (wait) throw new RateLimitedError(wait, 'COUPON_RATE_LIMITED', 'code');
    }
    try {
      return await this.change(owner, locale, true, async (m, cart) => {
        const { subtotal } = await this.goods(m, cart, locale);
        const checked = await this.coupons.check(code, { subtotal, customerKey: customerKeyOf(owner) }, m);
        if (!checked) throw new CartError('COUPON_UNKNOWN', {}, 'code');
        if (!checked.verdict.ok) throw refusalError(checked.verdict.refusal, locale, subtotal);
        await this.carts.update(m, cart.id, { couponCode: checked.coupon.code });
      });
    } catch (err) {
      if (err instanceof CartError && err.code === 'COUPON_UNKNOWN') {
        for (const { rule, key } of budgets) {
          // Concurrent guesses that all passed the check above: the ones beyond the budget get 429.
          await this.limits.consume(rule, key).catch((limited: unknown) => {
            throw limited instanceof RateLimitedError
              ? new RateLimitedError(limited.retryAfterSeconds, 'COUPON_RATE_LIMITED', 'code')
              : limited;
          });
        }
      }
      throw err;
    }
  }

  async removeCoupon(owner: CartOwner, locale: Locale): Promise<CartResult> {
    return this.change(owner, locale, false, async (m, cart) => {
      if (cart) await this.carts.update(m, cart.id, { couponCode: null });
    });
  }

  async setDestination(owner: CartOwner, rawCountry: string, rawPostalCode: string, locale: Locale): Promise<CartResult> {
    const { country, postalCode } = validateDestination(rawCountry, rawPostalCode, locale);
    return this.change(owner, locale, true, async (m, cart) => {
      await this.carts.update(m, cart.id, { country, postalCode });
    });
  }

  /**
   * At login (called by the identity module): the guest cart joins the user's cart. Quantities of
   * the same product add up, capped at the stock and at 99, and the cart then carries a notice
   * naming each line that was cut (`notices` of the view); the guest's coupon is kept if it is
   * valid for the merged cart and the user (else the user's own, if valid); a destination the
   * guest chose wins. The guest cart is gone afterwards. Returns the user's cart id (undefined when neither had one).
   */
  async mergeGuestCart(guestCartId: string, userId: string): Promise<string | undefined> {
    const owner: CartOwner = { userId };
    return this.db.transaction(async (m) => {
      const guest = await this.carts.findGuestLocked(m, guestCartId);
      let mine = await this.carts.find(m, owner, true);
      if (!guest) return mine?.id;
      let notices: StoredCartNotice[] = [];
      if (!mine) {
        await this.carts.update(m, guest.id, { userId, updatedAt: new Date() });
        mine = { ...guest, userId };
      } else {
        notices = await this.mergeLines(m, guest.id, mine.id);
        const destination = guest.postalCode ? { country: guest.country, postalCode: guest.postalCode } : {};
        await this.carts.update(m, mine.id, { ...destination, updatedAt: new Date() });
        await this.carts.delete(m, guest.id);
      }
      const { subtotal } = await this.goods(m, mine, DEFAULT_LOCALE);
      let kept: string | null = null;
      for (const code of [guest.couponCode, mine.id === guest.id ? null : mine.couponCode]) {
        if (!code || kept) continue;
        const checked = await this.coupons.check(code, { subtotal, customerKey: customerKeyOf(owner) }, m);
        if (checked?.verdict.ok) kept = checked.coupon.code;
      }
      await this.carts.update(m, mine.id, { couponCode: kept, notices: notices.length ? notices : null });
      return mine.id;
    });
  }

  /**
   * For placing an order (order module), inside its transaction: locks the owner's cart row until
   * that transaction ends (a second placement or a cart change from the same owner waits) and
   * prices it like the cart view, with delivery to `country` (the order's delivery address). Null
   * when the owner has no cart. `coupon` is the code only while it gives its discount.
   */
  async checkoutCart(manager: EntityManager, owner: CartOwner, locale: Locale, country: string): Promise<CheckoutCart | null> {
    const cart = await this.carts.find(manager, owner, true);
    if (!cart) return null;
    if (!zoneOf(country)) throw new CartError('CART_DESTINATION_UNSUPPORTED', { country: countryName(country, locale) }, 'country');
    const { buyable, unavailable, coupon, totals, vatRate } = await this.price(cart, owner, locale, manager, country);
    return {
      cartId: cart.id,
      lines: buyable.map((b) => ({
        productCode: b.product.code,
        name: b.product.name,
        unitPrice: b.product.unitPrice,
        quantity: b.line.quantity,
        vatRate: vatRate(b.product),
      })),
      unavailable: unavailable.map((u) => ({ productCode: u.line.productCode, name: u.product?.name ?? u.line.productCode })),
      couponCode: coupon?.valid && coupon.discount > 0 ? coupon.code : null,
      totals,
      deliveryVatRate: deliveryVatRateFor(country, this.config.vat.oss),
    };
  }

  /** After an order took its lines (inside the order's transaction): the cart is empty again, without coupon or notices. */
  async emptyCart(manager: EntityManager, cartId: string): Promise<void> {
    await this.carts.empty(manager, cartId);
  }

  /**
   * For a buyer's cancel of a pending order (order module), inside its transaction: the order's lines
   * back into the owner's cart (created when there is none; a guest's cookie then names the new cart),
   * each added to what the cart holds, at most MAX_QUANTITY. Answers the cart's id.
   */
  async restoreLines(
    manager: EntityManager,
    owner: CartOwner,
    lines: ReadonlyArray<{ productCode: string; quantity: number }>,
  ): Promise<string> {
    const cart = (await this.carts.find(manager, owner, true)) ?? (await this.carts.create(manager, owner));
    for (const l of lines) await this.carts.addPacksCapped(manager, cart.id, l.productCode, l.quantity, MAX_QUANTITY);
    await this.carts.touch(manager, cart.id);
    return cart.id;
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * Moves the guest's lines into the user's cart: each line the sum of both, but no more than the
   * stock (when tracked, for a product that can be bought) and MAX_QUANTITY. Returns a notice per
   * line that was cut.
   */
  private async mergeLines(m: EntityManager, guestId: string, mineId: string): Promise<StoredCartNotice[]> {
    const guestLines = await this.carts.lines(m, guestId, false);
    if (!guestLines.length) return [];
    const own = new Map((await this.carts.lines(m, mineId, false)).map((l) => [l.productCode, l.quantity]));
    const products = await this.catalog.productsForCart(
      guestLines.map((l) => l.productCode),
      DEFAULT_LOCALE,
      new Date(),
      m,
    );
    const notices: StoredCartNotice[] = [];
    for (const line of guestLines) {
      const requested = (own.get(line.productCode) ?? 0) + line.quantity;
      const product = products.get(line.productCode);
      // Stock counts for products that can be bought now (then at least one pack is left); a
      // 'soon available again' line is kept as it is and checked when it can be bought again.
      const stock = product?.available && product.stock !== null ? product.stock : null;
      const quantity = Math.min(requested, MAX_QUANTITY, stock ?? MAX_QUANTITY);
      if (quantity < requested) {
        notices.push({
          code: stock !== null && stock < MAX_QUANTITY ? 'CART_MERGE_STOCK_CAPPED' : 'CART_MERGE_QUANTITY_CAPPED',
          product_code: line.productCode,
          requested,
          quantity,
        });
      }
      await this.carts.putLine(m, mineId, line.productCode, quantity, line.addedAt);
    }
    return notices;
  }

  /** The budgets of wrong coupon codes: the client IP's, and the account's or the guest cart's (a guest without a cart has none yet). */
  private couponGuessBudgets(owner: CartOwner, ip: string | null): Array<{ rule: RateLimitRule; key: string }> {
    const { guessLimitPerIp, guessLimitPerCart } = this.config.coupons;
    const budgets: Array<{ rule: RateLimitRule; key: string }> = [];
    if (ip) budgets.push({ rule: { name: 'coupon-ip', points: guessLimitPerIp, durationSeconds: COUPON_GUESS_WINDOW }, key: ip });
    const holder = 'userId' in owner ? `user:${owner.userId}` : owner.guestCartId ? `cart:${owner.guestCartId}` : null;
    if (holder)
      budgets.push({ rule: { name: 'coupon-cart', points: guessLimitPerCart, durationSeconds: COUPON_GUESS_WINDOW }, key: holder });
    return budgets;
  }

  private async product(code: string, locale: Locale, m: EntityManager): Promise<CartProductView> {
    const product = (await this.catalog.productsForCart([code], locale, new Date(), m)).get(code);
    if (!product) throw new CartError('CART_PRODUCT_NOT_FOUND', { code }, 'product_code');
    if (!product.available) throw new CartError('CART_PRODUCT_UNAVAILABLE', { name: product.name }, 'product_code');
    return product;
  }

  private checkStock(product: CartProductView, quantity: number): void {
    if (product.stock !== null && quantity > product.stock)
      throw new CartError('CART_STOCK_EXCEEDED', { name: product.name, stock: product.stock }, 'quantity');
  }

  /** Runs `fn` on the locked cart (created first when `create`) in one transaction, then answers the new state. */
  /** `known`: products this request already read (the one being added), so the answer does not read them again. */
  private change(
    owner: CartOwner,
    locale: Locale,
    create: true,
    fn: (m: EntityManager, cart: Cart) => Promise<void>,
    known?: Map<string, CartProductView>,
  ): Promise<CartResult>;
  private change(
    owner: CartOwner,
    locale: Locale,
    create: false,
    fn: (m: EntityManager, cart: Cart | null) => Promise<void>,
    known?: Map<string, CartProductView>,
  ): Promise<CartResult>;
  private async change(
    owner: CartOwner,
    locale: Locale,
    create: boolean,
    fn: (m: EntityManager, cart: Cart) => Promise<void>,
    known?: Map<string, CartProductView>,
  ): Promise<CartResult> {
    return this.db.transaction(async (m) => {
      let cart = await this.carts.find(m, owner, true);
      // a user's: ours, or one a concurrent request of this user made first, locked whichever it is
      if (!cart && create) cart = await this.carts.create(m, owner);
      await fn(m, cart as Cart);
      // The shopper has seen the cart and changed it: the shop's own notices are done. The row as
      // it is now comes back with the update (fn may have changed its coupon or destination).
      const fresh = cart ? await this.carts.markSeen(m, cart.id, new Date()) : null;
      return { cartId: fresh?.id, cart: await this.build(fresh, owner, locale, m, known) };
    });
  }

  /** The cart's lines with their products now; purchasable ones first, unavailable or gone ones apart. */
  /** `read`: the cart's lines when the caller already read them with the cart. */
  private async goods(m: EntityManager, cart: Cart | null, locale: Locale, known?: Map<string, CartProductView>, read?: CartLine[]) {
    const lines = read ?? (cart ? await this.carts.lines(m, cart.id) : []);
    const missing = lines.map((l) => l.productCode).filter((code) => !known?.has(code));
    const products = new Map<string, CartProductView>([
      ...(known ?? []),
      ...(missing.length ? await this.catalog.productsForCart(missing, locale, new Date(), m) : []),
    ]);
    const buyable = lines
      .filter((l) => products.get(l.productCode)?.available)
      .map((l) => ({ line: l, product: products.get(l.productCode)! }));
    const unavailable = lines
      .filter((l) => !products.get(l.productCode)?.available)
      .map((l) => ({ line: l, product: products.get(l.productCode) }));
    const subtotal = buyable.reduce((s, b) => s + b.product.unitPrice * b.line.quantity, 0);
    return { buyable, unavailable, subtotal };
  }

  /**
   * The cart's money now: its purchasable lines at today's prices, the coupon (when still valid for
   * this customer), delivery to `country` (default: the cart's destination) and the totals. The
   * cart view and the checkout share it, so an order costs exactly what the cart showed.
   */
  private async price(
    cart: Cart | null,
    owner: CartOwner,
    locale: Locale,
    m: EntityManager,
    country = cart?.country ?? 'HR',
    known?: Map<string, CartProductView>,
    lines?: CartLine[],
  ) {
    const { buyable, unavailable, subtotal } = await this.goods(m, cart, locale, known, lines);

    let coupon: CartCouponView | null = null;
    let discount = 0;
    if (cart?.couponCode) {
      const checked = await this.coupons.check(cart.couponCode, { subtotal, customerKey: customerKeyOf(owner) }, m);
      if (checked) {
        const c = checked.coupon;
        const ok = checked.verdict.ok;
        discount = checked.verdict.ok ? checked.verdict.discount : 0;
        const problem = checked.verdict.ok
          ? null
          : {
              code: checked.verdict.refusal.code,
              message:
                localizedMessage(checked.verdict.refusal.code, locale, refusalParams(checked.verdict.refusal, locale, subtotal)) ?? '',
            };
        coupon = { code: c.code, kind: c.kind, percent: c.percent, amount: c.amount, discount, valid: ok, problem };
      }
    }

    const zone = zoneOf(country) ?? 'HR';
    const weight = buyable.reduce((s, b) => s + b.product.weightGrams * b.line.quantity, 0);
    const quote = quoteDelivery({ zone, weightGrams: weight, goodsValue: subtotal - discount });
    // The rate in force for this destination (docs/invoicing/vat.md): the catalogue's Croatian rate,
    // or under the OSS the delivery country's rate for the product's class; gross prices stay as they are.
    const oss = this.config.vat.oss;
    const vatRate = (p: CartProductView) => vatRateFor({ country, productClass: p.vatClass, croatianRate: p.vatRate, oss });
    const totals = computeTotals({
      lines: buyable.map((b) => ({
        code: b.product.code,
        unitPrice: b.product.unitPrice,
        quantity: b.line.quantity,
        vatRate: vatRate(b.product),
      })),
      discount,
      delivery: quote.fee,
      deliveryVatRate: deliveryVatRateFor(country, oss),
    });
    return { buyable, unavailable, coupon, country, zone, weight, quote, totals, vatRate };
  }

  private async build(
    cart: Cart | null,
    owner: CartOwner,
    locale: Locale,
    m: EntityManager,
    known?: Map<string, CartProductView>,
    lines?: CartLine[],
  ): Promise<CartView> {
    const { buyable, unavailable, coupon, country, zone, weight, quote, totals, vatRate } = await this.price(
      cart,
      owner,
      locale,
      m,
      undefined,
      known,
      lines,
    );
    const itemCount = buyable.reduce((s, b) => s + b.line.quantity, 0);
    return {
      lines: buyable.map((b) => ({
        product_code: b.product.code,
        name: b.product.name,
        slug: b.product.slug,
        quantity: b.line.quantity,
        unit_price: b.product.unitPrice,
        line_total: b.product.unitPrice * b.line.quantity,
        vat_rate: vatRate(b.product),
        stock: b.product.stock,
      })),
      unavailable_lines: unavailable.map((u) => ({
        product_code: u.line.productCode,
        name: u.product?.name ?? null,
        quantity: u.line.quantity,
      })),
      subtotal: totals.subtotal,
      discount: totals.discount,
      delivery: totals.delivery,
      total: totals.total,
      vat_base: totals.vatBase,
      vat_total: totals.vatTotal,
      vat_by_rate: totals.vatByRate,
      vat_country: vatCountryFor(country, this.config.vat.oss),
      free_delivery: { applies: quote.freeDelivery.applies, missing: quote.freeDelivery.missing },
      coupon,
      notices: noticeViews(
        cart?.notices,
        new Map([
          ...buyable.map((b) => [b.line.productCode, b.product.name] as const),
          ...unavailable.flatMap((u) => (u.product ? [[u.line.productCode, u.product.name] as const] : [])),
        ]),
        locale,
      ),
      currency: 'EUR',
      state: itemCount === 0 ? 'empty' : quote.freeDelivery.reached ? 'free_delivery' : 'has_items',
      item_count: itemCount,
      destination: { country, postal_code: cart?.postalCode ?? null },
      shipping: {
        carrier: DELIVERY_CONFIG.carrier,
        zone,
        parcels: quote.parcels,
        weight_grams: weight,
        delivery_days: { ...DELIVERY_CONFIG.deliveryDays },
      },
    };
  }
}

/** The key coupon limits count per customer: registered users by id; guests are known only at checkout. */
export function customerKeyOf(owner: CartOwner): string | null {
  return 'userId' in owner ? `user:${owner.userId}` : null;
}

/** Country and postal code checked and normalized, or a 422 naming the field. */
export function validateDestination(rawCountry: string, rawPostalCode: string, locale: Locale): { country: string; postalCode: string } {
  const country = rawCountry.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new CartError('CART_COUNTRY_INVALID', {}, 'country');
  if (!zoneOf(country)) throw new CartError('CART_DESTINATION_UNSUPPORTED', { country: countryName(country, locale) }, 'country');
  const postalCode = normalizePostalCode(country, rawPostalCode);
  if (!postalCode) {
    const format = POSTAL_CODE_FORMATS[country];
    throw format
      ? new CartError('CART_POSTAL_CODE_INVALID', { country: countryName(country, locale), example: format.example }, 'postal_code')
      : new CartError('CART_POSTAL_CODE_MALFORMED', {}, 'postal_code');
  }
  return { country, postalCode };
}
