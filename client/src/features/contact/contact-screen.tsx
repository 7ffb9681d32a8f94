import { CompanyContact, CompanyDetails } from '../../components/company-details';
import { useT } from '../../hooks/use-locale';
import { ScreenPage } from '../../components/forms';
import { ContactForm } from './contact-form';
import styles from './contact.module.css';

/**
 * The contact page (/kontakt, /en/contact, /de/kontakt, /sl/kontakt): breadcrumb, the one h1, a lead,
 * then the contact form and, beside it, the company's address, phone, e-mail and official data.
 */
export function ContactScreen() {
  const { t } = useT();
  return (
    <ScreenPage screen="contact">
      <div className={styles.layout}>
        <ContactForm />
        <section className={styles.aside} aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading">{t('contact.details.heading')}</h2>
          <div className={styles.columns}>
            <CompanyContact className={styles.card} />
            <CompanyDetails className={`${styles.card} ${styles.details}`} />
          </div>
        </section>
      </div>
    </ScreenPage>
  );
}
