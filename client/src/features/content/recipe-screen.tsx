import { Link } from '@tanstack/react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { ProductCardSection } from '../catalog/product-card';
import type { RecipeDetail, RecipeNutrition } from './content-api';
import { ContentBody, ContentImage } from './content-parts';
import { formatDecimal, formatGrams } from './format';
import { RecipeCard } from './recipe-card';
import { Video } from '../video/video';
import styles from './content.module.css';

const NUTRIENTS: Array<{ key: Exclude<keyof RecipeNutrition, 'energy_kcal'>; sub?: boolean }> = [
  { key: 'fat_g' },
  { key: 'saturated_fat_g', sub: true },
  { key: 'carbohydrates_g' },
  { key: 'sugars_g', sub: true },
  { key: 'fibre_g' },
  { key: 'protein_g' },
  { key: 'salt_g' },
];

/** A recipe page: every field of the recipe (docs/content.md), the products it uses with 'add to cart', related recipes. */
export function RecipeScreen({ recipe }: { recipe: RecipeDetail }) {
  const { t, locale } = useT();
  const productByCode = new Map(recipe.products.map((p) => [p.code, p]));
  return (
    <div className={styles.page}>
      <Breadcrumb screen="recipe" name={recipe.title} />
      <article>
        <header className={styles.entryTop}>
          <div className={styles.entryText}>
            {recipe.category ? (
              <p className={styles.kicker}>
                <Link to="/$locale/recipes" params={{ locale }} search={{ category: recipe.category.slug }}>
                  {recipe.category.title}
                </Link>
              </p>
            ) : null}
            <h1>{recipe.title}</h1>
            <p className={styles.lead}>{recipe.summary}</p>
            <dl className={styles.facts}>
              <div>
                <dt>{t('content.recipe.preparation')}</dt>
                <dd>{t('content.recipe.minutes', { count: recipe.preparation_minutes })}</dd>
              </div>
              <div>
                <dt>{t('content.recipe.cooking')}</dt>
                <dd>{t('content.recipe.minutes', { count: recipe.cooking_minutes })}</dd>
              </div>
              <div>
                <dt>{t('content.recipe.total')}</dt>
                <dd>{t('content.recipe.minutes', { count: recipe.total_minutes })}</dd>
              </div>
              <div>
                <dt>{t('content.recipe.servings')}</dt>
                <dd>{recipe.servings}</dd>
              </div>
              <div>
                <dt>{t('content.recipe.calories')}</dt>
                <dd>{t('content.recipe.kcal', { value: formatDecimal(recipe.calories_per_person, locale) })}</dd>
              </div>
              {recipe.origin ? (
                <div>
                  <dt>{t('content.recipe.origin')}</dt>
                  <dd>{recipe.origin}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          <div className={styles.entryMedia}>
            <ContentImage image={recipe.image} eager />
          </div>
        </header>

        {recipe.video ? <Video src={recipe.video} fallbackTitle={recipe.title} /> : null}

        <div className={styles.recipeColumns}>
          <section aria-labelledby="recipe-ingredients" className={styles.ingredients}>
            <h2 id="recipe-ingredients">{t('content.recipe.ingredients')}</h2>
            <p className={styles.muted}>{t('content.recipe.forServings', { count: recipe.servings })}</p>
            <ul>
              {recipe.ingredients.map((i, n) => {
                const product = i.product ? productByCode.get(i.product) : undefined;
                return (
                  <li key={n}>
                    <span className={styles.amount}>{i.amount}</span>{' '}
                    {product ? (
                      <ScreenLink screen="product" params={{ slug: product.slug }}>
                        {i.item}
                      </ScreenLink>
                    ) : (
                      i.item
                    )}
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="recipe-steps" className={styles.steps}>
            {recipe.marination ? (
              <>
                <h2 id="recipe-marination">{t('content.recipe.marination')}</h2>
                <p>{recipe.marination}</p>
              </>
            ) : null}
            <h2 id="recipe-steps">{t('content.recipe.steps')}</h2>
            <ol>
              {recipe.steps.map((s, n) => (
                <li key={n}>{s}</li>
              ))}
            </ol>
            <h2 id="recipe-serving">{t('content.recipe.serving')}</h2>
            <p>{recipe.serving}</p>
          </section>
        </div>

        {recipe.body_html.trim() ? <ContentBody html={recipe.body_html} /> : null}

        <section aria-labelledby="recipe-nutrition" className={styles.nutrition}>
          <h2 id="recipe-nutrition">{t('content.recipe.nutrition')}</h2>
          <table>
            <caption>{t('content.recipe.nutritionCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content.recipe.nutrient')}</th>
                <th scope="col">{t('content.recipe.perServing')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('content.recipe.nutrients.energy_kcal')}</th>
                <td>{t('content.recipe.kcal', { value: formatDecimal(recipe.nutrition.energy_kcal, locale) })}</td>
              </tr>
              {NUTRIENTS.map(({ key, sub }) => (
                <tr key={key}>
                  <th scope="row" className={sub ? styles.sub : undefined}>
                    {t(`content.recipe.nutrients.${key}`)}
                  </th>
                  <td>{formatGrams(recipe.nutrition[key], locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </article>

      <ProductCardSection
        id="recipe-products"
        heading={t('content.recipe.products')}
        products={recipe.products}
        className={styles.section}
        gridClassName={styles.grid}
      />

      {recipe.related.length > 0 ? (
        <section aria-labelledby="recipe-related" className={styles.section}>
          <h2 id="recipe-related">{t('content.recipe.related')}</h2>
          <ul className={styles.grid}>
            {recipe.related.map((r) => (
              <li key={r.key}>
                <RecipeCard recipe={r} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
