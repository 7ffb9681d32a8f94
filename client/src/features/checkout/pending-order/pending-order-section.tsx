import type { ReactNode } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useBrowserQuery } from '../../../api/browser-query';
import { useT } from '../../../hooks/use-locale';
import { PendingOrderPanel } from './pending-order-panel';
import { pendingOrderQuery } from './pending-order-api';
import styles from '../checkout.module.css';

/**
 * This visitor's pending order (`GET /api/orders/pending`: the signed-in user's, or the one this browser
 * placed) as the PendingOrderPanel; `fallback` when there is none or it cannot be read. Browser only: the
 * server renders the loading line.
 */
export function PendingOrderSection({ fallback = null }: { fallback?: ReactNode }) {
  const { t, locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const pending = useBrowserQuery(pendingOrderQuery(api, locale));
  if (pending.status === 'loading') {
    return (
      <p role="status" className={styles.loading}>
        {t('checkout.loading')}
      </p>
    );
  }
  if (pending.status === 'failed' || !pending.data) return <>{fallback}</>;
  return <PendingOrderPanel order={pending.data.order} token={pending.data.view_token} />;
}
