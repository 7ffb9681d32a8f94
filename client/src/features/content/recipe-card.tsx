import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import type { RecipeSummary } from './content-api';
import { ContentImage } from './content-parts';
import styles from './content.module.css';

/** A recipe in a list (recipe list, related recipes, home): picture, title, category, time and servings. */
export function RecipeCard({ recipe, headingLevel = 2 }: { recipe: RecipeSummary; headingLevel?: 2 | 3 }) {
  const { t } = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <ContentImage image={recipe.image} className={styles.cardImage} />
      <div className={styles.cardBody}>
        {recipe.category ? <p className={styles.kicker}>{recipe.category.title}</p> : null}
        <Heading className={styles.cardTitle}>
          <ScreenLink screen="recipe" params={{ slug: recipe.slug }}>
            {recipe.title}
          </ScreenLink>
        </Heading>
        <p className={styles.cardSummary}>{recipe.summary}</p>
        <p className={styles.cardFacts}>
          <span>{t('content.recipe.minutes', { count: recipe.total_minutes })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('content.recipe.servingsCount', { count: recipe.servings })}</span>
        </p>
      </div>
    </article>
  );
}
