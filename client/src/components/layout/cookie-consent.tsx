import { useId, useState } from 'react';
import { useT } from '../../hooks/use-locale';
import { ScreenLink } from '../screen-link';
import type { CookieConsent } from '../../router-context';
import { useConsent } from './consent';
import styles from './cookie-consent.module.css';

/**
 * The consent banner: in the page flow above the header (not fixed, so it never hides focused content,
 * WCAG 2.2 SC 2.4.11), not a dialog and no focus trap. Both choices are equally easy.
 */
export function CookieConsent() {
  const { t } = useT();
  const { bannerOpen, choose, analytics } = useConsent();
  const headingId = useId();
  if (!bannerOpen) return null;
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id={headingId} className={styles.heading}>
            {t('cookieConsent.heading')}
          </h2>
          <p>
            {t(analytics ? 'cookieConsent.text' : 'cookieConsent.textNoAnalytics')}{' '}
            <ScreenLink screen="cookies">{t('cookieConsent.policyLink')}</ScreenLink>
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => choose('essential')}>
            {t('cookieConsent.essentialOnly')}
          </button>
          <button type="button" className={styles.button} onClick={() => choose('all')}>
            {t('cookieConsent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * For the cookies page: the current choice, a control that changes it in place (two radio buttons and a
 * save button; rendered on the server, works once the page is hydrated), and a button that opens the
 * banner again. A change takes effect at once (consent.tsx).
 */
export function ConsentSettings() {
  const { t } = useT();
  const { consent, reopen, bannerOpen, analytics, choose } = useConsent();
  const id = useId();
  const [selected, setSelected] = useState<CookieConsent | null>(consent);
  const [message, setMessage] = useState<'saved' | 'chooseOne' | null>(null);
  // The banner may change the choice: the control follows it (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(consent);
  if (shown !== consent) {
    setShown(consent);
    setSelected(consent);
  }
  const errorId = `${id}-error`;
  const option = (value: CookieConsent, label: string, hint: string) => (
    <div className={styles.option}>
      <input
        type="radio"
        id={`${id}-${value}`}
        name="cookie-consent"
        value={value}
        checked={selected === value}
        aria-describedby={`${id}-${value}-hint`}
        onChange={() => {
          setSelected(value);
          setMessage(null);
        }}
      />
      <label htmlFor={`${id}-${value}`}>{label}</label>
      <p id={`${id}-${value}-hint`} className={styles.hint}>
        {hint}
      </p>
    </div>
  );
  return (
    <div className={styles.settings}>
      <p>{t(`cookieConsent.current_${consent ?? 'none'}`)}</p>
      <form
        className={styles.choice}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!selected) {
            setMessage('chooseOne');
            return;
          }
          choose(selected);
          setMessage('saved');
        }}
      >
        <fieldset aria-describedby={message === 'chooseOne' ? errorId : undefined} aria-invalid={message === 'chooseOne' || undefined}>
          <legend>{t('cookieConsent.settingsLegend')}</legend>
          {option('essential', t('cookieConsent.optionEssential'), t('cookieConsent.optionEssentialHint'))}
          {option(
            'all',
            t('cookieConsent.optionAll'),
            t(analytics ? 'cookieConsent.optionAllHint' : 'cookieConsent.optionAllHintNoAnalytics'),
          )}
        </fieldset>
        <p id={errorId} className={message === 'chooseOne' ? styles.error : styles.status} role="status">
          {message ? t(`cookieConsent.${message}`) : null}
        </p>
        <button type="submit" className={styles.button}>
          {t('cookieConsent.save')}
        </button>
      </form>
      <button
        type="button"
        className={styles.button}
        disabled={bannerOpen}
        onClick={() => {
          reopen();
          window.scrollTo({ top: 0 });
        }}
      >
        {t('cookieConsent.reopen')}
      </button>
    </div>
  );
}
