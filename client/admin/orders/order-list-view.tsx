/**
 * The order list (docs/admin.md 'Orders in the back office'): ready-made views named for the work,
 * filters, search, sort and page (all in the URL), the year's EU distance sales against the OSS
 * threshold (admin), ticks to print the packing slips of several orders, and 'print today's slips' in
 * one tap. A table on a desktop, one card per order under 768 px (the same rows, styled). Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ADMIN_ORDER_SORTS, ADMIN_ORDER_VIEWS, type AdminOrderList, type AdminOrderRow } from '../../../contract/api/admin-orders';
import type { EuDistanceSalesView } from '../../../contract/api/admin-vat';
import { countryName } from '../../../contract/countries';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import { FULFILMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../contract/orders';
import { zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import { slipsHref, type OrderSearch } from './order-search';

export interface OrderListViewProps {
  data: AdminOrderList;
  search: OrderSearch;
  language: AdminLanguage;
  t: TFunction;
  /** The year's EU distance sales (admin only; staff get none). */
  euSales?: EuDistanceSalesView | null;
  /** Ticked order numbers. */
  selected: readonly string[];
  onSelect: (numbers: readonly string[], on: boolean) => void;
  /** A link to the list with other search params (the router's Link in the app). */
  listLink: (search: OrderSearch, children: ReactNode, current?: boolean) => ReactNode;
  /** A link to one order. */
  orderLink: (row: AdminOrderRow) => ReactNode;
  /** The filter form was sent. */
  onSearch: (values: Record<string, string>) => void;
}

/** Share of the threshold in words: '42,5 %'. */
function share(value: number, language: AdminLanguage): string {
  return `${new Intl.NumberFormat(LOCALE_TAGS[language], { maximumFractionDigits: 1 }).format(value * 100)} %`;
}

/** A box that must be seen: near or over the threshold with the OSS off. */
const loudOss = (s: EuDistanceSalesView) => !s.oss_enabled && s.warning !== 'none';

/** The year's EU distance sales against the EUR 10,000 OSS threshold (docs/invoicing/vat.md), as the old page showed it. */
export function EuSalesBox({ s, language, t }: { s: EuDistanceSalesView; language: AdminLanguage; t: TFunction }) {
  const loud = s.warning === 'over' && !s.oss_enabled;
  const kind = loud ? 'err' : s.warning === 'near' && !s.oss_enabled ? 'warn' : 'info';
  const message = s.oss_enabled
    ? t('orders.euSalesOss')
    : s.warning === 'over'
      ? t('orders.euSalesOver')
      : s.warning === 'near'
        ? t('orders.euSalesNear')
        : t('orders.euSalesNone');
  return (
    <section className={`notice oss ${kind}`} role={loud ? 'alert' : 'status'} data-warning={s.warning} aria-labelledby="eu-sales-title">
      <h2 id="eu-sales-title">{t('orders.euSalesHeading', { year: s.year })}</h2>
      <p>
        {t('orders.euSalesTotal', {
          total: formatEuro(s.total_net_cents, language),
          threshold: formatEuro(s.threshold_cents, language),
          share: share(s.share, language),
        })}
      </p>
      <p>{t('orders.euSalesPrevious', { total: formatEuro(s.previous_year_net_cents, language) })}</p>
      <p>{message}</p>
    </section>
  );
}

