import { useId } from 'react';
import { useT } from '../../hooks/use-locale';
import { ScreenLink } from '../screen-link';
import { useConsent } from './consent';
import styles from './cookie-consent.module.css';

/**
 * The consent banner: in the page flow above the header (not fixed, so it never hides focused content,
 * WCAG 2.2 SC 2.4.11), not a dialog and no focus trap. Both choices are equally easy.
 */
export function CookieConsent() {
  const { t } = useT();
  const { bannerOpen, choose } = useConsent();
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
            {t('cookieConsent.text')} <ScreenLink screen="cookies">{t('cookieConsent.policyLink')}</ScreenLink>
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

/** For the cookies page: the current choice and a button that opens the banner again. */
export function ConsentSettings() {
  const { t } = useT();
  const { consent, reopen, bannerOpen } = useConsent();
  return (
    <div className={styles.settings}>
      <p>{t(`cookieConsent.current_${consent ?? 'none'}`)}</p>
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
