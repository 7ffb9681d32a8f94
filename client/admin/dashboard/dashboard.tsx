import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '../../../contract/api/admin-dashboard';
import type { UserView } from '../../../contract/api/identity';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading } from '../frame/status';
import { DashboardView } from './dashboard-view';

/** `/admin`: the dashboard, refreshed every minute while it is open. */
export function Dashboard() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  // The language is part of the key: product names and error messages come in it.
  const dashboard = useQuery({
    queryKey: ['dashboard', language],
    queryFn: () => api.get<AdminDashboard>('/api/admin/dashboard'),
    refetchInterval: 60_000,
  });
  // The signed-in person (the frame asked already: the same query, from the cache) decides which figures link on.
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  if (dashboard.data)
    return (
      <DashboardView
        data={dashboard.data}
        role={me.data?.role}
        language={language}
        t={t}
        lowStockLink={(children) => (
          <Link to="/products" search={{ low_stock: true }}>
            {children}
          </Link>
        )}
      />
    );
  if (dashboard.error) return <ApiProblem title={t('dashboard.title')} error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  return <Loading title={t('dashboard.title')} />;
}
