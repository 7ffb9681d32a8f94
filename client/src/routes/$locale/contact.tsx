import { createFileRoute } from '@tanstack/react-router';
import { CompanyContact, CompanyDetails } from '../../components/company-details';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';
import styles from '../../features/content/contact.module.css';

export const Route = createFileRoute('/$locale/contact')({
  head: (ctx) => screenHead(ctx, 'contact'),
  component: ContactScreen,
});

function ContactScreen() {
  return (
    <ScreenShell screen="contact">
      <div className={styles.columns}>
        <CompanyContact className={styles.card} />
        <CompanyDetails className={`${styles.card} ${styles.details}`} />
      </div>
    </ScreenShell>
  );
}
