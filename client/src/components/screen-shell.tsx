import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../hooks/use-locale';
import type { ScreenId } from '../../../contract/paths';
import { screenName } from '../seo/head';
import { Breadcrumb } from './breadcrumb';
import styles from './screen-shell.module.css';

/**
 * The frame of a screen whose contents later issues fill in: breadcrumb, the one h1, a short paragraph
 * saying what the page is, optional screen-specific content, and an honest line about what is not built yet.
 */
export function ScreenShell({ screen, children }: { screen: ScreenId; children?: ReactNode }) {
  const { t } = useT();
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const name = screenName(params);
  return (
    <div className={styles.page}>
      <Breadcrumb screen={screen} name={name} />
      <h1>{t(`screens.${screen}.heading`, { name })}</h1>
      <p className={styles.lead}>{t(`screens.${screen}.intro`, { name })}</p>
      {children}
      <p className={styles.pending}>{t(`screens.${screen}.pending`, { name })}</p>
    </div>
  );
}
