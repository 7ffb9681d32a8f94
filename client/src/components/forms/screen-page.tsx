import type { ReactNode } from 'react';
import type { ScreenId } from '../../../../contract/paths';
import { useT } from '../../hooks/use-locale';
import { Breadcrumb } from '../breadcrumb';
import styles from './forms.module.css';

/**
 * The frame of a screen with forms: breadcrumb, the one h1 (the screen's heading), the intro line (`lead`
 * replaces the screen's intro text; `intro={false}` leaves it out). The frame says which screen it is
 * (`data-screen`); `attributes` adds data-* attributes of the screen's own.
 */
export function ScreenPage({
  screen,
  children,
  intro = true,
  lead,
  attributes,
}: {
  screen: ScreenId;
  children: ReactNode;
  intro?: boolean;
  lead?: string;
  attributes?: Record<`data-${string}`, string>;
}) {
  const { t } = useT();
  return (
    <div className={styles.page} data-screen={screen} {...attributes}>
      <Breadcrumb screen={screen} name="" />
      <h1>{t(`screens.${screen}.heading`)}</h1>
      {intro ? <p className={styles.lead}>{lead ?? t(`screens.${screen}.intro`)}</p> : null}
      {children}
    </div>
  );
}
