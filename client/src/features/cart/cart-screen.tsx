import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ApiErrorDetail } from '../../api/http';
import { formatEuro } from '../../../../contract/money';
import { Breadcrumb } from '../../components/breadcrumb';
import { EmptyPlateIllustration } from '../../components/illustrations';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { countryName, formatKg, freeDeliveryProgress, MAX_QUANTITY, MIN_QUANTITY, parseQuantity, sortedCountries } from './cart-helpers';
import type { CartLineView, CartView } from './cart-types';
import { useCart, type CartController, type ErrorScope } from './use-cart';
import styles from './cart.module.css';
import { TotalsList } from './totals-list';

/**
 * The cart screen (issue 3): lines with quantity and remove, coupon, destination and delivery, totals with
 * the VAT breakdown and the progress toward free delivery. The cart is the `['cart', locale]` query, read after
 * hydration (use-cart.ts, cart-api.ts); the server renders the frame with a busy placeholder. The region
 * the cart appears in is at least a screen tall (cart.module.css), so the footer never moves when it does.
 */
export function CartScreen() {
  const { t, locale } = useT();
  const controller = useCart(locale);
  const { status, cart } = controller;
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className={styles.page}>
      <Breadcrumb screen="cart" name="" />
      <h1 ref={headingRef} tabIndex={-1}>
        {t('screens.cart.heading')}
      </h1>
      {/* In the server's HTML, and larger than any one text of the cart that follows after hydration: the
          page's largest paint is the first one (docs/performance.md, 'Cart and checkout: nothing moves'). */}
      <p className={styles.lead}>{t('screens.cart.intro')}</p>
      <div className={styles.region} aria-busy={status === 'loading'} data-cart-status={status}>
        {status === 'loading' ? (
          <p className={styles.loading} role="status">
            {t('cartPage.loading')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <div className={styles.failed} role="alert">
            <p>{t('cartPage.loadFailed')}</p>
            <button type="button" className={styles.secondaryButton} onClick={controller.reload}>
              {t('cartPage.retry')}
            </button>
          </div>
        ) : null}
        {status === 'ready' && cart ? (
          cart.lines.length === 0 && cart.unavailable_lines.length === 0 ? (
            <EmptyCart />
          ) : (
            <FilledCart cart={cart} controller={controller} onLineRemoved={() => headingRef.current?.focus()} />
          )
        ) : null}
      </div>
    </div>
  );
}

function EmptyCart() {
  const { t } = useT();
  return (
    <section className={styles.empty} aria-labelledby="cart-empty-heading" data-cart-state="empty">
      <EmptyPlateIllustration />
      <h2 id="cart-empty-heading">{t('cartPage.emptyHeading')}</h2>
      <p>{t('cartPage.emptyText')}</p>
      <ScreenLink screen="webshop" className={styles.primaryButton}>
        {t('cartPage.continueShopping')}
      </ScreenLink>
    </section>
  );
}

