import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { useT } from '../../hooks/use-locale';
import styles from './bot-check.module.css';

/**
 * The provider's required notice, shown under every protected form instead of its badge (which is
 * hidden): 'This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service
 * apply.', with both links, in the page's language. Nothing when the check is off.
 */
export function BotCheckNotice({ className }: { className?: string }) {
  const { t, locale } = useT();
  const enabled = useRouteContext({ from: rootRouteId, select: (c) => c.botCheck !== null });
  if (!enabled) return null;
  return (
    <p className={[styles.notice, className].filter(Boolean).join(' ')} data-testid="bot-check-notice">
      <Trans
        t={t}
        i18nKey="botCheck.notice"
        components={{
          privacy: <NewTabLink href={`https://policies.google.com/privacy?hl=${locale}`} hint={t('botCheck.newTab')} />,
          terms: <NewTabLink href={`https://policies.google.com/terms?hl=${locale}`} hint={t('botCheck.newTab')} />,
        }}
      />
    </p>
  );
}

/** A link opening a new tab (what was typed into the form stays), saying so to screen readers. Trans gives it its text. */
function NewTabLink({ href, hint, children }: { href: string; hint: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {children}
      <span className="visually-hidden"> {hint}</span>
    </a>
  );
}
