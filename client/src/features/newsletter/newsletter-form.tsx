import { useId, useState, type FormEvent } from 'react';
import { normalizeEmail } from '../../../../contract/email';
import type { NewsletterFormSource } from '../../../../contract/newsletter';
import { ApiError, browserApi } from '../../api/http';
import { useT } from '../../hooks/use-locale';
import { BotCheckNotice, useBotCheck } from '../../lib/bot-check';
import { ConsentText } from './consent-text';
import { subscribeNewsletter } from './newsletter-api';
import styles from './newsletter.module.css';

/**
 * The newsletter form of the home page and the footer (docs/newsletter.md): e-mail, the consent sentence
 * with its privacy-policy link, a button. Server-rendered; sent by the browser as JSON with the page's CSRF
 * token in the page's language. The answer is the same for every address: 'check your inbox to confirm'.
 * Errors are the API's localized messages, tied to the field (aria-describedby) or shown above it.
 */
export function NewsletterForm({ source, headingId }: { source: NewsletterFormSource; headingId: string }) {
  const { t, locale } = useT();
  const base = useId();
  const inputId = `${base}-email`;
  const consentId = `${base}-consent`;
  const errorId = `${base}-error`;
  const statusId = `${base}-status`;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const botCheck = useBotCheck();

  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const address = normalizeEmail(email);
    if (!address) {
      setFieldError(email.trim() ? t('newsletter.emailInvalid') : t('newsletter.emailRequired'));
      focus(inputId);
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      // The bot check's token (undefined when the check is off or its script cannot load: the server decides).
      const recaptchaToken = await botCheck.token('newsletter');
      await subscribeNewsletter(browserApi(locale), {
        email: address,
        locale,
        source,
        ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
      });
      setSentTo(address);
      setEmail('');
      focus(statusId);
    } catch (error) {
      const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.errors[0] : undefined;
      if (detail?.field === 'email') {
        setFieldError(detail.message);
        focus(inputId);
      } else {
        setFormError(detail?.message || t('error.general'));
        focus(errorId);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      method="post"
      onSubmit={submit}
      onFocus={botCheck.preload}
      noValidate
      aria-labelledby={headingId}
      data-testid={`newsletter-form-${source}`}
    >
      {sentTo ? (
        <div id={statusId} className={styles.success} role="status" tabIndex={-1} data-testid="newsletter-sent">
          <p>{t('newsletter.sent', { email: sentTo })}</p>
        </div>
      ) : null}
      {formError ? (
        <div id={errorId} className={styles.error} role="alert" tabIndex={-1}>
          <p>{formError}</p>
        </div>
      ) : null}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={inputId}>{t('newsletter.emailLabel')}</label>
          <input
            id={inputId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={254}
            required
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[fieldError ? `${inputId}-error` : '', consentId].filter(Boolean).join(' ')}
            onChange={(e) => {
              setEmail(e.target.value);
              if (fieldError) setFieldError('');
            }}
          />
          {fieldError ? (
            <p id={`${inputId}-error`} className={styles.fieldError}>
              {fieldError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button} aria-disabled={busy || undefined}>
          {busy ? t('newsletter.submitting') : t('newsletter.submit')}
        </button>
      </div>
      <p id={consentId} className={styles.consent}>
        <ConsentText source={source} locale={locale} />
      </p>
      <BotCheckNotice />
    </form>
  );
}

/** The newsletter box: a heading, one line of why, the form. */
export function NewsletterBox({ source, className }: { source: NewsletterFormSource; className?: string }) {
  const { t } = useT();
  const headingId = `newsletter-${source}-heading`;
  return (
    <section className={`${styles.box} ${className ?? ''}`} aria-labelledby={headingId} data-newsletter={source}>
      <h2 id={headingId} className={styles.heading}>
        {t('newsletter.heading')}
      </h2>
      <p className={styles.intro}>{t('newsletter.intro')}</p>
      <NewsletterForm source={source} headingId={headingId} />
    </section>
  );
}
