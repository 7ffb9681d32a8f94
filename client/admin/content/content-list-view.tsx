/**
 * The content list (docs/admin.md 'Content in the back office'): the kinds of text (recipes, blog
 * posts, ...), ready-made views that name the work ('drafts', 'not translated', 'scheduled'), a search,
 * pages; per entry its title and each language's state in words. A table on a desktop, cards under
 * 768 px (the same rows, styled). Pure.
 */
import { Pager } from '../kit/pager';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CONTENT_VIEWS } from '../../../contract/api/admin-content';
import { CONTENT_TYPES, type AdminEntryList, type AdminEntrySummary } from '../../../contract/api/content';
import { LOCALES } from '../../../contract/locales';
import { CONTENT_PAGE_SIZE, type ContentSearch } from './content-search';

export interface ContentListViewProps {
  data: AdminEntryList;
  search: ContentSearch;
  t: TFunction;
  listLink: (search: ContentSearch, children: ReactNode, current?: boolean) => ReactNode;
  entryLink: (row: AdminEntrySummary, title: string) => ReactNode;
  newLink: ReactNode;
  onSearch: (q: string, type: string) => void;
}

/** One language's state in a word: published, waiting, draft, missing. */
export function localeMark(t: TFunction, row: AdminEntrySummary, locale: (typeof LOCALES)[number]): { text: string; kind: string } {
  const l = row.locales.find((x) => x.locale === locale);
  if (!l || l.status === 'removed') return { text: t('content.mark.missing'), kind: 'missing' };
  if (l.status === 'draft') return { text: t('content.mark.draft'), kind: 'draft' };
  if (row.status === 'unpublished') return { text: t('content.mark.off'), kind: 'draft' };
  return l.visible ? { text: t('content.mark.live'), kind: 'live' } : { text: t('content.mark.scheduled'), kind: 'scheduled' };
}

export function ContentListView({ data, search, t, listLink, entryLink, newLink, onSearch }: ContentListViewProps) {
  const pages = Math.max(1, Math.ceil(data.total / CONTENT_PAGE_SIZE));
  const page = search.page ?? 1;
  return (
    <>
      <div className="screen-head">
        <h1>{t('content.title')}</h1>
        {newLink}
      </div>
      <nav aria-label={t('content.views')} className="views">
        <ul>
          <li>{listLink({ ...search, view: undefined, page: undefined }, t('content.viewNames.all'), !search.view)}</li>
          {CONTENT_VIEWS.map((v) => (
            <li key={v}>{listLink({ ...search, view: v, page: undefined }, t(`content.viewNames.${v}`), search.view === v)}</li>
          ))}
        </ul>
      </nav>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          onSearch(String(form.get('q') ?? ''), String(form.get('type') ?? ''));
        }}
      >
        <label>
          <span>{t('content.kind')}</span>
          <select name="type" defaultValue={search.type ?? ''}>
            <option value="">{t('content.allKinds')}</option>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`content.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('content.search')}</span>
          <input name="q" type="search" defaultValue={search.q ?? ''} maxLength={100} autoComplete="off" />
        </label>
        <button type="submit">{t('content.show')}</button>
      </form>
      <p role="status" className="hint">
        {t('content.count', { count: data.total })}
      </p>
      {data.items.length === 0 ? (
        <p>{t('content.none')}</p>
      ) : (
        <table className="list">
          <caption className="visually-hidden">{t('content.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('content.columns.title')}</th>
              <th scope="col">{t('content.columns.kind')}</th>
              {LOCALES.map((l) => (
                <th scope="col" key={l}>
                  {t(`kit.language.${l}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => {
              const title = row.locales.find((l) => l.locale === 'hr')?.title ?? row.locales[0]?.title ?? row.key;
              return (
                <tr key={row.id}>
                  <th scope="row">{entryLink(row, title)}</th>
                  <td data-label={t('content.columns.kind')}>{t(`content.types.${row.type}`)}</td>
                  {LOCALES.map((l) => {
                    const mark = localeMark(t, row, l);
                    return (
                      <td key={l} data-label={t(`kit.language.${l}`)}>
                        <span className={`state state-${mark.kind}`}>{mark.text}</span>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager page={page} pages={pages} t={t} link={(p, label) => listLink({ ...search, page: p }, label)} />
    </>
  );
}
