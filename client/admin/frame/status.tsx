import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A screen whose data is on its way. */
export function Loading({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{title}</h1>
      <p role="status">{t('frame.loading')}</p>
    </>
  );
}

/** A screen whose data did not come: the API's own message (in the back office's language) and a retry. */
export function ApiProblem({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{title}</h1>
      <p role="alert" className="problem">
        {error.message}
      </p>
      <button type="button" onClick={onRetry}>
        {t('frame.retry')}
      </button>
    </>
  );
}

/** An address under /admin with no screen. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('frame.notFoundTitle')}</h1>
      <p>{t('frame.notFoundText')}</p>
      <p>
        <Link to="/">{t('frame.backToDashboard')}</Link>
      </p>
    </>
  );
}

/** A screen the person's role may not open (the API answered 403): said plainly, no data. */
export function NotAllowed({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{title}</h1>
      <p role="alert" className="problem" data-state="not-allowed">
        {t('frame.notAllowed')}
      </p>
      <p>
        <Link to="/">{t('frame.backToDashboard')}</Link>
      </p>
    </>
  );
}
