import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_SORTS, type AdminCouponList, type CouponSort } from '../../../contract/api/admin-coupons';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { rememberCouponSearch, type CouponSearch } from './coupon-search';
import { CouponListView } from './coupon-list-view';

/** `/admin/coupons`: the list, its view, search, sort and page in the URL. */
export function CouponList() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/coupons' });
  const navigate = useNavigate({ from: '/coupons' });
  useEffect(() => rememberCouponSearch(search), [search]);
  const list = useQuery({
    queryKey: ['coupons', language, search],
    queryFn: () => api.get<AdminCouponList>(`/api/admin/coupons${query({ ...search })}`),
    placeholderData: keepPreviousData,
  });
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={t('coupons.title')} />;
  if (list.data)
    return (
      <CouponListView
        data={list.data}
        search={search}
        language={language}
        t={t}
        listLink={(next: CouponSearch, children, current) => (
          <Link to="/coupons" search={next} aria-current={current ? 'page' : undefined}>
            {children}
          </Link>
        )}
        couponLink={(row) => (
          <Link to="/coupons/$id" params={{ id: row.id }}>
            {row.code}
          </Link>
        )}
        newLink={
          <Link to="/coupons/new" className="button-link">
            {t('coupons.new')}
          </Link>
        }
        onSearch={(q, sort) =>
          void navigate({
            search: {
              ...(q.trim() ? { q: q.trim().slice(0, 64) } : {}),
              ...(search.state ? { state: search.state } : {}),
              ...((COUPON_SORTS as readonly string[]).includes(sort) && sort !== '-created' ? { sort: sort as CouponSort } : {}),
            },
          })
        }
      />
    );
  if (list.error) return <ApiProblem title={t('coupons.title')} error={list.error} onRetry={() => void list.refetch()} />;
  return <Loading title={t('coupons.title')} />;
}