function FilledCart({ cart, controller, onLineRemoved }: { cart: CartView; controller: CartController; onLineRemoved: () => void }) {
  const { t, locale } = useT();
  const money = (cents: number) => formatEuro(cents, locale);
  return (
    <div className={styles.layout} data-cart-state={cart.state}>
      <div className={styles.main}>
        <section aria-labelledby="cart-lines-heading">
          <h2 id="cart-lines-heading" className="visually-hidden">
            {t('cartPage.linesHeading')}
          </h2>
          <Errors details={controller.errors.page} />
          {cart.notices.length > 0 ? (
            // what the shop changed on its own (a guest cart merged at sign-in, cut to the stock)
            <ul className={styles.notices} role="status" data-cart-notices="">
              {cart.notices.map((notice) => (
                <li key={`${notice.code}:${notice.product_code}`}>{notice.message}</li>
              ))}
            </ul>
          ) : null}
          <ul className={styles.lines}>
            {cart.lines.map((line) => (
              <CartLine key={line.product_code} line={line} controller={controller} onRemoved={onLineRemoved} />
            ))}
          </ul>
        </section>
        {cart.unavailable_lines.length > 0 ? (
          <section aria-labelledby="cart-unavailable-heading" className={styles.unavailable}>
            <h2 id="cart-unavailable-heading">{t('cartPage.unavailableHeading')}</h2>
            <p>{t('cartPage.unavailableText')}</p>
            <ul>
              {cart.unavailable_lines.map((line) => (
                <li key={line.product_code}>
                  {line.name ?? line.product_code} × {line.quantity}{' '}
                  <button
                    type="button"
                    className={styles.linkButton}
                    disabled={controller.busy !== null}
                    onClick={() => void controller.change(`line:${line.product_code}`, { kind: 'remove', productCode: line.product_code })}
                  >
                    {t('cartPage.remove', { name: line.name ?? line.product_code })}
                  </button>
                  <Errors details={controller.errors[`line:${line.product_code}`]} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className={styles.forms}>
          <CouponForm cart={cart} controller={controller} />
          <DestinationForm cart={cart} controller={controller} />
        </div>
      </div>
      <aside className={styles.summary} aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading">{t('cartPage.summaryHeading')}</h2>
        <FreeDelivery cart={cart} />
        <TotalsList totals={cart} money={money} />
        {cart.lines.length > 0 ? (
          <ScreenLink screen="checkout" className={styles.primaryButton}>
            {t('cartPage.checkout')}
          </ScreenLink>
        ) : null}
        <ScreenLink screen="webshop" className={styles.secondaryLink}>
          {t('cartPage.continueShopping')}
        </ScreenLink>
      </aside>
    </div>
  );
}

function CartLine({ line, controller, onRemoved }: { line: CartLineView; controller: CartController; onRemoved: () => void }) {
  const { t, locale } = useT();
  const scope: ErrorScope = `line:${line.product_code}`;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState(false);
  const busy = controller.busy !== null;
  const errors = controller.errors[scope];

  const setQuantity = async (quantity: number) => {
    setLocalError(false);
    if (quantity === line.quantity) {
      setDraft(null);
      controller.clearError(scope);
      return;
    }
    // The field always shows what the cart holds: a refused change goes back to the cart's quantity, and the
    // API's message next to it says why (e.g. 'Only 3 packs of … are in stock.').
    await controller.change(scope, { kind: 'quantity', productCode: line.product_code, quantity });
    setDraft(null);
  };
  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null) return;
    const quantity = parseQuantity(draft);
    if (quantity === null) {
      setLocalError(true);
      return;
    }
    void setQuantity(quantity);
  };

  return (
    <li className={styles.line} data-product-code={line.product_code}>
      <div className={styles.lineName}>
        <ScreenLink screen="product" params={{ slug: line.slug }} className={styles.productLink}>
          {line.name}
        </ScreenLink>
        <span className={styles.code}>{t('cartPage.code', { code: line.product_code })}</span>
        <span className={styles.unitPrice}>
          {t('cartPage.unitPrice')}: {formatEuro(line.unit_price, locale)}
        </span>
      </div>
      <form className={styles.quantity} method="post" onSubmit={commit} noValidate>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('cartPage.decrease', { name: line.name })}
          disabled={busy || line.quantity <= MIN_QUANTITY}
          onClick={() => void setQuantity(line.quantity - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <label htmlFor={`${id}-qty`} className="visually-hidden">
          {t('cartPage.quantityLabel', { name: line.name })}
        </label>
        <input
          id={`${id}-qty`}
          className={styles.quantityInput}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={draft ?? String(line.quantity)}
          aria-invalid={localError}
          aria-describedby={localError || errors ? `${id}-err` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => commit()}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('cartPage.increase', { name: line.name })}
          disabled={busy || line.quantity >= MAX_QUANTITY}
          onClick={() => void setQuantity(line.quantity + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </form>
      <div className={styles.lineTotal}>
        <span className="visually-hidden">{t('cartPage.lineTotal')}: </span>
        {formatEuro(line.line_total, locale)}
      </div>
      <button
        type="button"
        className={styles.linkButton}
        disabled={busy}
        onClick={async () => {
          if (await controller.change(scope, { kind: 'remove', productCode: line.product_code })) onRemoved();
        }}
      >
        {t('cartPage.remove', { name: line.name })}
      </button>
      <div id={`${id}-err`} className={styles.lineErrors}>
        {localError ? (
          <p role="alert" className={styles.error}>
            {t('cartPage.quantityInvalid', { min: MIN_QUANTITY, max: MAX_QUANTITY })}
          </p>
        ) : null}
        <Errors details={errors} />
      </div>
    </li>
  );
}

function CouponForm({ cart, controller }: { cart: CartView; controller: CartController }) {
  const { t, locale } = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const errors = controller.errors.coupon;
  const coupon = cart.coupon;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (await controller.change('coupon', { kind: 'coupon', code: code.trim() })) setCode('');
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('cartPage.couponHeading')}</h2>
      {coupon ? (
        <div className={styles.couponState} data-coupon-valid={coupon.valid ? 'true' : 'false'}>
          {coupon.valid ? (
            <p>{t('cartPage.couponApplied', { code: coupon.code, discount: formatEuro(coupon.discount, locale) })}</p>
          ) : (
            <p role="alert" className={styles.warning}>
              {t('cartPage.couponInvalid', { code: coupon.code })} {coupon.problem?.message}
            </p>
          )}
          <button
            type="button"
            className={styles.linkButton}
            disabled={controller.busy !== null}
            onClick={() => void controller.change('coupon', { kind: 'remove-coupon' })}
          >
            {t('cartPage.couponRemove', { code: coupon.code })}
          </button>
        </div>
      ) : null}
      <form className={styles.inlineForm} method="post" onSubmit={apply} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-code`}>{t('cartPage.couponLabel')}</label>
          <input
            id={`${id}-code`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? `${id}-err` : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className={styles.secondaryButton} disabled={controller.busy !== null || code.trim() === ''}>
          {t('cartPage.couponApply')}
        </button>
      </form>
      <div id={`${id}-err`}>
        <Errors details={errors} />
      </div>
    </section>
  );
}

function DestinationForm({ cart, controller }: { cart: CartView; controller: CartController }) {
  const { t, locale } = useT();
  const id = useId();
  const [country, setCountry] = useState(cart.destination.country);
  const [postal, setPostal] = useState(cart.destination.postal_code ?? '');
  const countries = useMemo(() => sortedCountries(locale, (c) => countryName(c, locale)), [locale]);
  const errors = controller.errors.destination;
  const fieldErrors = (field: string) => errors?.filter((e) => e.field === field || (field === 'country' && e.field === undefined));
  const countryErrors = fieldErrors('country');
  const postalErrors = errors?.filter((e) => e.field === 'postal_code');
  const otherErrors = errors?.filter((e) => e.field !== 'country' && e.field !== 'postal_code' && e.field !== undefined);
  const { shipping } = cart;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void controller.change('destination', { kind: 'destination', country, postalCode: postal.trim() });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('cartPage.deliveryHeading')}</h2>
      <p className={styles.deliveryInfo} data-delivery-info>
        {t('cartPage.deliveryInfo', {
          country: countryName(cart.destination.country, locale),
          carrier: shipping.carrier,
          min: shipping.delivery_days.min,
          max: shipping.delivery_days.max,
        })}{' '}
        {t('cartPage.parcels', { count: shipping.parcels, weight: formatKg(shipping.weight_grams, locale) })}
      </p>
      <form className={styles.destinationForm} method="post" onSubmit={save} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>{t('cartPage.country')}</label>
          <select
            id={`${id}-country`}
            value={country}
            aria-invalid={countryErrors?.length ? true : undefined}
            aria-describedby={countryErrors?.length ? `${id}-country-err` : undefined}
            onChange={(e) => setCountry(e.target.value)}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <div id={`${id}-country-err`}>
            <Errors details={countryErrors} />
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-postal`}>{t('cartPage.postalCode')}</label>
          <input
            id={`${id}-postal`}
            type="text"
            autoComplete="postal-code"
            value={postal}
            aria-invalid={postalErrors?.length ? true : undefined}
            aria-describedby={postalErrors?.length ? `${id}-postal-err` : undefined}
            onChange={(e) => setPostal(e.target.value)}
          />
          <div id={`${id}-postal-err`}>
            <Errors details={postalErrors} />
          </div>
        </div>
        <button type="submit" className={styles.secondaryButton} disabled={controller.busy !== null}>
          {t('cartPage.destinationSave')}
        </button>
      </form>
      <Errors details={otherErrors} />
    </section>
  );
}

function FreeDelivery({ cart }: { cart: CartView }) {
  const { t, locale } = useT();
  const id = useId();
  const progress = freeDeliveryProgress(cart);
  if (!progress) {
    return cart.lines.length > 0 ? <p className={styles.note}>{t('cartPage.freeDeliveryOnlyHr')}</p> : null;
  }
  if (progress.done) {
    return (
      <p className={styles.congratulation} data-free-delivery="reached">
        {t('cartPage.freeDeliveryReached')}
      </p>
    );
  }
  const missing = formatEuro(progress.missing, locale);
  return (
    <div className={styles.progress} data-free-delivery="missing">
      <p id={`${id}-label`}>{t('cartPage.freeDeliveryMissing', { amount: missing })}</p>
      <progress
        className={styles.progressBar}
        max={progress.threshold}
        value={progress.reached}
        aria-labelledby={`${id}-label`}
        aria-valuetext={t('cartPage.freeDeliveryValue', {
          reached: formatEuro(progress.reached, locale),
          threshold: formatEuro(progress.threshold, locale),
        })}
      />
    </div>
  );
}

function Errors({ details }: { details: ApiErrorDetail[] | undefined }) {
  const { t } = useT();
  if (!details || details.length === 0) return null;
  return (
    <div role="alert" className={styles.error}>
      {details.map((d, i) => (
        <p key={`${d.code}-${i}`}>{d.code === 'NETWORK_ERROR' || !d.message ? t('cartPage.networkError') : d.message}</p>
      ))}
    </div>
  );
}
