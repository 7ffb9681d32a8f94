/**
 * The newsletter's campaigns (docs/admin.md 'Newsletter'): newest first, each with its state, its
 * languages and its figures (sent of how many, failed, skipped, unsubscribed since); a table on a
 * desktop, cards under 768 px. Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminCampaignList, AdminCampaignRow } from '../../../contract/api/admin-newsletter';
import { LOCALE_TAGS } from '../../../contract/locales';
import { zagrebDateTime } from '../history/zagreb';
import type { AdminLanguage } from '../i18n';
import type { CampaignSearch } from './newsletter-search';

export interface CampaignListViewProps {
  data: AdminCampaignList;
  language: AdminLanguage;
  t: TFunction;
  pageLink: (search: CampaignSearch, children: ReactNode) => ReactNode;
  campaignLink: (row: AdminCampaignRow) => ReactNode;
  newLink: ReactNode;
  subscribersLink: ReactNode;
}

/** The figures of a campaign in words ('12 of 40 sent, 1 failed'), or 'not sent yet'. */
export function campaignFigures(c: AdminCampaignRow, t: TFunction): string {
  if (c.status === 'draft') return t('newsletter.figures.draft');
  const parts = [t('newsletter.figures.sentOf', { sent: c.counts.sent, count: c.counts.recipients - c.counts.skipped })];
  if (c.counts.queued) parts.push(t('newsletter.figures.queued', { count: c.counts.queued }));
  if (c.counts.failed) parts.push(t('newsletter.figures.failed', { count: c.counts.failed }));
  if (c.counts.skipped) parts.push(t('newsletter.figures.skipped', { count: c.counts.skipped }));
  if (c.counts.unsubscribed_since) parts.push(t('newsletter.figures.left', { count: c.counts.unsubscribed_since }));
  return parts.join(', ');
}

export function CampaignListView({ data, language, t, pageLink, campaignLink, newLink, subscribersLink }: CampaignListViewProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <>
      <div className="screen-head">
        <h1>{t('newsletter.title')}</h1>
        {newLink}
      </div>
      <p>{subscribersLink}</p>
      {data.campaigns.length === 0 ? (
        <p>{t('newsletter.none')}</p>
      ) : (
        <table className="list">
          <caption className="visually-hidden">{t('newsletter.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('newsletter.columns.name')}</th>
              <th scope="col">{t('newsletter.columns.state')}</th>
              <th scope="col">{t('newsletter.columns.languages')}</th>
              <th scope="col">{t('newsletter.columns.figures')}</th>
            </tr>
          </thead>
          <tbody>
            {data.campaigns.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  {campaignLink(c)}
                  <span className="hint campaign-subject">{c.subject}</span>
                </th>
                <td data-label={t('newsletter.columns.state')}>
                  <span className={`state state-${c.status}`}>{t(`newsletter.campaignStatus.${c.status}`)}</span>
                  {c.send_started_at ? <span className="hint"> {zagrebDateTime(c.send_started_at, LOCALE_TAGS[language])}</span> : null}
                </td>
                <td data-label={t('newsletter.columns.languages')}>{c.languages.map((l) => t(`kit.language.${l}`)).join(', ')}</td>
                <td data-label={t('newsletter.columns.figures')}>{campaignFigures(c, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={data.page} pages={pages} t={t} link={(p, label) => pageLink({ page: p }, label)} />
    </>
  );
}
