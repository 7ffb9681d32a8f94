import { useId, useState, type FormEvent } from 'react';
import { ApiError, browserApi } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { hasAccessToken, login, requestMagicLink } from './account-api';
import { EmailField, FormErrors, formStyles, Notice, ScreenPage, SubmitRow, TextField, useForm } from '../../components/forms';
import { isScreenPath, redirectTarget, safeRedirectPath } from './redirect-target';
import { sessionConfig } from './session';
import { EmailRequestForm, GoogleSignInLink, ResendActivationButton, ResendActivationForm, useAfterSignIn } from './shared';
import { validateLogin } from './validation';
import type { LoginSearch } from './search-params';
import styles from './account.module.css';

const LOGIN_FIELDS = ['email', 'password'] as const;

/** `google`: the server has Google sign-in configured (GET /api/auth/providers); otherwise no Google button. */
export function LoginScreen({ search, google }: { search: LoginSearch; google: boolean }) {
  const { t, locale } = useT();
  const target = redirectTarget(search.redirect, locale, { fallback: sessionConfig.afterLogin, exclude: sessionConfig.guestOnlyScreens });
  const guestScreen = isScreenPath(target, ['checkout']) ? 'checkout' : 'cart';
  const activation = String(search.activation ?? '');

  return (
    <ScreenPage screen="login" lead={google ? undefined : t('account.login.introWithoutGoogle')}>
      <LoginMessages search={search} />
      {activation === 'invalid' || activation === 'used' ? <ResendActivationForm /> : null}
      <div className={formStyles.columns}>
        <div className={formStyles.stack}>
          <PasswordLogin target={target} google={google} />
          <FastLogin target={target} />
        </div>
        <div className={formStyles.stack}>
          <section className={formStyles.panel} aria-labelledby="login-guest-heading" data-testid="guest-continue">
            <h2 id="login-guest-heading">{t('account.login.guestHeading')}</h2>
            <p>{t('account.login.guestText')}</p>
            <ScreenLink screen={guestScreen} className={formStyles.secondaryButton}>
              {t('account.login.guestLink')}
            </ScreenLink>
          </section>
          <section className={formStyles.panel} aria-labelledby="login-register-heading">
            <h2 id="login-register-heading">{t('account.login.registerHeading')}</h2>
            <p>{t('account.login.registerText')}</p>
            <ScreenLink screen="register" className={formStyles.secondaryButton}>
              {t('account.login.registerLink')}
            </ScreenLink>
          </section>
        </div>
      </div>
    </ScreenPage>
  );
}

/** The messages the login page is opened with (activation, expired links, sign-out, sign-in required). */
function LoginMessages({ search }: { search: LoginSearch }) {
  const { t } = useT();
  const notes: Array<{ kind: 'success' | 'error' | 'info'; text: string; testId: string }> = [];
  const activation = String(search.activation ?? '');
  if (String(search.activated ?? '') === '1') notes.push({ kind: 'success', text: t('account.activation.activated'), testId: 'activated' });
  if (activation === 'invalid') notes.push({ kind: 'error', text: t('account.activation.invalid'), testId: 'activation-invalid' });
  if (activation === 'used') notes.push({ kind: 'error', text: t('account.activation.used'), testId: 'activation-used' });
  if (String(search.magic ?? '') === 'invalid')
    notes.push({ kind: 'error', text: t('account.login.magicInvalid'), testId: 'magic-invalid' });
  const google = String(search.google ?? '');
  if (google === 'link-required') notes.push({ kind: 'info', text: t('account.login.googleLinkRequired'), testId: 'google-link-required' });
  else if (google === 'other-account')
    notes.push({ kind: 'error', text: t('account.login.googleOtherAccount'), testId: 'google-other-account' });
  else if (google === 'unverified') notes.push({ kind: 'error', text: t('account.login.googleUnverified'), testId: 'google-unverified' });
  else if (google !== '') notes.push({ kind: 'error', text: t('account.login.googleFailed'), testId: 'google-failed' });
  if (String(search.signed_out ?? '') === '1') notes.push({ kind: 'success', text: t('account.login.signedOut'), testId: 'signed-out' });
  if (notes.length === 0 && safeRedirectPath(search.redirect))
    notes.push({ kind: 'info', text: t('account.login.signInToContinue'), testId: 'sign-in-required' });
  if (notes.length === 0) return null;
  return (
    <div className={formStyles.messages}>
      {notes.map((n) => (
        <Notice key={n.testId} kind={n.kind} testId={n.testId}>
          <p>{n.text}</p>
        </Notice>
      ))}
    </div>
  );
}

/** E-mail and password; 'not activated yet' offers the activation mail again; then Google (when configured). */
function PasswordLogin({ target, google }: { target: string; google: boolean }) {
  const { t, locale } = useT();
  const form = useForm<(typeof LOGIN_FIELDS)[number]>();
  const afterSignIn = useAfterSignIn();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notActivated, setNotActivated] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    setNotActivated(null);
    if (!form.check(validateLogin({ email, password }), LOGIN_FIELDS)) return;
    form.setBusy(true);
    try {
      const answer = await login(browserApi(locale), email.trim(), password);
      if (!hasAccessToken(answer)) {
        // Spec section 5: no access token in the answer means no sign-in.
        console.error('[login] the API answer carries no access token');
        form.failWith([t('account.login.failed')]);
        return;
      }
      await afterSignIn(target);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'AUTH_NOT_ACTIVATED') setNotActivated(email.trim());
      form.fail(error, LOGIN_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const bind = form.bind({ email, password }, (field, value) => (field === 'email' ? setEmail : setPassword)(String(value)));
  return (
    <section className={formStyles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.login.passwordHeading')}</h2>
      <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="login-form">
        <FormErrors form={form} />
        {notActivated ? <ResendActivationButton email={notActivated} /> : null}
        <EmailField binding={bind.text('email')} label={t('account.common.email')} autoComplete="username" />
        <TextField {...bind.text('password')} type="password" autoComplete="current-password" label={t('account.common.password')} />
        <SubmitRow
          busy={form.busy}
          busyLabel={t('account.login.submitting')}
          label={t('account.login.submit')}
          link={{ screen: 'forgot_password', label: t('account.login.forgotPassword') }}
        />
      </form>
      {google ? (
        <>
          <p className={styles.divider}>{t('account.common.or')}</p>
          <GoogleSignInLink redirect={target} />
        </>
      ) : null}
    </section>
  );
}

/** Fast login: a one-time sign-in link by e-mail (valid 15 minutes); the same answer for every address. */
function FastLogin({ target }: { target: string }) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section className={formStyles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.login.fastHeading')}</h2>
      <p>{t('account.login.fastText')}</p>
      <EmailRequestForm
        label={t('account.login.fastEmail')}
        submitLabel={t('account.login.fastSubmit')}
        request={(api, email, locale) => requestMagicLink(api, email, locale, target)}
        sentMessage={(email) => t('account.login.fastSent', { email })}
        testId="magic-link-form"
        sentTestId="magic-link-sent"
        secondary
      />
    </section>
  );
}
