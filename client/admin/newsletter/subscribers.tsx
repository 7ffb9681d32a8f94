import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionList } from '../../../contract/api/admin-newsletter';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { lastCampaignSearch, type SubscriberSearch } from './newsletter-search';
import { SubscribersView } from './subscribers-view';

/** `/admin/newsletter/subscribers`: status view, search and page in the URL. */
export function Subscribers() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/newsletter/subscribers' });
  const navigate = useNavigate({ from: '/newsletter/subscribers' });
  const list = useQuery({
    queryKey: ['newsletter-subscriptions', language, search],
    queryFn: () => api.get<AdminSubscriptionList>(`/api/admin/newsletter/subscriptions${query({ ...search })}`),
    placeholderData: keepPreviousData,
  });
  const title = t('newsletter.subscribers.title');
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={title} />;
  if (list.data)
    return (
      <SubscribersView
        data={list.data}
        search={search}
        language={language}
        t={t}
        listLink={(next: SubscriberSearch, children, current) => (
          <Link to="/newsletter/subscribers" search={next} aria-current={current ? 'page' : undefined}>
            {children}
          </Link>
        )}
        campaignsLink={
          <Link to="/newsletter" search={lastCampaignSearch()}>
            {t('newsletter.backToCampaigns')}
          </Link>
        }
        onSearch={(q) =>
          void navigate({
            search: { ...(search.status ? { status: search.status } : {}), ...(q.trim() ? { q: q.trim().slice(0, 254) } : {}) },
          })
        }
      />
    );
  if (list.error) return <ApiProblem title={title} error={list.error} onRetry={() => void list.refetch()} />;
  return <Loading title={title} />;
}
