/**
 * The coupon list (docs/admin.md 'Coupon and history screens'): ready-made views in the family's words,
 * search and sort, pages; a table on a desktop, cards under 768 px (the same rows, styled). Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { COUPON_SORTS, COUPON_STATES, type AdminCouponList, type AdminCouponRow } from '../../../contract/api/admin-coupons';
import { LOCALE_TAGS } from '../../../contract/locales';
import { formatEuro } from '../../../contract/money';
import { zagrebDate } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import type { CouponSearch } from './coupon-search';

/** What a coupon gives, in words: '10 %' or '5,00 €', with its minimum order. */
export function couponOffer(c: Pick<AdminCouponRow, 'kind' | 'percent' | 'amount'>, language: AdminLanguage): string {
  return c.kind === 'percent' ? `${c.percent} %` : formatEuro(c.amount ?? 0, language);
}

/** The window in words: 'from 1 Dec 2026 to 31 Dec 2026', 'always', ... (the end shown as the last day). */
export function couponWindow(c: Pick<AdminCouponRow, 'valid_from' | 'valid_until'>, language: AdminLanguage, t: TFunction): string {
  const tag = LOCALE_TAGS[language];
  const from = c.valid_from ? zagrebDate(c.valid_from, tag) : null;
  const to = c.valid_until ? zagrebDate(new Date(Date.parse(c.valid_until) - 1), tag) : null;
  if (from && to) return t('coupons.window.fromTo', { from, to });
  if (from) return t('coupons.window.from', { from });
  if (to) return t('coupons.window.to', { to });
  return t('coupons.window.always');
}

export interface CouponListViewProps {
  data: AdminCouponList;
  search: CouponSearch;
  language: AdminLanguage;
  t: TFunction;
  /** A link to the list with other search params (the router's Link in the app). */
  listLink: (search: CouponSearch, children: ReactNode, current?: boolean) => ReactNode;
  /** A link to one coupon. */
  couponLink: (row: AdminCouponRow) => ReactNode;
  /** The new-coupon link. */
  newLink: ReactNode;
  /** The search form was sent. */
  onSearch: (q: string, sort: string) => void;
}

export function CouponListView({ data, search, language, t, listLink, couponLink, newLink, onSearch }: CouponListViewProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <>
      <div className="screen-head">
        <h1>{t('coupons.title')}</h1>
        {newLink}
      </div>
      <nav aria-label={t('coupons.views')} className="views">
        <ul>
          <li>{listLink({ ...search, state: undefined, page: undefined }, t('coupons.states.all'), !search.state)}</li>
          {COUPON_STATES.map((s) => (
            <li key={s}>{listLink({ ...search, state: s, page: undefined }, t(`coupons.states.${s}`), search.state === s)}</li>
          ))}
        </ul>
      </nav>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onSearch(String(form.get('q') ?? ''), String(form.get('sort') ?? ''));
        }}
      >
        <label>
          <span>{t('coupons.search')}</span>
          <input name="q" type="search" defaultValue={search.q ?? ''} maxLength={64} autoComplete="off" />
        </label>
        <label>
          <span>{t('coupons.sort')}</span>
          <select name="sort" defaultValue={search.sort ?? '-created'}>
            {COUPON_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`coupons.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('coupons.show')}</button>
      </form>
      <p role="status" className="hint">
        {t('coupons.count', { count: data.total })}
      </p>
      {data.coupons.length === 0 ? (
        <p>{t('coupons.none')}</p>
      ) : (
        <table className="list">
          <caption className="visually-hidden">{t('coupons.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('coupons.fields.code')}</th>
              <th scope="col">{t('coupons.columns.offer')}</th>
              <th scope="col">{t('coupons.columns.window')}</th>
              <th scope="col">{t('coupons.columns.used')}</th>
              <th scope="col">{t('coupons.columns.state')}</th>
            </tr>
          </thead>
          <tbody>
            {data.coupons.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="mono">
                  {couponLink(c)}
                  {c.personal ? <span className="tag">{t('coupons.personal')}</span> : null}
                </th>
                <td data-label={t('coupons.columns.offer')}>
                  {couponOffer(c, language)}
                  {c.minimum_order > 0 ? (
                    <span className="hint"> {t('coupons.minimumShort', { amount: formatEuro(c.minimum_order, language) })}</span>
                  ) : null}
                </td>
                <td data-label={t('coupons.columns.window')}>{couponWindow(c, language, t)}</td>
                <td data-label={t('coupons.columns.used')}>
                  {c.usage_limit === null ? c.times_used : t('coupons.usedOf', { used: c.times_used, limit: c.usage_limit })}
                </td>
                <td data-label={t('coupons.columns.state')}>
                  <span className={`state state-${c.state}`}>{t(`coupons.states.${c.state}`)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={data.page} pages={pages} t={t} link={(p, label) => listLink({ ...search, page: p }, label)} />
    </>
  );
}
