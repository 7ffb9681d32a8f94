import { EUR_HRK_NOTICE } from '../../../../contract/brand/constants';
import { company } from '../../../../contract/brand/company';
import { NewsletterBox } from '../../features/newsletter/newsletter-form';
import { useT } from '../../hooks/use-locale';
import type { ScreenId } from '../../../../contract/paths';
import { CompanyContact, CompanyDetails } from '../company-details';
import { LogoMark } from '../illustrations';
import { ScreenLink } from '../screen-link';
import styles from './footer.module.css';

const LEGAL: ScreenId[] = ['privacy_policy', 'cookies', 'gdpr', 'general_terms', 'payment_terms', 'delivery', 'eu_projects'];

export function Footer({ showNewsletter = true }: { showNewsletter?: boolean }) {
  const { t } = useT();
  return (
    <footer className={styles.footer}>
      {/* The home page has its own newsletter box: one form per page is enough. */}
      {showNewsletter ? (
        <div className={styles.newsletter}>
          <NewsletterBox source="footer" />
        </div>
      ) : null}
      <div className={styles.grid}>
        <section className={styles.about} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.brand}>
            <LogoMark size={36} />
            <span>{company.brand}</span>
          </h2>
          <p>{t('footer.aboutText')}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contactHeading')}</h2>
          <CompanyContact className={styles.address} />
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.companyHeading')}</h2>
          <CompanyDetails className={styles.details} />
        </section>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legalHeading')}</h2>
          <ul className={styles.links}>
            {LEGAL.map((screen) => (
              <li key={screen}>
                <ScreenLink screen={screen}>{t(`screens.${screen}.title`)}</ScreenLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p>
          {t('footer.conversionLabel')}: <strong className={styles.notice}>{EUR_HRK_NOTICE}</strong>
        </p>
        <p>
          {company.legalName} · {t('site.tagline')}
        </p>
      </div>
    </footer>
  );
}
