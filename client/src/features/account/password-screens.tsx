import { useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, browserApi } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { changePassword, requestPasswordReset, resetPassword } from './account-api';
import { FormErrors, formStyles, NewPasswordFields, Notice, ScreenPage, SubmitRow, TextField, useForm } from '../../components/forms';
import { EmailRequestForm } from './shared';
import { useSessionStore } from './use-session';
import { validateNewPassword, validatePasswordChange } from './validation';

// ---------------------------------------------------------------------------------------------------
// Forgot password

/**
 * E-mail -> POST /api/auth/password/request. Success is ALWAYS the same sentence ('A password reset link has
 * been sent to your email.'): the API does not say whether the address has an account, nor do we.
 */
export function ForgotPasswordScreen() {
  const { t } = useT();
  return (
    <ScreenPage screen="forgot_password">
      <section className={`${formStyles.panel} ${formStyles.narrow}`} aria-labelledby="forgot-heading">
        <h2 id="forgot-heading">{t('account.forgot.heading')}</h2>
        <EmailRequestForm
          label={t('account.common.email')}
          submitLabel={t('account.forgot.submit')}
          request={requestPasswordReset}
          sentMessage={() => t('account.forgot.success')}
          testId="forgot-password-form"
          sentTestId="reset-link-sent"
          actions={
            <ScreenLink screen="login" className={formStyles.inlineLink}>
              {t('account.common.backToLogin')}
            </ScreenLink>
          }
        />
      </section>
    </ScreenPage>
  );
}

// ---------------------------------------------------------------------------------------------------
// Reset password from the e-mailed link

const NEW_PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

/** The token arrives still percent-encoded (route params pass through byte for byte). */
function decodeToken(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function ResetPasswordScreen({ token }: { token: string }) {
  const { t, locale } = useT();
  const form = useForm<(typeof NEW_PASSWORD_FIELDS)[number]>();
  const resultId = useId();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [invalidMessage, setInvalidMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (!form.check(validateNewPassword(values), NEW_PASSWORD_FIELDS)) return;
    form.setBusy(true);
    try {
      await resetPassword(browserApi(locale), decodeToken(token), values.password, values.password_confirmation);
      setState('done');
      form.focus(resultId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'AUTH_RESET_LINK_INVALID') {
        setInvalidMessage(error.message || t('account.reset.invalid'));
        setState('invalid');
        form.focus(resultId);
      } else {
        form.fail(error, NEW_PASSWORD_FIELDS);
      }
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <ScreenPage screen="reset_password">
      <div className={formStyles.narrow}>
        {state === 'done' ? (
          <Notice kind="success" id={resultId} testId="password-reset-done">
            <p>{t('account.reset.success')}</p>
            <p>
              <ScreenLink screen="login">{t('account.reset.toLogin')}</ScreenLink>
            </p>
          </Notice>
        ) : state === 'invalid' ? (
          <Notice kind="error" id={resultId} testId="reset-link-invalid">
            <p>{invalidMessage}</p>
            <p>
              <ScreenLink screen="forgot_password">{t('account.reset.requestNew')}</ScreenLink>
            </p>
          </Notice>
        ) : (
          <section className={formStyles.panel} aria-labelledby="reset-heading">
            <h2 id="reset-heading">{t('account.reset.heading')}</h2>
            <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="reset-password-form">
              <FormErrors form={form} />
              <NewPasswordFields bind={form.bind(values, (field, value) => setValues((v) => ({ ...v, [field]: value })))} />
              <SubmitRow
                busy={form.busy}
                busyLabel={t('account.common.saving')}
                label={t('account.reset.submit')}
                link={{ screen: 'login', label: t('account.common.backToLogin') }}
              />
            </form>
          </section>
        )}
      </div>
    </ScreenPage>
  );
}

// ---------------------------------------------------------------------------------------------------
// Change password (signed in)

const CHANGE_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * POST /api/users/me/password. Every other session ends; this one continues with the new cookies the answer
 * sets, so the session is re-read. An account without a password (Google only) sets its first one.
 */
export function ChangePasswordScreen({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t, locale } = useT();
  const store = useSessionStore();
  const router = useRouter();
  const form = useForm<(typeof CHANGE_FIELDS)[number]>();
  const doneId = useId();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    setDone(false);
    if (!form.check(validatePasswordChange(values, hasPassword), CHANGE_FIELDS)) return;
    form.setBusy(true);
    try {
      await store.authorized(() =>
        changePassword(browserApi(locale), {
          ...(hasPassword ? { current_password: values.current_password } : {}),
          password: values.password,
          password_confirmation: values.password_confirmation,
        }),
      );
      await store.signedIn();
      router.clearCache();
      setValues({ current_password: '', password: '', password_confirmation: '' });
      setDone(true);
      form.focus(doneId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await router.invalidate();
        return;
      }
      form.fail(error, CHANGE_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const bind = form.bind(values, (field, value) => setValues((s) => ({ ...s, [field]: value })));
  return (
    <ScreenPage screen="profile_reset_password">
      <div className={formStyles.narrow}>
        {done ? (
          <div className={formStyles.messages}>
            <Notice kind="success" id={doneId} testId="password-changed">
              <p>{t('account.password.success')}</p>
            </Notice>
          </div>
        ) : null}
        <section className={formStyles.panel} aria-labelledby="change-password-heading">
          <h2 id="change-password-heading">{hasPassword ? t('account.password.heading') : t('account.password.setHeading')}</h2>
          {hasPassword ? null : <p>{t('account.password.setText')}</p>}
          <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="change-password-form">
            {/* For password managers: whose password this is. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormErrors form={form} />
            {hasPassword ? (
              <TextField
                {...bind.text('current_password')}
                type="password"
                autoComplete="current-password"
                label={t('account.password.current')}
              />
            ) : null}
            <NewPasswordFields bind={bind} />
            <SubmitRow
              busy={form.busy}
              busyLabel={t('account.common.saving')}
              label={t('account.password.submit')}
              link={{ screen: 'profile', label: t('account.common.backToProfile') }}
            />
          </form>
        </section>
      </div>
    </ScreenPage>
  );
}
