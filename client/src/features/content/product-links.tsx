import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import type { MethodSummary } from './content-api';
import styles from './content.module.css';

/**
 * Under a product page: the production-method page of the product's line (when the line has one) and, for
 * the alphabet line, the story page of the song-preservation campaign.
 */
export function ProductContentLinks({ line, method }: { line: string; method: MethodSummary | null }) {
  const { t } = useT();
  if (!method && line !== 'alphabet') return null;
  return (
    <aside className={styles.productLinks} aria-label={t('content.method.aside')}>
      <ul>
        {method ? (
          <li>
            <ScreenLink screen="method" params={{ product: method.slug }}>
              {method.title}
            </ScreenLink>
          </li>
        ) : null}
        {line === 'alphabet' ? (
          <li>
            <ScreenLink screen="story">{t('content.story.link')}</ScreenLink>
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
