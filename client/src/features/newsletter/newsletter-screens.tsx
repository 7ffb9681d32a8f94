import { apiPaths } from '../../api/paths';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { formStyles, Notice, ScreenPage, SubmitRow, useTokenAction } from '../../components/forms';
import { confirmNewsletter, unsubscribeNewsletter } from './newsletter-api';
import type { NewsletterSearch } from './search-params';

/**
 * The confirmation link's page. Opening it confirms nothing (a mail scanner that follows links subscribes
 * nobody): the button does, with the page's CSRF token.
 */
export function NewsletterConfirmScreen({ search }: { search: NewsletterSearch }) {
  const { t } = useT();
  const { outcome, busy, submit, resultId } = useTokenAction(search.token, confirmNewsletter);

  return (
    <ScreenPage screen="newsletter_confirm" intro={outcome.kind === 'form' && !!search.token}>
      <div className={formStyles.narrow}>
        {!search.token ? (
          <Notice kind="error" id={resultId}>
            <p>{t('newsletter.noToken')}</p>
          </Notice>
        ) : outcome.kind === 'done' ? (
          <Notice kind="success" id={resultId} testId="newsletter-confirmed">
            <p>{t('newsletter.confirmed')}</p>
            <p>
              <ScreenLink screen="recipes">{t('newsletter.toRecipes')}</ScreenLink>
            </p>
          </Notice>
        ) : outcome.kind === 'failed' ? (
          <Notice kind="error" id={resultId} testId="newsletter-confirm-failed">
            <p>{outcome.message}</p>
            <p>
              <ScreenLink screen="home">{t('newsletter.subscribeAgain')}</ScreenLink>
            </p>
          </Notice>
        ) : (
          <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="newsletter-confirm-form">
            <SubmitRow busy={busy} busyLabel={t('newsletter.confirming')} label={t('newsletter.confirm')} />
          </form>
        )}
      </div>
    </ScreenPage>
  );
}

/**
 * The unsubscribe link's page. Opening it unsubscribes nobody (RFC 8058: a GET must not); its button does,
 * at once. Without JavaScript the same button sends a plain form to the one-click endpoint, which comes back
 * here with `?status=`.
 */
export function NewsletterUnsubscribeScreen({ search }: { search: NewsletterSearch }) {
  const { t } = useT();
  const { outcome, busy, submit, resultId } = useTokenAction(
    search.token,
    unsubscribeNewsletter,
    search.status === 'unsubscribed'
      ? { kind: 'done' }
      : search.status === 'invalid'
        ? { kind: 'failed', message: t('newsletter.linkInvalid') }
        : { kind: 'form' },
  );

  return (
    <ScreenPage screen="newsletter_unsubscribe" intro={outcome.kind === 'form' && !!search.token}>
      <div className={formStyles.narrow}>
        {outcome.kind === 'done' ? (
          <Notice kind="success" id={resultId} testId="newsletter-unsubscribed">
            <p>{t('newsletter.unsubscribed')}</p>
            <p>
              <ScreenLink screen="home">{t('error.backHome')}</ScreenLink>
            </p>
          </Notice>
        ) : outcome.kind === 'failed' ? (
          <Notice kind="error" id={resultId}>
            <p>{outcome.message}</p>
          </Notice>
        ) : !search.token ? (
          <Notice kind="error" id={resultId}>
            <p>{t('newsletter.noToken')}</p>
          </Notice>
        ) : (
          <form
            className={formStyles.form}
            method="post"
            action={apiPaths.newsletter.unsubscribe(search.token)}
            onSubmit={submit}
            noValidate
            data-testid="newsletter-unsubscribe-form"
          >
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <SubmitRow busy={busy} busyLabel={t('newsletter.unsubscribing')} label={t('newsletter.unsubscribe')} />
          </form>
        )}
      </div>
    </ScreenPage>
  );
}
