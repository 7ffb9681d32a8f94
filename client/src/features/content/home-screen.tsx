import { useT } from '../../hooks/use-locale';
import { Marquee } from '../../components/motion/marquee';
import { HeroIllustration } from '../../components/illustrations';
import { ScreenLink } from '../../components/screen-link';
import type { HomeContent } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { NewsletterBox } from '../newsletter/newsletter-form';
import { RecipeCard } from './recipe-card';
import contentStyles from './content.module.css';
import styles from './home-screen.module.css';

/**
 * Home: hero, the Superfoodie introduction (page 'home-superfoodie'), the newest recipes, the story of the
 * alphabet collection and the shop, the newsletter subscription (spec section 2). Without content (the API failed) the hero and the links
 * still stand.
 */
/** The Superfoodie line's claims in the home page's band (texts: home.claim1..7). */
const CLAIMS = ['claim1', 'claim2', 'claim3', 'claim4', 'claim5', 'claim6', 'claim7'] as const;

export function HomeScreen({ content }: { content: HomeContent | null }) {
  const { t } = useT();
  const superfoodie = content?.superfoodie ?? null;
  const recipes = content?.latest_recipes ?? [];
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

      <Marquee label={t('home.claimsLabel')}>
        {CLAIMS.map((key) => (
          <span key={key} className={styles.claim}>
            {t(`home.${key}`)}
          </span>
        ))}
      </Marquee>

      {superfoodie ? (
        <section className={styles.feature} aria-labelledby="home-superfoodie">
          <div>
            <h2 id="home-superfoodie">{superfoodie.title}</h2>
            <p className={styles.lead}>{superfoodie.summary}</p>
            <ContentBody html={superfoodie.body_html} />
            <ScreenLink screen="superfoodie" className={styles.primary}>
              {t('home.superfoodieLink')}
            </ScreenLink>
          </div>
          <ContentImage image={superfoodie.image} className={contentStyles.image} />
        </section>
      ) : null}

      {recipes.length > 0 ? (
        <section className={styles.recipes} aria-labelledby="home-recipes">
          <h2 id="home-recipes">{t('content.recipes.latest')}</h2>
          <ul className={contentStyles.grid}>
            {recipes.map((r) => (
              <li key={r.key}>
                <RecipeCard recipe={r} headingLevel={3} />
              </li>
            ))}
          </ul>
          <ScreenLink screen="recipes" className={styles.more}>
            {t('home.recipesLink')}
          </ScreenLink>
        </section>
      ) : null}

      <div className={styles.teasers}>
        <section className={styles.teaser} aria-labelledby="home-story">
          <h2 id="home-story">{t('content.story.link')}</h2>
          <p>{t('content.story.teaser')}</p>
          <ScreenLink screen="story" className={styles.more}>
            {t('content.story.readStory')}
          </ScreenLink>
        </section>
        <section className={styles.teaser} aria-labelledby="home-shop">
          <h2 id="home-shop">{t('home.shopHeading')}</h2>
          <p>{t('home.shopText')}</p>
          <ScreenLink screen="webshop" className={styles.more}>
            {t('home.shopLink')}
          </ScreenLink>
        </section>
      </div>

      <div className={styles.newsletter}>
        <NewsletterBox source="home" />
      </div>
    </>
  );
}
