import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiError, browserApi } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useT } from '../../hooks/use-locale';
import { googleLinkHref, unlinkGoogle } from './account-api';
import type { UserView } from './account-types';
import { Notice, SubmitButton, formStyles } from '../../components/forms';

/** `?google=` values the link flow returns to the profile with (server: google.controller.ts). */
const RESULTS: Record<string, { kind: 'success' | 'error'; key: string }> = {
  linked: { kind: 'success', key: 'account.google.linkedNotice' },
  taken: { kind: 'error', key: 'account.google.taken' },
  'already-linked': { kind: 'error', key: 'account.google.alreadyLinked' },
  failed: { kind: 'error', key: 'account.google.failed' },
  unverified: { kind: 'error', key: 'account.google.failed' },
};

/**
 * The profile's Google section: whether a Google account is linked; 'Link Google account' (when the server
 * has Google configured and none is linked) runs Google's sign-in in link mode and comes back here;
 * 'Unlink' for an account that has a password (else it could only sign in by magic link).
 */
export function GoogleLinkPanel({ user, google, result }: { user: UserView; google: boolean; result?: string }) {
  const { t, locale } = useT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [unlinkError, setUnlinkError] = useState<string | null>(null);
  const notice = result ? RESULTS[result] : undefined;
  if (!google && !user.google_linked) return null;

  const unlink = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setUnlinkError(null);
    try {
      await unlinkGoogle(browserApi(locale));
      await queryClient.invalidateQueries({ queryKey: queryKeys.meAll });
      await router.invalidate();
    } catch (error) {
      setUnlinkError(
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? (error.errors[0]?.message ?? t('error.general'))
          : t('error.general'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={formStyles.panel} aria-labelledby="google-link-heading" data-testid="google-link">
      <h2 id="google-link-heading">{t('account.google.heading')}</h2>
      {notice ? (
        <Notice kind={notice.kind} testId={`google-${result}`}>
          <p>{t(notice.key)}</p>
        </Notice>
      ) : null}
      {unlinkError ? (
        <Notice kind="error" testId="google-unlink-failed">
          <p>{unlinkError}</p>
        </Notice>
      ) : null}
      {user.google_linked ? (
        <>
          <p>{t('account.google.isLinked')}</p>
          {user.has_password ? (
            <form onSubmit={unlink} noValidate data-testid="google-unlink-form">
              <SubmitButton busy={busy} busyLabel={t('account.google.unlinking')} secondary>
                {t('account.google.unlink')}
              </SubmitButton>
            </form>
          ) : (
            <p>{t('account.google.unlinkNeedsPassword')}</p>
          )}
        </>
      ) : (
        <>
          <p>{t('account.google.notLinked')}</p>
          <a className={formStyles.secondaryButton} href={googleLinkHref(locale)} data-testid="google-link-start">
            {t('account.google.link')}
          </a>
        </>
      )}
    </section>
  );
}
