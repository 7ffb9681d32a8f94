import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCampaignList } from '../../../contract/api/admin-newsletter';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { CampaignListView } from './campaign-list-view';
import { rememberCampaignSearch, type CampaignSearch } from './newsletter-search';

/** `/admin/newsletter`: the campaigns, the page in the URL. */
export function CampaignList() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/newsletter' });
  useEffect(() => rememberCampaignSearch(search), [search]);
  const list = useQuery({
    queryKey: ['newsletter-campaigns', language, search],
    queryFn: () => api.get<AdminCampaignList>(`/api/admin/newsletter/campaigns${query({ ...search })}`),
    placeholderData: keepPreviousData,
    // figures move while a campaign is being sent
    refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.status === 'sending') ? 3000 : false),
  });
  const title = t('newsletter.title');
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={title} />;
  if (list.data)
    return (
      <CampaignListView
        data={list.data}
        language={language}
        t={t}
        pageLink={(next: CampaignSearch, children) => (
          <Link to="/newsletter" search={next}>
            {children}
          </Link>
        )}
        campaignLink={(row) => (
          <Link to="/newsletter/$id" params={{ id: row.id }}>
            {row.name}
          </Link>
        )}
        newLink={
          <Link to="/newsletter/new" className="button-link">
            {t('newsletter.new')}
          </Link>
        }
        subscribersLink={<Link to="/newsletter/subscribers">{t('newsletter.subscribers.link')}</Link>}
      />
    );
  if (list.error) return <ApiProblem title={title} error={list.error} onRetry={() => void list.refetch()} />;
  return <Loading title={title} />;
}
