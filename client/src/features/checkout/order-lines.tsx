import { formatEuro } from '../../../../contract/money';
import { formStyles } from '../../components/forms';
import { useT } from '../../hooks/use-locale';
import { countryName } from '../cart/cart-helpers';
import { formatDate } from '../catalog/format';
import { TotalsList } from '../cart/totals-list';
import styles from './checkout.module.css';

/*
 * An order as the checkout's confirmation, the pending order and the account's order page show it: its
 * addresses, its lines and totals.
 */

/** The first facts of an order's list of facts (a <dl>): its number and the date it was placed. */
export function OrderNumberAndDate({ order }: { order: { number: string; placed_at: string } }) {
  const { t, locale } = useT();
  return (
    <>
      <dt>{t('checkout.success.number')}</dt>
      <dd data-testid="order-number">{order.number}</dd>
      <dt>{t('account.order.date')}</dt>
      <dd>
        <time dateTime={order.placed_at}>{formatDate(order.placed_at, locale)}</time>
      </dd>
    </>
  );
}

/** A postal address as lines: the name (when it has one), street, postal code and town, country. */
export function AddressLines({
  a,
}: {
  a: { first_name?: string; last_name?: string; street: string; postal_code: string; city: string; country: string };
}) {
  const { locale } = useT();
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return (
    <p className={styles.address}>
      {name ? (
        <>
          {name}
          <br />
        </>
      ) : null}
      {a.street}
      <br />
      {a.postal_code} {a.city}
      <br />
      {countryName(a.country, locale)}
    </p>
  );
}

interface TotalsView {
  subtotal: number;
  discount: number;
  coupon_code: string | null;
  delivery: number;
  total: number;
  vat_base: number;
  vat_by_rate: Array<{ rate: number; base: number; vat: number }>;
  /** The member state whose VAT the totals carry (the cart's; an order's rows are simply its rates). */
  vat_country?: string;
}

/** The order's lines (code, unit price, quantity, line total) and its totals with the VAT per rate. */
export function OrderLinesAndTotals({
  lines,
  totals,
}: {
  lines: Array<{ product_code: string; name: string; unit_price: number; quantity: number; line_total: number }>;
  totals: TotalsView;
}) {
  const { t, locale } = useT();
  const money = (cents: number) => formatEuro(cents, locale);
  return (
    <section className={formStyles.panel} aria-labelledby="order-lines-heading" data-testid="order-lines">
      <h2 id="order-lines-heading">{t('checkout.confirm.lines')}</h2>
      {/* scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too */}
      <div className={styles.tableWrap} role="region" aria-labelledby="order-lines-heading" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('checkout.confirm.product')}</th>
              <th scope="col">{t('checkout.confirm.code')}</th>
              <th scope="col">{t('cartPage.unitPrice')}</th>
              <th scope="col">{t('checkout.confirm.quantity')}</th>
              <th scope="col">{t('cartPage.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.product_code} data-product-code={l.product_code}>
                <th scope="row">{l.name}</th>
                <td>{l.product_code}</td>
                <td>{money(l.unit_price)}</td>
                <td>{l.quantity}</td>
                <td>{money(l.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TotalsList
        totals={totals}
        money={money}
        className={styles.totals}
        discountLabel={totals.coupon_code ? t('checkout.confirm.couponDiscount', { code: totals.coupon_code }) : undefined}
      />
    </section>
  );
}
