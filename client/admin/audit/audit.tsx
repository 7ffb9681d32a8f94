import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminAuditList } from '../../../contract/api/admin-audit';
import { CouponIdParams } from '../../../contract/api/admin-coupons';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { auditApiQuery, auditSearch } from './audit-search';
import { AuditView } from './audit-view';

/** `/admin/audit`: the one change history, its filters and page in the URL. */
export function AuditLog() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/audit' });
  const navigate = useNavigate({ from: '/audit' });
  const log = useQuery({
    queryKey: ['audit', language, search],
    queryFn: () => api.get<AdminAuditList>(`/api/admin/audit${query(auditApiQuery(search))}`),
    placeholderData: keepPreviousData,
  });
  if (log.error instanceof ApiError && log.error.status === 403) return <NotAllowed title={t('audit.title')} />;
  if (log.data)
    return (
      <AuditView
        // A new search starts the form afresh (its fields are uncontrolled).
        key={JSON.stringify({ ...search, page: undefined })}
        data={log.data}
        search={search}
        language={language}
        t={t}
        pageLink={(page, children) => (
          <Link to="/audit" search={{ ...search, page }}>
            {children}
          </Link>
        )}
        clearLink={
          <Link to="/audit" search={{}}>
            {t('audit.clear')}
          </Link>
        }
        onFilter={(next) => void navigate({ search: auditSearch({ ...next }) })}
        entityLink={(entry, name) =>
          entry.entity_type === 'coupon' && CouponIdParams.safeParse({ id: entry.entity_id }).success ? (
            <Link to="/coupons/$id" params={{ id: entry.entity_id }}>
              {name}
            </Link>
          ) : (
            name
          )
        }
      />
    );
  if (log.error) return <ApiProblem title={t('audit.title')} error={log.error} onRetry={() => void log.refetch()} />;
  return <Loading title={t('audit.title')} />;
}
