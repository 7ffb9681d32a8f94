import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { withoutControlCharacters } from '../navigation/unusable-url';
import { useT } from '../hooks/use-locale';
import { EmptyPlateIllustration } from './illustrations';
import { ScreenLink } from './screen-link';
import styles from './error-screen.module.css';

/** The public URL as the visitor typed it (without the hash, which the server never sees; control characters as U+FFFD). */
function usePublicFullPath(): string {
  const href = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).publicHref });
  const withoutHash = href.split('#')[0];
  try {
    return withoutControlCharacters(decodeURI(withoutHash));
  } catch {
    return withoutControlCharacters(withoutHash);
  }
}

function ErrorFrame({ status }: { status: 404 | 500 | 503 }) {
  const { t } = useT();
  const fullPath = usePublicFullPath();
  return (
    <div className={styles.error}>
      <EmptyPlateIllustration />
      <div>
        <p className={styles.status}>{status}</p>
        <h1>{t('error.heading')}</h1>
        <p className={styles.playful}>{t(status === 404 ? 'error.playful404' : 'error.playful500')}</p>
        <p className={styles.detail}>
          {status === 404 ? t('error.notFound', { fullPath }) : status === 503 ? t('error.unavailable') : t('error.general')}
        </p>
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

/**
 * A route that threw: the error page, HTTP 500; HTTP 503 'try again shortly' when the API said it is
 * briefly unavailable (its database is away). Details go to the server log, never to the page.
 */
export function ErrorScreen({ error }: ErrorComponentProps) {
  return <ErrorFrame status={isUnavailable(error) ? 503 : 500} />;
}

/** The API answered 503 (an ApiError; after hydration a plain error that kept its `status`). */
export function isUnavailable(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 503;
}
