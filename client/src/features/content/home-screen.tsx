import { useT } from '../../hooks/use-locale';
import { HeroIllustration } from '../../components/illustrations';
import { ScreenLink } from '../../components/screen-link';
import type { ScreenId } from '../../../../contract/paths';
import styles from './home-screen.module.css';

const TEASERS: Array<{ key: 'superfoodie' | 'recipes' | 'shop'; screen: ScreenId }> = [
  { key: 'superfoodie', screen: 'superfoodie' },
  { key: 'recipes', screen: 'recipes' },
  { key: 'shop', screen: 'webshop' },
];

/**
 * Home: hero, the Superfoodie line, recipe teasers, newsletter (spec section 2). The brand-content issue
 * brings the real texts, recipes and the newsletter form; this screen says so where it applies.
 */
export function HomeScreen() {
  const { t } = useT();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t('site.tagline')}</p>
          <h1 id="home-heading">{t('screens.home.heading')}</h1>
          <p className={styles.lead}>{t('screens.home.intro')}</p>
          <div className={styles.actions}>
            <ScreenLink screen="products" className={styles.primary}>
              {t('home.heroCta')}
            </ScreenLink>
            <ScreenLink screen="recipes" className={styles.secondary}>
              {t('home.heroSecondary')}
            </ScreenLink>
          </div>
        </div>
        <div className={styles.heroArt}>
          <HeroIllustration />
        </div>
      </section>
      <div className={styles.teasers}>
        {TEASERS.map(({ key, screen }) => (
          <section key={key} className={styles.teaser} aria-labelledby={`home-${key}`}>
            <h2 id={`home-${key}`}>{t(`home.${key}Heading`)}</h2>
            <p>{t(`home.${key}Text`)}</p>
            <ScreenLink screen={screen} className={styles.more}>
              {t(`home.${key}Link`)}
            </ScreenLink>
          </section>
        ))}
      </div>
      <section className={styles.newsletter} aria-labelledby="home-newsletter">
        <h2 id="home-newsletter">{t('home.newsletterHeading')}</h2>
        <p>{t('home.newsletterText')}</p>
      </section>
    </>
  );
}
