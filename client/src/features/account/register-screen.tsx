import { useId, useState, type FormEvent } from 'react';
import { browserApi } from '../../api/http';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { BotCheckNotice, useBotCheck } from '../../lib/bot-check';
import { publicPath } from '../../../../contract/paths';
import { acceptInvitation, hasAccessToken, register } from './account-api';
import {
  BirthdayField,
  type CheckBinding,
  CheckboxField,
  ConsentCheckbox,
  EmailField,
  FieldGrid,
  FormErrors,
  formStyles,
  NameFields,
  NewPasswordFields,
  Notice,
  ScreenPage,
  SubmitRow,
  todayIso,
  useForm,
} from '../../components/forms';
import { sessionConfig } from './session';
import { GoogleSignInLink, ResendActivationButton, useAfterSignIn } from './shared';
import {
  validateInvitation,
  validateRegistration,
  type InvitationField,
  type InvitationValues,
  type RegistrationField,
  type RegistrationValues,
} from './validation';
import type { RegisterSearch } from './search-params';

/** `google`: the server has Google sign-in configured (GET /api/auth/providers); otherwise no Google panel. */
export function RegisterScreen({ search, google }: { search: RegisterSearch; google: boolean }) {
  const invite = search.invite === undefined || search.invite === '' ? null : String(search.invite);
  return <ScreenPage screen="register">{invite ? <InvitationForm token={invite} /> : <Registration google={google} />}</ScreenPage>;
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
  const form = useForm<RegistrationField | 'newsletter'>();
  const successId = useId();
  const [values, setValues] = useState(EMPTY_REGISTRATION);
  const [registered, setRegistered] = useState<string | null>(null);
  // Registration is protected by the bot check: its script loads on the form's first focus, the token is asked for on sending.
  const botCheck = useBotCheck();

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
      <div className={formStyles.narrow}>
        <Notice kind="success" id={successId} testId="registration-success">
          <p>{t('account.register.success', { email: registered })}</p>
          <p>{t('account.register.successHint')}</p>
        </Notice>
        <div className={formStyles.messages}>
          <ResendActivationButton email={registered} />
          <ScreenLink screen="login" className={formStyles.inlineLink}>
            {t('account.common.backToLogin')}
          </ScreenLink>
        </div>
      </div>
    );
  }

  const bind = form.bind(values, (field, value) => setValues((v) => ({ ...v, [field]: value })));
  return (
    <div className={formStyles.columns}>
      <section className={formStyles.panel} aria-labelledby="register-form-heading">
        <h2 id="register-form-heading">{t('account.register.formHeading')}</h2>
        <form className={formStyles.form} method="post" onSubmit={submit} onFocus={botCheck.preload} noValidate data-testid="register-form">
          <FormErrors form={form} />
          <FieldGrid>
            <NameFields bind={bind} names={{ first: 'first_name', last: 'last_name' }} />
          </FieldGrid>
          <BirthdayField binding={bind.text('birthday')} label={t('account.common.birthday')} hint={t('account.register.birthdayHint')} />
          <EmailField binding={bind.text('email')} label={t('account.common.email')} />
          <FieldGrid>
            <NewPasswordFields
              bind={bind}
              labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
            />
          </FieldGrid>
          <TermsCheckbox binding={bind.check('terms_accepted')} />
          <CheckboxField {...bind.check('newsletter')}>{t('account.register.newsletter')}</CheckboxField>
          <SubmitRow busy={form.busy} busyLabel={t('account.register.submitting')} label={t('account.register.submit')} />
          <BotCheckNotice />
        </form>
      </section>
      <div className={formStyles.stack}>
        {google ? (
          <section className={formStyles.panel} aria-labelledby="register-google-heading">
            <h2 id="register-google-heading">{t('account.register.googleHeading')}</h2>
            <p>{t('account.register.googleText')}</p>
            <GoogleSignInLink redirect={publicPath(sessionConfig.afterLogin, locale)} />
          </section>
        ) : null}
        <section className={formStyles.panel} aria-labelledby="register-login-heading">
          <h2 id="register-login-heading">{t('account.register.haveAccount')}</h2>
          <ScreenLink screen="login" className={formStyles.secondaryButton}>
            {t('account.register.loginLink')}
          </ScreenLink>
        </section>
      </div>
    </div>
  );
}

/** 'I accept the general terms and conditions', with the link to them. */
function TermsCheckbox({ binding }: { binding: CheckBinding }) {
  const { t, locale } = useT();
  return (
    <ConsentCheckbox
      binding={binding}
      label={t('account.register.terms')}
      link={{ href: publicPath('general_terms', locale), text: t('account.register.termsLink') }}
    />
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
  const form = useForm<InvitationField>();
  const afterSignIn = useAfterSignIn();
  const [values, setValues] = useState(EMPTY_INVITATION);

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

  const bind = form.bind(values, (field, value) => setValues((v) => ({ ...v, [field]: value })));
  return (
    <section className={`${formStyles.panel} ${formStyles.narrow}`} aria-labelledby="invite-heading" data-testid="invitation-form">
      <h2 id="invite-heading">{t('account.invite.heading')}</h2>
      <p>{t('account.invite.text')}</p>
      <form className={formStyles.form} method="post" onSubmit={submit} noValidate>
        <FormErrors form={form} />
        <NameFields bind={bind} names={{ first: 'first_name', last: 'last_name' }} />
        <NewPasswordFields
          bind={bind}
          labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
        />
        <TermsCheckbox binding={bind.check('terms_accepted')} />
        <SubmitRow busy={form.busy} busyLabel={t('account.invite.submitting')} label={t('account.invite.submit')} />
      </form>
    </section>
  );
}
