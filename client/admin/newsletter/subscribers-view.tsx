/**
 * The newsletter's subscribers (docs/admin.md 'Newsletter'): ready-made views by status, a search by
 * address, and for each address its consent record (when, from where, the words shown, their
 * version, which form) and its confirmation; a table on a desktop, cards under 768 px. The download
 * of the confirmed addresses as a spreadsheet (CSV). Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminSubscriptionList } from '../../../contract/api/admin-newsletter';
import { LOCALE_TAGS } from '../../../contract/locales';
import { NEWSLETTER_STATUSES } from '../../../contract/newsletter';
import { zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import type { SubscriberSearch } from './newsletter-search';

export interface SubscribersViewProps {
  data: AdminSubscriptionList;
  search: SubscriberSearch;
  language: AdminLanguage;
  t: TFunction;
  listLink: (search: SubscriberSearch, children: ReactNode, current?: boolean) => ReactNode;
  campaignsLink: ReactNode;
  onSearch: (q: string) => void;
}

export function SubscribersView({ data, search, language, t, listLink, campaignsLink, onSearch }: SubscribersViewProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const when = (iso: string | null) => (iso ? zagrebDateTime(iso, LOCALE_TAGS[language]) : '—');
  const all = data.counts.pending + data.counts.confirmed + data.counts.unsubscribed;
  return (
    <>
      <p className="back">{campaignsLink}</p>
      <div className="screen-head">
        <h1>{t('newsletter.subscribers.title')}</h1>
        <a className="button-link" href="/api/admin/newsletter/subscribers" download>
          {t('newsletter.subscribers.download')}
        </a>
      </div>
      <nav aria-label={t('newsletter.subscribers.views')} className="views">
        <ul>
          <li>{listLink({ q: search.q }, t('newsletter.subscribers.all', { count: all }), !search.status)}</li>
          {NEWSLETTER_STATUSES.map((s) => (
            <li key={s}>
              {listLink({ q: search.q, status: s }, t(`newsletter.status.${s}`, { count: data.counts[s] }), search.status === s)}
            </li>
          ))}
        </ul>
      </nav>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(String(new FormData(e.currentTarget).get('q') ?? ''));
        }}
      >
        <label>
          <span>{t('newsletter.subscribers.search')}</span>
          <input name="q" type="search" defaultValue={search.q ?? ''} maxLength={254} autoComplete="off" />
        </label>
        <button type="submit">{t('newsletter.subscribers.show')}</button>
      </form>
      <p role="status" className="hint">
        {t('newsletter.subscribers.count', { count: data.total })}
      </p>
      {data.subscriptions.length === 0 ? (
        <p>{t('newsletter.subscribers.none')}</p>
      ) : (
        <table className="list subscribers">
          <caption className="visually-hidden">{t('newsletter.subscribers.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('newsletter.subscribers.email')}</th>
              <th scope="col">{t('newsletter.subscribers.state')}</th>
              <th scope="col">{t('newsletter.subscribers.consent')}</th>
              <th scope="col">{t('newsletter.subscribers.confirmation')}</th>
            </tr>
          </thead>
          <tbody>
            {data.subscriptions.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="mono">
                  {s.email}
                  <span className="tag">{t(`kit.language.${s.locale}`)}</span>
                </th>
                <td data-label={t('newsletter.subscribers.state')}>
                  <span className={`state state-${s.status}`}>{t(`newsletter.statusOne.${s.status}`)}</span>
                  {s.unsubscribed_at && s.status === 'unsubscribed' ? <span className="hint"> {when(s.unsubscribed_at)}</span> : null}
                </td>
                <td data-label={t('newsletter.subscribers.consent')}>
                  <details>
                    <summary>
                      {when(s.consent_at)} · {t(`newsletter.source.${s.source}`)}
                    </summary>
                    <dl className="consent">
                      <div>
                        <dt>{t('newsletter.subscribers.ip')}</dt>
                        <dd className="mono">{s.consent_ip ?? t('newsletter.subscribers.unknown')}</dd>
                      </div>
                      <div>
                        <dt>{t('newsletter.subscribers.words', { version: s.consent_version })}</dt>
                        <dd lang={s.locale}>{s.consent_text}</dd>
                      </div>
                    </dl>
                  </details>
                </td>
                <td data-label={t('newsletter.subscribers.confirmation')}>
                  {s.confirmed_at ? (
                    <>
                      {when(s.confirmed_at)}
                      {s.confirmed_ip ? <span className="hint mono"> {s.confirmed_ip}</span> : null}
                    </>
                  ) : (
                    t('newsletter.subscribers.notConfirmed')
                  )}
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
