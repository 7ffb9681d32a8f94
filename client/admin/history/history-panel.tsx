/**
 * The History panel of one entity (a coupon today; products, orders, customers and pages tomorrow): its
 * audit entries, newest first, from `GET /api/admin/audit?entity_type=&entity_id=`. Put it on any edit
 * screen: `<HistoryPanel entityType="coupon" entityId={id} />`.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminAuditList } from '../../../contract/api/admin-audit';
import { query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { EntriesView } from './change-view';

export function HistoryPanel({ entityType, entityId }: { entityType: string; entityId: string }) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const log = useQuery({
    queryKey: ['audit', language, { entity_type: entityType, entity_id: entityId }],
    queryFn: () => api.get<AdminAuditList>(`/api/admin/audit${query({ entity_type: entityType, entity_id: entityId })}`),
  });
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {log.data ? (
        <>
          <EntriesView entries={log.data.entries} language={language} t={t} showEntity={false} level={3} />
          {log.data.total > log.data.entries.length ? (
            <p className="hint">{t('history.more', { count: log.data.total - log.data.entries.length })}</p>
          ) : null}
        </>
      ) : log.error ? (
        <p role="alert" className="problem">
          {log.error.message}
        </p>
      ) : (
        <p role="status">{t('frame.loading')}</p>
      )}
    </section>
  );
}
