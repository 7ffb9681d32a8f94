import { useId, useState, type FormEvent } from 'react';
import { browserApi } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { BotCheckNotice, useBotCheck } from '../../lib/bot-check';
import { publicPath } from '../../../../contract/paths';
import { acceptInvitation, hasAccessToken, register } from './account-api';
import { CheckboxField, FormErrors, Notice, SubmitButton, TextField, useAccountForm } from './form';
import { sessionConfig } from './session';
import { AccountPage, GoogleSignInLink, NewPasswordFields, ResendActivationButton, useAfterSignIn } from './shared';
import {
  todayIso,
  validateInvitation,
  validateRegistration,
  type InvitationField,
  type InvitationValues,
  type RegistrationField,
  type RegistrationValues,
} from './validation';
import type { RegisterSearch } from './search-params';
import styles from './account.module.css';

/** `google`: the server has Google sign-in configured (GET /api/auth/providers); otherwise no Google panel. */
export function RegisterScreen({ search, google }: { search: RegisterSearch; google: boolean }) {
  const invite = search.invite === undefined || search.invite === '' ? null : String(search.invite);
  return <AccountPage screen="register">{invite ? <InvitationForm token={invite} /> : <Registration google={google} />}</AccountPage>;
}

// ---------------------------------------------------------------------------------------------------
// Registration

const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'first_name',
  'last_name',
  'birthday',
  'email',
  'password',
  'password_confirmation',
  'terms_accepted',
];

const EMPTY_REGISTRATION: RegistrationValues & { newsletter: boolean } = {
  first_name: '',
  last_name: '',
  birthday: '',
  email: '',
  password: '',
  password_confirmation: '',
  terms_accepted: false,
  newsletter: false,
};

