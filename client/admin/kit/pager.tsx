/**
 * The page links under every list of the back office: previous, 'page N of M', next. Page 1 is the
 * list's address without `page` (so the first page has one address). `link` builds the router's link to
 * a page of this list with its filters kept (undefined: the first page).
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export function Pager({
  page,
  pages,
  t,
  link,
}: {
  page: number;
  pages: number;
  t: TFunction;
  link: (page: number | undefined, label: string) => ReactNode;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('kit.pages')} className="pager">
      {page > 1 ? link(page - 1 === 1 ? undefined : page - 1, t('kit.previous')) : null}
      <span>{t('kit.pageOf', { page, pages })}</span>
      {page < pages ? link(page + 1, t('kit.next')) : null}
    </nav>
  );
}
