import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_TYPES, type AdminEntryList, type ContentType } from '../../../contract/api/content';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { ContentListView } from './content-list-view';
import { CONTENT_PAGE_SIZE, rememberContentSearch } from './content-search';

/** `/admin/content`: the list, its kind, view, search and page in the URL. */
export function ContentList() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/content' });
  const navigate = useNavigate({ from: '/content' });
  useEffect(() => rememberContentSearch(search), [search]);
  const list = useQuery({
    queryKey: ['content', language, search],
    queryFn: () =>
      api.get<AdminEntryList>(
        `/api/admin/content/entries${query({
          type: search.type,
          view: search.view,
          q: search.q,
          limit: CONTENT_PAGE_SIZE,
          offset: ((search.page ?? 1) - 1) * CONTENT_PAGE_SIZE,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={t('content.title')} />;
  if (list.data)
    return (
      <ContentListView
        data={list.data}
        search={search}
        t={t}
        listLink={(next, children, current) => (
          <Link to="/content" search={next} aria-current={current ? 'page' : undefined}>
            {children}
          </Link>
        )}
        entryLink={(row, title) => (
          <Link to="/content/$id" params={{ id: row.id }}>
            {title}
          </Link>
        )}
        newLink={
          <Link to="/content/new" search={{ type: search.type ?? 'recipes' }} className="button-link">
            {search.type ? t('content.newOf', { type: t(`content.types.${search.type}`) }) : t('content.new')}
          </Link>
        }
        onSearch={(q, type) =>
          void navigate({
            search: {
              ...((CONTENT_TYPES as readonly string[]).includes(type) ? { type: type as ContentType } : {}),
              ...(search.view ? { view: search.view } : {}),
              ...(q.trim() ? { q: q.trim().slice(0, 100) } : {}),
            },
          })
        }
      />
    );
  if (list.error) return <ApiProblem title={t('content.title')} error={list.error} onRetry={() => void list.refetch()} />;
  return <Loading title={t('content.title')} />;
}
