import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { browserApi, type Api } from '../../api/http';
import { useT } from '../../hooks/use-locale';
import type { Locale } from '../../../../contract/locales';
import { googleSignInHref, resendActivation } from './account-api';
import { apiErrorMessages, EmailField, FormErrors, formStyles, Notice, SubmitRow, useForm } from '../../components/forms';
import { isServerPagePath } from './redirect-target';
import { useSessionStore } from './use-session';
import { validateEmailOnly } from './validation';
import styles from './account.module.css';

/**
 * After the API signed the visitor in (login, invitation): read the new session (which also drops cached
 * account data and reads the cart again: the API merged the guest cart into the account's), drop cached
 * route data and open `target` (a public path).
 */
export function useAfterSignIn(): (target: string) => Promise<void> {
  const store = useSessionStore();
  const router = useRouter();
  return async (target) => {
    await store.signedIn();
    // A server-rendered page (the operators' /admin/orders) is no route of the client: load it.
    if (isServerPagePath(target)) return window.location.replace(target);
    router.clearCache();
    await router.navigate({ href: target, replace: true });
  };
}

/** 'Sign in with Google': a plain link (full page navigation) to the API, which comes back to `redirect`. */
export function GoogleSignInLink({ redirect }: { redirect: string }) {
  const { t } = useT();
  return (
    <a className={`${formStyles.secondaryButton} ${styles.googleButton}`} href={googleSignInHref(redirect)} data-testid="google-sign-in">
      <GoogleMark />
      <span>{t('account.common.google')}</span>
    </a>
  );
}

function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.6 13.2l7.9 6.2C12.4 13.7 17.7 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.2C.9 16.6 0 20.2 0 24s.9 7.4 2.6 10.8l7.9-6.2z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.3 0-11.6-4.2-13.5-10l-7.9 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * 'Send the activation e-mail again' for a known address (registration success, a login refused as 'not
 * activated yet'): one button (no form of its own, so it can sit inside another form) and a status line.
 * The API answers the same for every address, so the confirmation does not say whether an account exists.
 */
export function ResendActivationButton({ email }: { email: string }) {
  const { t, locale } = useT();
  const statusId = useId();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    if (state === 'sending') return;
    setState('sending');
    try {
      await resendActivation(browserApi(locale), email, locale);
      setState('sent');
    } catch (error) {
      setProblem(apiErrorMessages(error, [], t).form.join(' '));
      setState('failed');
    }
  };

  return (
    <div className={styles.resend} data-testid="resend-activation">
      <button
        type="button"
        className={formStyles.secondaryButton}
        aria-disabled={state === 'sending' || undefined}
        aria-describedby={statusId}
        onClick={() => void send()}
      >
        {state === 'sending' ? t('account.common.sending') : t('account.activation.resendSubmit')}
      </button>
      <p id={statusId} role="status" className={state === 'failed' ? formStyles.fieldError : styles.statusLine}>
        {state === 'sent' ? t('account.activation.resent', { email }) : state === 'failed' ? problem : null}
      </p>
    </div>
  );
}

/**
 * A form asking for one e-mail address and sending a request about it (a sign-in link, a reset link, the
 * activation mail). The API answers the same for every address, so success always shows `sentMessage`.
 */
export function EmailRequestForm({
  label,
  submitLabel,
  request,
  sentMessage,
  testId,
  sentTestId,
  secondary = false,
  actions,
}: {
  label: string;
  submitLabel: string;
  request: (api: Api, email: string, locale: Locale) => Promise<unknown>;
  sentMessage: (email: string) => string;
  testId?: string;
  sentTestId?: string;
  secondary?: boolean;
  /** Further links beside the submit button (back to login). */
  actions?: ReactNode;
}) {
  const { t, locale } = useT();
  const form = useForm<'email'>();
  const sentId = useId();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    setSent(null);
    const address = email.trim();
    if (!form.check(validateEmailOnly(address), ['email'])) return;
    form.setBusy(true);
    try {
      await request(browserApi(locale), address, locale);
      setSent(address);
      form.focus(sentId);
    } catch (error) {
      form.fail(error, ['email']);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid={testId}>
      <FormErrors form={form} />
      <EmailField binding={form.bind({ email }, (_, value) => setEmail(String(value))).text('email')} label={label} />
      <SubmitRow busy={form.busy} busyLabel={t('account.common.sending')} label={submitLabel} secondary={secondary}>
        {actions}
      </SubmitRow>
      {sent ? (
        <Notice kind="success" id={sentId} testId={sentTestId}>
          <p>{sentMessage(sent)}</p>
        </Notice>
      ) : null}
    </form>
  );
}

/** The login page opened from an invalid or used activation link: ask for the activation mail again. */
export function ResendActivationForm() {
  const { t } = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={formStyles.panel} data-testid="resend-activation-form">
      <h2 id={headingId}>{t('account.activation.resendHeading')}</h2>
      <EmailRequestForm
        label={t('account.activation.email')}
        submitLabel={t('account.activation.resendSubmit')}
        request={resendActivation}
        sentMessage={(email) => t('account.activation.resent', { email })}
        secondary
      />
    </section>
  );
}
