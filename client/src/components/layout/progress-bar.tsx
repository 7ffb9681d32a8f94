import { useRouterState } from '@tanstack/react-router';
import { useT } from '../../hooks/use-locale';
import styles from './progress-bar.module.css';

/**
 * Loading indicator from the start to the end of every route change (spec section 2: "a loading start and
 * end accompany each route change"). It appears after a short delay so quick navigations do not flicker.
 */
export function ProgressBar() {
  const { t } = useT();
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  if (!loading) return null;
  return <div className={styles.bar} role="progressbar" aria-label={t('a11y.loading')} />;
}

export function useIsNavigating(): boolean {
  return useRouterState({ select: (s) => s.status === 'pending' });
}
