/**
 * The contact form (SPEC sections 1, 2 and 7; docs/contact.md): name, e-mail, phone (optional),
 * subject, message and the consent to the processing of the data, sent as `POST /api/mail` with the
 * page's CSRF token. Rendered on the server with the page (labels, required state and the privacy
 * link are there before any script runs); the browser sends it.
 *
 * Accessibility (WCAG 2.2 AA): every control has its <label>, hints and errors are tied to it with
 * aria-describedby, an invalid control has aria-invalid, the errors of the server (already in the
 * page language) are shown under their fields or above the form (role="alert"), the focus moves to
 * the first invalid field or the message above the form, and after sending to the success message
 * (role="status"). Nothing typed is lost on a refusal; the button says 'Sending…' and is
 * aria-disabled while the call runs (a disabled button would drop the keyboard focus).
 *
 * Bot check (docs/bot-check.md): when the server has it on, its script loads on the form's first
 * focus, a fresh token of action 'contact' is asked for right before sending, and the provider's
 * notice stands under the form (its badge is hidden). The server refuses without the provider's word.
 */
import { useId, useState, type FormEvent } from 'react';
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField, type ContactRequest } from '../../../../contract/api/contact';
import { publicPath } from '../../../../contract/paths';
import { ApiError } from '../../api/http';
import { useT } from '../../hooks/use-locale';
import { BotCheckNotice, useBotCheck } from '../../lib/bot-check';
import {
  ConsentCheckbox,
  EmailField,
  FormErrors,
  formStyles,
  Notice,
  PhoneField,
  SubmitRow,
  TextAreaField,
  TextField,
  useForm,
} from '../../components/forms';
import { useSendContactMessage } from './contact-api';
import styles from './contact.module.css';

interface Values {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  consent: boolean;
}

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '', consent: false };

export function ContactForm() {
  const { t, locale } = useT();
  const form = useForm<ContactField>();
  const send = useSendContactMessage(locale);
  const botCheck = useBotCheck();
  const headingId = useId();
  const successId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    form.setBusy(true);
    form.reset();
    setSent(false);
    try {
      const recaptchaToken = await botCheck.token('contact');
      const body: ContactRequest = {
        name: values.name,
        email: values.email,
        ...(values.phone.trim() ? { phone: values.phone } : {}),
        subject: values.subject,
        message: values.message,
        consent: values.consent,
        locale,
        ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
      };
      await send.mutateAsync(body);
      setValues(EMPTY);
      setSent(true);
      form.focus(successId);
    } catch (error) {
      // The bot check's provider could not be asked: the server's own words (nothing was sent, try
      // again in a few minutes) say more than the general failure other 5xx answers show.
      if (error instanceof ApiError && error.code === 'BOT_CHECK_UNAVAILABLE' && error.message) form.failWith([error.message]);
      else form.fail(error, CONTACT_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const bind = form.bind(values, (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (sent) setSent(false);
  });
  return (
    <section className={`${formStyles.panel} ${styles.formPanel}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('contact.form.heading')}</h2>
      <p>{t('contact.form.intro')}</p>
      {sent ? (
        <Notice kind="success" id={successId} testId="contact-sent">
          <p>
            <strong>{t('contact.form.successTitle')}</strong>
          </p>
          <p>{t('contact.form.success')}</p>
        </Notice>
      ) : null}
      <form
        className={formStyles.form}
        method="post"
        onSubmit={submit}
        onFocus={botCheck.preload}
        noValidate
        data-testid="contact-form"
        aria-describedby={`${headingId}-required`}
      >
        <p id={`${headingId}-required`} className={formStyles.hint}>
          {t('contact.form.requiredNote')}
        </p>
        <FormErrors form={form} />
        <TextField {...bind.text('name')} label={t('contact.form.name')} autoComplete="name" maxLength={CONTACT_LIMITS.name} />
        <EmailField binding={bind.text('email')} label={t('contact.form.email')} hint={t('contact.form.emailHint')} />
        <PhoneField binding={bind.text('phone')} label={t('contact.form.phone')} optional maxLength={CONTACT_LIMITS.phone} />
        <TextField {...bind.text('subject')} label={t('contact.form.subject')} autoComplete="off" maxLength={CONTACT_LIMITS.subject} />
        <TextAreaField
          {...bind.text('message')}
          label={t('contact.form.message')}
          hint={t('contact.form.messageHint', { max: CONTACT_LIMITS.message, links: CONTACT_LIMITS.messageLinks })}
          rows={8}
          maxLength={CONTACT_LIMITS.message}
          className={styles.message}
        />
        <ConsentCheckbox
          binding={bind.check('consent')}
          label={t('contact.form.consent')}
          link={{ href: publicPath('privacy_policy', locale), text: t('contact.form.privacyLink') }}
        />
        <SubmitRow busy={form.busy} busyLabel={t('contact.form.sending')} label={t('contact.form.submit')} />
        <BotCheckNotice />
      </form>
    </section>
  );
}
