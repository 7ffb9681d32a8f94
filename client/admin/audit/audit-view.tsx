/**
 * The change history (audit log) screen: filters (what, which one, who, action, from and to day) and
 * the entries with each field's before -> after in words (history/change-view.tsx). Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AdminAuditEntry, AdminAuditList } from '../../../contract/api/admin-audit';
import { EntriesView } from '../history/change-view';
import type { AdminLanguage } from '../i18n';
import { AUDIT_ENTITY_TYPES, type AuditSearch } from './audit-search';

export interface AuditViewProps {
  data: AdminAuditList;
  search: AuditSearch;
  language: AdminLanguage;
  t: TFunction;
  pageLink: (page: number | undefined, children: ReactNode) => ReactNode;
  clearLink: ReactNode;
  onFilter: (search: AuditSearch) => void;
  /** A link to an entry's entity where the app has a screen for it. */
  entityLink?: (entry: AdminAuditEntry, name: string) => ReactNode;
}

export function AuditView({ data, search, language, t, pageLink, clearLink, onFilter, entityLink }: AuditViewProps) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const text = (name: 'entity_id' | 'actor' | 'action', max: number) => (
    <label>
      <span>{t(`audit.filters.${name}`)}</span>
      <input name={name} type="text" defaultValue={search[name] ?? ''} maxLength={max} autoComplete="off" />
    </label>
  );
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <p className="hint">{t('audit.intro')}</p>
      <form
        className="filters audit-filters"
        role="search"
        aria-label={t('audit.filtersLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const value = (k: string) => String(form.get(k) ?? '').trim() || undefined;
          onFilter({
            entity_type: value('entity_type'),
            entity_id: value('entity_id'),
            actor: value('actor'),
            action: value('action'),
            from: value('from'),
            to: value('to'),
          });
        }}
      >
        <label>
          <span>{t('audit.filters.entity_type')}</span>
          <select name="entity_type" defaultValue={search.entity_type ?? ''}>
            <option value="">{t('audit.filters.any')}</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`history.entities.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {text('entity_id', 200)}
        {text('actor', 254)}
        {text('action', 64)}
        <label>
          <span>{t('audit.filters.from')}</span>
          <input name="from" type="date" defaultValue={search.from ?? ''} />
        </label>
        <label>
          <span>{t('audit.filters.to')}</span>
          <input name="to" type="date" defaultValue={search.to ?? ''} />
        </label>
        <div className="filter-actions">
          <button type="submit">{t('audit.show')}</button>
          {clearLink}
        </div>
      </form>
      <p role="status" className="hint">
        {t('audit.count', { count: data.total })}
      </p>
      <EntriesView entries={data.entries} language={language} t={t} showEntity level={2} entityLink={entityLink} />
      <Pager page={data.page} pages={pages} t={t} link={pageLink} />
    </>
  );
}
