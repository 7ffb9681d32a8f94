import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '../hooks/use-locale';
import { EmptyPlateIllustration } from './illustrations';
import { ScreenLink } from './screen-link';
import styles from './error-screen.module.css';

/** The public URL as the visitor typed it (without the hash, which the server never sees). */
function usePublicFullPath(): string {
  const href = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).publicHref });
  const withoutHash = href.split('#')[0];
  try {
    return decodeURI(withoutHash);
  } catch {
    return withoutHash;
  }
}

function ErrorFrame({ status }: { status: 404 | 500 }) {
  const { t } = useT();
  const fullPath = usePublicFullPath();
  return (
    <div className={styles.error}>
      <EmptyPlateIllustration />
      <div>
        <p className={styles.status}>{status}</p>
        <h1>{t('error.heading')}</h1>
        <p className={styles.playful}>{t(status === 404 ? 'error.playful404' : 'error.playful500')}</p>
        <p className={styles.detail}>{status === 404 ? t('error.notFound', { fullPath }) : t('error.general')}</p>
        <p>
          <ScreenLink screen="home" className={styles.home}>
            {t('error.backHome')}
          </ScreenLink>
        </p>
      </div>
    </div>
  );
}

/** Any unmatched path: 'Page Not Found: {fullPath}', HTTP 404 (set by the router). */
export function NotFoundScreen() {
  return <ErrorFrame status={404} />;
}

/** A route that threw: the error page, HTTP 500. Details go to the server log, never to the page. */
export function ErrorScreen(_props: ErrorComponentProps) {
  return <ErrorFrame status={500} />;
}