export function OrderListView(props: OrderListViewProps) {
  const { data, search, language, t, selected } = props;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const tag = LOCALE_TAGS[language];
  const onPage = data.orders.map((o) => o.number);
  const allTicked = onPage.length > 0 && onPage.every((n) => selected.includes(n));
  const filtered = !!(search.status || search.payment_status || search.payment_method || search.q || search.sort);
  const field = (name: keyof OrderSearch) => (search[name] === undefined ? '' : String(search[name]));
  return (
    <>
      <div className="screen-head">
        <h1>{t('orders.title')}</h1>
        <a
          className="button-link"
          href={slipsHref('to_ship')}
          target="_blank"
          rel="noopener"
          aria-describedby="slips-to-ship-hint"
          data-testid="slips-to-ship"
        >
          {t('orders.slipsToShip')}
        </a>
      </div>
      <p className="hint" id="slips-to-ship-hint">
        {t('orders.slipsToShipHint')}
      </p>
      {/* a warning stays on top; the quiet figure goes under the list, out of the daily work's way */}
      {props.euSales && loudOss(props.euSales) ? <EuSalesBox s={props.euSales} language={language} t={t} /> : null}
      <nav aria-label={t('orders.views')} className="views">
        <ul>
          <li>{props.listLink({}, t('orders.view.all'), !search.view && Object.keys(search).length === 0)}</li>
          {ADMIN_ORDER_VIEWS.map((v) => (
            <li key={v}>{props.listLink({ view: v }, t(`orders.view.${v}`), search.view === v)}</li>
          ))}
        </ul>
      </nav>
      <details className="filters-box" open={filtered || undefined}>
        <summary>{t('orders.filters')}</summary>
        <form
          className="filters"
          role="search"
          aria-label={t('orders.filters')}
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            props.onSearch(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
          }}
        >
          <label>
            <span>{t('orders.fulfilmentStatus')}</span>
            <select name="status" defaultValue={field('status')}>
              <option value="">{t('orders.any')}</option>
              {FULFILMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`orders.fulfilmentStatuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('orders.paymentStatus')}</span>
            <select name="payment_status" defaultValue={field('payment_status')}>
              <option value="">{t('orders.any')}</option>
              {PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`orders.paymentStatuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('orders.paymentMethod')}</span>
            <select name="payment_method" defaultValue={field('payment_method')}>
              <option value="">{t('orders.any')}</option>
              {PAYMENT_METHODS.map((s) => (
                <option key={s} value={s}>
                  {t(`orders.paymentMethods.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('orders.search')}</span>
            <input name="q" type="search" defaultValue={field('q')} maxLength={254} autoComplete="off" aria-describedby="orders-q-hint" />
            <span className="hint" id="orders-q-hint">
              {t('orders.searchHint')}
            </span>
          </label>
          <label>
            <span>{t('orders.sort')}</span>
            <select name="sort" defaultValue={search.sort ?? '-placed_at'}>
              {ADMIN_ORDER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`orders.sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
          {search.view ? <input type="hidden" name="view" value={search.view} /> : null}
          <button type="submit">{t('orders.show')}</button>
        </form>
      </details>
      <p role="status" className="hint" data-testid="order-count">
        {t('orders.count', { count: data.total })}
      </p>
      {data.orders.length === 0 ? (
        <p>{t('orders.none')}</p>
      ) : (
        <>
          <div className="bulk-bar slips-bar">
            <label className="check">
              <input type="checkbox" checked={allTicked} onChange={(e) => props.onSelect(onPage, e.currentTarget.checked)} />
              <span>{t('orders.selectPage')}</span>
            </label>
            <p aria-live="polite">{t('orders.selected', { count: selected.length })}</p>
            {selected.length > 0 ? (
              <a className="button-link" href={slipsHref(selected)} target="_blank" rel="noopener" data-testid="slips-selected">
                {t('orders.slipsSelected')}
              </a>
            ) : null}
          </div>
          <table className="list orders">
            <caption className="visually-hidden">{t('orders.caption', { page: data.page, pages })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('orders.selected', { count: selected.length })}</span>
                </th>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.date')}</th>
                <th scope="col">{t('orders.customer')}</th>
                <th scope="col">{t('orders.total')}</th>
                <th scope="col">{t('orders.method')}</th>
                <th scope="col">{t('orders.paymentStatus')}</th>
                <th scope="col">{t('orders.fulfilmentStatus')}</th>
                <th scope="col">{t('orders.tracking')}</th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.number} data-order={o.number}>
                  <td className="tick-cell">
                    <input
                      type="checkbox"
                      aria-label={t('orders.selectOrder', { number: o.number })}
                      checked={selected.includes(o.number)}
                      onChange={(e) => props.onSelect([o.number], e.currentTarget.checked)}
                    />
                  </td>
                  <th scope="row" className="mono">
                    {props.orderLink(o)}
                  </th>
                  <td data-label={t('orders.date')}>{zagrebDateTime(o.placed_at, tag)}</td>
                  <td data-label={t('orders.customer')}>
                    {o.name}
                    <span className="hint">
                      {o.email} · {countryName(o.country, language)}
                    </span>
                  </td>
                  <td data-label={t('orders.total')}>{formatEuro(o.total, language)}</td>
                  <td data-label={t('orders.method')}>{t(`orders.paymentMethods.${o.payment_method}`)}</td>
                  <td data-label={t('orders.paymentStatus')}>
                    <span className={`state pay-${o.payment_status}`}>{t(`orders.paymentStatuses.${o.payment_status}`)}</span>
                  </td>
                  <td data-label={t('orders.fulfilmentStatus')}>
                    <span className={`state ful-${o.fulfilment_status}`}>{t(`orders.fulfilmentStatuses.${o.fulfilment_status}`)}</span>
                  </td>
                  <td data-label={t('orders.tracking')}>{o.tracking_number ?? t('orders.noneGiven')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Pager page={data.page} pages={pages} t={t} link={(p, label) => props.listLink({ ...search, page: p }, label)} />
      {props.euSales && !loudOss(props.euSales) ? <EuSalesBox s={props.euSales} language={language} t={t} /> : null}
    </>
  );
}
