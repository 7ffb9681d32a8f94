/**
 * `/admin/orders`: the orders, their view, filters, search, sort and page in the URL (docs/admin.md
 * 'Orders in the back office'); ticks for the packing slips of several orders.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderList } from '../../../contract/api/admin-orders';
import type { EuDistanceSalesView } from '../../../contract/api/admin-vat';
import type { UserView } from '../../../contract/api/identity';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { OrderListView } from './order-list-view';
import { orderSearch, rememberOrderSearch, type OrderSearch } from './order-search';

export function OrderList() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const [selected, setSelected] = useState<readonly string[]>([]);
  useEffect(() => rememberOrderSearch(search), [search]);
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const list = useQuery({
    queryKey: ['admin-orders', language, search],
    queryFn: () => api.get<AdminOrderList>(`/api/admin/orders${query({ ...search })}`),
    placeholderData: keepPreviousData,
  });
  // the OSS threshold box: settings are the admin's (staff's API answer would be 403)
  const euSales = useQuery({
    queryKey: ['eu-sales'],
    queryFn: () => api.get<EuDistanceSalesView>('/api/admin/vat/eu-distance-sales'),
    enabled: me.data?.role === 'admin',
    staleTime: 5 * 60_000,
  });
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={t('orders.title')} />;
  if (list.data)
    return (
      <OrderListView
        data={list.data}
        search={search}
        language={language}
        t={t}
        euSales={euSales.data ?? null}
        selected={selected}
        onSelect={(numbers, on) =>
          setSelected((now) => (on ? [...new Set([...now, ...numbers])] : now.filter((n) => !numbers.includes(n))))
        }
        listLink={(next: OrderSearch, children, current) => (
          // exact: 'all' (no search) is not 'active' inside every other view
          <Link to="/orders" search={next} activeOptions={{ exact: true, includeSearch: true }} aria-current={current ? 'page' : undefined}>
            {children}
          </Link>
        )}
        orderLink={(row) => (
          <Link to="/orders/$number" params={{ number: row.number }}>
            {row.number}
          </Link>
        )}
        onSearch={(values) => void navigate({ search: orderSearch(values) })}
      />
    );
  if (list.error) return <ApiProblem title={t('orders.title')} error={list.error} onRetry={() => void list.refetch()} />;
  return <Loading title={t('orders.title')} />;
}
