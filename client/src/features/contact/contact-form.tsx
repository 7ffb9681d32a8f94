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
import { CheckboxField, FormErrors, Notice, SubmitButton, TextField, useAccountForm } from '../account/form';
import accountStyles from '../account/account.module.css';
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
  const form = useAccountForm<ContactField>();
  const send = useSendContactMessage(locale);
  const botCheck = useBotCheck();
  const headingId = useId();
  const successId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sent, setSent] = useState(false);

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearField(field);
    if (sent) setSent(false);
  };

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

  const err = form.errors.fields;
  const id = form.idOf;
  return (
    <section className={`${accountStyles.panel} ${styles.formPanel}`} aria-labelledby={headingId}>
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
      <form className={accountStyles.form} method="post" onSubmit={submit} onFocus={botCheck.preload} noValidate data-testid="contact-form" aria-describedby={`${headingId}-required`}>
        <p id={`${headingId}-required`} className={accountStyles.hint}>
          {t('contact.form.requiredNote')}
        </p>
        <FormErrors form={form} />
        <TextField
          id={id('name')}
          name="name"
          label={t('contact.form.name')}
          value={values.name}
          error={err.name}
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          onChange={(v) => change('name', v)}
        />
        <TextField
          id={id('email')}
          name="email"
          type="email"
          label={t('contact.form.email')}
          hint={t('contact.form.emailHint')}
          value={values.email}
          error={err.email}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          onChange={(v) => change('email', v)}
        />
        <TextField
          id={id('phone')}
          name="phone"
          type="tel"
          label={t('contact.form.phone')}
          optional
          value={values.phone}
          error={err.phone}
          autoComplete="tel"
          inputMode="tel"
          maxLength={CONTACT_LIMITS.phone}
          onChange={(v) => change('phone', v)}
        />
        <TextField
          id={id('subject')}
          name="subject"
          label={t('contact.form.subject')}
          value={values.subject}
          error={err.subject}
          autoComplete="off"
          maxLength={CONTACT_LIMITS.subject}
          onChange={(v) => change('subject', v)}
        />
        <MessageField id={id('message')} value={values.message} error={err.message} onChange={(v) => change('message', v)} />
        <CheckboxField
          id={id('consent')}
          name="consent"
          checked={values.consent}
          error={err.consent}
          required
          onChange={(v) => change('consent', v)}
          extra={
            <a href={publicPath('privacy_policy', locale)} target="_blank" rel="noopener" className={accountStyles.inlineLink}>
              {t('contact.form.privacyLink')}
              <span className="visually-hidden"> {t('account.common.newTab')}</span>
            </a>
          }
        >
          {t('contact.form.consent')}
        </CheckboxField>
        <div className={accountStyles.actions}>
          <SubmitButton busy={form.busy} busyLabel={t('contact.form.sending')}>
            {t('contact.form.submit')}
          </SubmitButton>
        </div>
        <BotCheckNotice />
      </form>
    </section>
  );
}

/** The message: a multi-line text with a hint of its bounds; its error tied to it like the other fields'. */
function MessageField({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useT();
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={accountStyles.field}>
      <label htmlFor={id}>{t('contact.form.message')}</label>
      <p id={`${id}-hint`} className={accountStyles.hint}>
        {t('contact.form.messageHint', { max: CONTACT_LIMITS.message, links: CONTACT_LIMITS.messageLinks })}
      </p>
      <textarea
        id={id}
        name="message"
        rows={8}
        required
        maxLength={CONTACT_LIMITS.message}
        value={value}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={accountStyles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
