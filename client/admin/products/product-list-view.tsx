/**
 * The products list (docs/admin.md 'Products, stock and prices screens'): pure, props in and markup
 * out, so the unit tests render it as the browser does. A table on a desktop; under 768 px the same
 * rows are cards (admin.css). Prices only for role admin: staff never see a price column.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminProductList, AdminProductRow } from '../../../contract/api/admin-catalog';
import { formatEuro } from '../../../contract/money';
import type { AdminLanguage } from '../i18n';

export interface ProductListViewProps {
  t: TFunction;
  language: AdminLanguage;
  data: AdminProductList;
  /** Whether prices are shown (role admin). */
  showPrices: boolean;
  /** The link to a product's page (the router's Link in the app). */
  productLink: (row: AdminProductRow) => ReactNode;
  selected: ReadonlySet<string>;
  onSelect: (row: AdminProductRow, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
}

export function stockText(stock: number | null, t: TFunction): string {
  return stock === null ? t('products.notTracked') : t('products.packs', { count: stock });
}

export function availabilityText(row: Pick<AdminProductRow, 'shown_availability'>, t: TFunction): string {
  return row.shown_availability === 'soon_available_again' ? t('products.soonAvailable') : t('products.available');
}

export function PriceText({ row, language, t }: { row: AdminProductRow; language: AdminLanguage; t: TFunction }) {
  if (row.offer_price_cents === null) return <>{formatEuro(row.price_cents, language)}</>;
  return (
    <>
      {formatEuro(row.offer_price_cents, language)}{' '}
      <span className="hint">
        ({t('products.offerRuns')}; {t('products.regular')} {formatEuro(row.price_cents, language)})
      </span>
    </>
  );
}

export function ProductListView(props: ProductListViewProps) {
  const { t, data, showPrices, language } = props;
  if (data.items.length === 0) return <p role="status">{t('products.none')}</p>;
  const allSelected = data.items.every((row) => props.selected.has(row.code));
  return (
    <table className="products">
      <caption className="visually-hidden">{t('products.caption', { count: data.total })}</caption>
      <thead>
        <tr>
          <th scope="col">
            <input
              type="checkbox"
              aria-label={t('products.selectPage')}
              checked={allSelected}
              onChange={(e) => props.onSelectPage(e.currentTarget.checked)}
            />
          </th>
          <th scope="col">{t('products.name')}</th>
          <th scope="col">{t('products.code')}</th>
          <th scope="col">{t('products.stock')}</th>
          <th scope="col">{t('products.reserved')}</th>
          <th scope="col">{t('products.threshold')}</th>
          <th scope="col">{t('products.availability')}</th>
          {showPrices ? <th scope="col">{t('products.price')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {data.items.map((row) => (
          <tr key={row.code} className={row.low_stock ? 'low' : undefined}>
            <td className="select">
              <input
                type="checkbox"
                aria-label={t('products.select', { name: row.name })}
                checked={props.selected.has(row.code)}
                onChange={(e) => props.onSelect(row, e.currentTarget.checked)}
              />
            </td>
            <th scope="row" className="name">
              {props.productLink(row)}
            </th>
            <td data-label={t('products.code')} className="mono">
              {row.code}
            </td>
            <td data-label={t('products.stock')}>
              {stockText(row.stock, t)}
              {row.low_stock ? <strong className="tag"> {t('products.lowTag')}</strong> : null}
            </td>
            <td data-label={t('products.reserved')}>{t('products.packs', { count: row.reserved })}</td>
            <td data-label={t('products.threshold')}>{t('products.packs', { count: row.low_stock_threshold })}</td>
            <td data-label={t('products.availability')}>{availabilityText(row, t)}</td>
            {showPrices ? (
              <td data-label={t('products.price')}>
                <PriceText row={row} language={language} t={t} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
