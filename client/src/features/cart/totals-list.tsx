import type { ReactNode } from 'react';
import { HOME_COUNTRY, countryName } from '../../../../contract/countries';
import { formatVatRate } from '../../../../contract/vat';
import { useT } from '../../hooks/use-locale';
import styles from './totals-list.module.css';

export interface TotalsView {
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
  vat_base: number;
  vat_by_rate: ReadonlyArray<{ rate: number; base: number; vat: number }>;
  /** The member state whose VAT the totals carry: another than HR once the OSS applies (docs/invoicing/vat.md). */
  vat_country?: string;
}

/**
 * Subtotal, discount, delivery, total, VAT base and VAT, then the VAT per rate: the cart page's summary
 * and the checkout's confirmation show the same list (money in cents, formatted by `money`).
 */
export function TotalsList({
  totals,
  money,
  discountLabel,
  className,
}: {
  totals: TotalsView;
  money: (cents: number) => string;
  /** What the discount row says (the checkout names the coupon); default 'Discount'. */
  discountLabel?: ReactNode;
  /** Spacing of the list in its screen. */
  className?: string;
}) {
  const { t, locale } = useT();
  const vatTotal = totals.vat_by_rate.reduce((sum, r) => sum + r.vat, 0);
  return (
    <>
      <dl className={className ? `${styles.totals} ${className}` : styles.totals}>
        <div>
          <dt>{t('cartPage.subtotal')}</dt>
          <dd data-total="subtotal">{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div>
            <dt>{discountLabel ?? t('cartPage.discount')}</dt>
            <dd data-total="discount">−{money(totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('cartPage.delivery')}</dt>
          <dd data-total="delivery">{totals.delivery === 0 ? t('cartPage.free') : money(totals.delivery)}</dd>
        </div>
        <div className={styles.grandTotal}>
          <dt>{t('cartPage.total')}</dt>
          <dd data-total="total">{money(totals.total)}</dd>
        </div>
        <div>
          <dt>{t('cartPage.vatBase')}</dt>
          <dd data-total="vat_base">{money(totals.vat_base)}</dd>
        </div>
        <div>
          <dt>{t('cartPage.vatTotal')}</dt>
          <dd data-total="vat_total">{money(vatTotal)}</dd>
        </div>
      </dl>
      {totals.vat_by_rate.length > 0 ? (
        <table className={styles.vatTable}>
          <caption>{t('cartPage.vatBreakdown')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cartPage.vatRate')}</th>
              <th scope="col">{t('cartPage.vatBase')}</th>
              <th scope="col">{t('cartPage.vatTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.vat_by_rate.map((row) => (
              <tr key={row.rate}>
                <th scope="row">{formatVatRate(row.rate, locale)} %</th>
                <td>{money(row.base)}</td>
                <td>{money(row.vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {totals.vat_country && totals.vat_country !== HOME_COUNTRY ? (
        <p className={styles.vatCountry} data-testid="vat-country">
          {t('cartPage.vatCountry', { country: countryName(totals.vat_country, locale) })}
        </p>
      ) : null}
    </>
  );
}
