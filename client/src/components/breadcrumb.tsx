import { useT } from '../hooks/use-locale';
import type { ScreenId } from '../../../contract/paths';
import { trailOf } from '../seo/breadcrumb';
import { ScreenLink } from './screen-link';
import styles from './breadcrumb.module.css';

/** Breadcrumb trail (home > parents > this screen); the last item is the current page. */
export function Breadcrumb({ screen, name }: { screen: ScreenId; name: string }) {
  const { t } = useT();
  const trail = trailOf(screen);
  return (
    <nav aria-label={t('a11y.breadcrumb')} className={styles.breadcrumb}>
      <ol>
        {trail.map((s, i) => {
          const label = s === 'home' ? t('site.name') : t(`screens.${s}.title`, { name });
          const current = i === trail.length - 1;
          return <li key={s}>{current ? <span aria-current="page">{label}</span> : <ScreenLink screen={s}>{label}</ScreenLink>}</li>;
        })}
      </ol>
    </nav>
  );
}
