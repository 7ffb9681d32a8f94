import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../hooks/use-locale';
import type { ScreenId } from '../../../contract/paths';
import { screenName } from '../seo/head';
import { Breadcrumb } from './breadcrumb';
import styles from './screen-shell.module.css';

/**
 * The frame of a simple screen: breadcrumb, the one h1, a short paragraph saying what the page is, and the
 * screen's own content.
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
    </div>
  );
}