function Registration({ google }: { google: boolean }) {
  const { t, locale } = useT();
  const form = useAccountForm<RegistrationField | 'newsletter'>();
  const successId = useId();
  const [values, setValues] = useState(EMPTY_REGISTRATION);
  const [registered, setRegistered] = useState<string | null>(null);
  // Registration is protected by the bot check: its script loads on the form's first focus, the token is asked for on sending.
  const botCheck = useBotCheck();

  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (!form.check(validateRegistration(values, todayIso()), REGISTRATION_FIELDS)) return;
    form.setBusy(true);
    try {
      const recaptchaToken = await botCheck.token('register');
      await register(browserApi(locale), {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        birthday: values.birthday,
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        terms_accepted: values.terms_accepted,
        newsletter: values.newsletter,
        locale,
        ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
      });
      setRegistered(values.email.trim());
      form.focus(successId);
    } catch (error) {
      form.fail(error, REGISTRATION_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  if (registered) {
    return (
      <div className={styles.narrow}>
        <Notice kind="success" id={successId} testId="registration-success">
          <p>{t('account.register.success', { email: registered })}</p>
          <p>{t('account.register.successHint')}</p>
        </Notice>
        <div className={styles.messages}>
          <ResendActivationButton email={registered} />
          <ScreenLink screen="login" className={styles.inlineLink}>
            {t('account.common.backToLogin')}
          </ScreenLink>
        </div>
      </div>
    );
  }

  const id = form.idOf;
  const err = form.errors.fields;
  return (
    <div className={styles.columns}>
      <section className={styles.panel} aria-labelledby="register-form-heading">
        <h2 id="register-form-heading">{t('account.register.formHeading')}</h2>
        <form className={styles.form} method="post" onSubmit={submit} onFocus={botCheck.preload} noValidate data-testid="register-form">
          <FormErrors form={form} />
          <div className={styles.fieldGrid}>
            <TextField
              id={id('first_name')}
              name="first_name"
              autoComplete="given-name"
              label={t('account.common.firstName')}
              value={values.first_name}
              error={err.first_name}
              maxLength={100}
              onChange={(v) => change('first_name', v)}
            />
            <TextField
              id={id('last_name')}
              name="last_name"
              autoComplete="family-name"
              label={t('account.common.lastName')}
              value={values.last_name}
              error={err.last_name}
              maxLength={100}
              onChange={(v) => change('last_name', v)}
            />
          </div>
          <TextField
            id={id('birthday')}
            name="birthday"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={todayIso()}
            label={t('account.common.birthday')}
            hint={t('account.register.birthdayHint')}
            value={values.birthday}
            error={err.birthday}
            onChange={(v) => change('birthday', v)}
          />
          <TextField
            id={id('email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
            label={t('account.common.email')}
            value={values.email}
            error={err.email}
            onChange={(v) => change('email', v)}
          />
          <div className={styles.fieldGrid}>
            <NewPasswordFields
              ids={{ password: id('password'), password_confirmation: id('password_confirmation') }}
              values={values}
              errors={err}
              onChange={change}
              labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
            />
          </div>
          <TermsCheckbox
            id={id('terms_accepted')}
            checked={values.terms_accepted}
            error={err.terms_accepted}
            onChange={(v) => change('terms_accepted', v)}
          />
          <CheckboxField id={id('newsletter')} name="newsletter" checked={values.newsletter} onChange={(v) => change('newsletter', v)}>
            {t('account.register.newsletter')}
          </CheckboxField>
          <div className={styles.actions}>
            <SubmitButton busy={form.busy} busyLabel={t('account.register.submitting')}>
              {t('account.register.submit')}
            </SubmitButton>
          </div>
          <BotCheckNotice />
        </form>
      </section>
      <div className={styles.stack}>
        {google ? (
          <section className={styles.panel} aria-labelledby="register-google-heading">
            <h2 id="register-google-heading">{t('account.register.googleHeading')}</h2>
            <p>{t('account.register.googleText')}</p>
            <GoogleSignInLink redirect={publicPath(sessionConfig.afterLogin, locale)} />
          </section>
        ) : null}
        <section className={styles.panel} aria-labelledby="register-login-heading">
          <h2 id="register-login-heading">{t('account.register.haveAccount')}</h2>
          <ScreenLink screen="login" className={styles.secondaryButton}>
            {t('account.register.loginLink')}
          </ScreenLink>
        </section>
      </div>
    </div>
  );
}

/**
 * 'I accept the general terms and conditions', and right under it a link to them (a new tab, so what was
 * typed stays). The link is not inside the label: the checkbox's name stays one clear sentence.
 */
function TermsCheckbox({ id, checked, error, onChange }: { id: string; checked: boolean; error?: string; onChange: (v: boolean) => void }) {
  const { t, locale } = useT();
  return (
    <CheckboxField
      id={id}
      name="terms_accepted"
      checked={checked}
      error={error}
      required
      onChange={onChange}
      extra={
        <a href={publicPath('general_terms', locale)} target="_blank" rel="noopener" className={styles.inlineLink}>
          {t('account.register.termsLink')}
          <span className="visually-hidden"> {t('account.common.newTab')}</span>
        </a>
      }
    >
      {t('account.register.terms')}
    </CheckboxField>
  );
}

// ---------------------------------------------------------------------------------------------------
// Business invitation (?invite=TOKEN)

const INVITATION_FIELDS: readonly InvitationField[] = ['first_name', 'last_name', 'password', 'password_confirmation', 'terms_accepted'];

const EMPTY_INVITATION: InvitationValues = {
  first_name: '',
  last_name: '',
  password: '',
  password_confirmation: '',
  terms_accepted: false,
};

function InvitationForm({ token }: { token: string }) {
  const { t, locale } = useT();
  const form = useAccountForm<InvitationField>();
  const afterSignIn = useAfterSignIn();
  const [values, setValues] = useState(EMPTY_INVITATION);

  const change = <K extends keyof InvitationValues>(field: K, value: InvitationValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (!form.check(validateInvitation(values), INVITATION_FIELDS)) return;
    form.setBusy(true);
    try {
      const answer = await acceptInvitation(browserApi(locale), {
        token,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        terms_accepted: values.terms_accepted,
      });
      if (!hasAccessToken(answer)) {
        console.error('[invitation] the API answer carries no access token');
        form.failWith([t('error.general')]);
        return;
      }
      await afterSignIn(publicPath(sessionConfig.afterLogin, locale));
    } catch (error) {
      form.fail(error, INVITATION_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const id = form.idOf;
  const err = form.errors.fields;
  return (
    <section className={`${styles.panel} ${styles.narrow}`} aria-labelledby="invite-heading" data-testid="invitation-form">
      <h2 id="invite-heading">{t('account.invite.heading')}</h2>
      <p>{t('account.invite.text')}</p>
      <form className={styles.form} method="post" onSubmit={submit} noValidate>
        <FormErrors form={form} />
        <TextField
          id={id('first_name')}
          name="first_name"
          autoComplete="given-name"
          label={t('account.common.firstName')}
          value={values.first_name}
          error={err.first_name}
          maxLength={100}
          onChange={(v) => change('first_name', v)}
        />
        <TextField
          id={id('last_name')}
          name="last_name"
          autoComplete="family-name"
          label={t('account.common.lastName')}
          value={values.last_name}
          error={err.last_name}
          maxLength={100}
          onChange={(v) => change('last_name', v)}
        />
        <NewPasswordFields
          ids={{ password: id('password'), password_confirmation: id('password_confirmation') }}
          values={values}
          errors={err}
          onChange={change}
          labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
        />
        <TermsCheckbox
          id={id('terms_accepted')}
          checked={values.terms_accepted}
          error={err.terms_accepted}
          onChange={(v) => change('terms_accepted', v)}
        />
        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel={t('account.invite.submitting')}>
            {t('account.invite.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
