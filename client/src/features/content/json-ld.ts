/**
 * schema.org JSON-LD of the content pages (Recipe, BlogPosting). Pure functions of the API's answers, so
 * unit tests check them against the schema's rules without a browser.
 */
import type { BlogPost, RecipeDetail } from '../../../../contract/api/content';
import { LANGUAGE_TAGS } from './format';

export const BRAND_NAME = 'Zlatno zrno';

/** Minutes as an ISO 8601 duration: 15 -> 'PT15M', 90 -> 'PT1H30M', 0 -> 'PT0M'. */
export function isoDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return `PT${m}M`;
  return m === 0 ? `PT${h}H` : `PT${h}H${m}M`;
}

/** A number as schema.org writes quantities: '9 g', '1.5 g' (dot decimal, at most two decimals). */
function grams(value: number): string {
  return `${Number(value.toFixed(2))} g`;
}

/** schema.org Recipe of a recipe page (Google's recipe rich result: name, image, times, yield, ingredients, steps, nutrition). */
export function recipeJsonLd(recipe: RecipeDetail, url: string, imageUrl: string | null): Record<string, unknown> {
  const n = recipe.nutrition;
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.summary,
    url,
    inLanguage: LANGUAGE_TAGS[recipe.locale],
    ...(imageUrl ? { image: [imageUrl] } : {}),
    author: { '@type': 'Organization', name: BRAND_NAME },
    datePublished: recipe.published_at,
    dateModified: recipe.updated_at,
    prepTime: isoDuration(recipe.preparation_minutes),
    cookTime: isoDuration(recipe.cooking_minutes),
    totalTime: isoDuration(recipe.total_minutes),
    recipeYield: String(recipe.servings),
    ...(recipe.category ? { recipeCategory: recipe.category.title } : {}),
    ...(recipe.origin ? { recipeCuisine: recipe.origin } : {}),
    recipeIngredient: recipe.ingredients.map((i) => `${i.amount} ${i.item}`.trim()),
    recipeInstructions: recipe.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })),
    nutrition: {
      '@type': 'NutritionInformation',
      servingSize: '1',
      calories: `${Math.round(n.energy_kcal)} kcal`,
      fatContent: grams(n.fat_g),
      saturatedFatContent: grams(n.saturated_fat_g),
      carbohydrateContent: grams(n.carbohydrates_g),
      sugarContent: grams(n.sugars_g),
      proteinContent: grams(n.protein_g),
      fiberContent: grams(n.fibre_g),
      sodiumContent: `${Math.round(n.salt_g * 400)} mg`,
    },
  };
}

/** schema.org BlogPosting of a blog post. */
export function blogPostingJsonLd(post: BlogPost, url: string, imageUrl: string | null, logoUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: LANGUAGE_TAGS[post.locale],
    ...(imageUrl ? { image: [imageUrl] } : {}),
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: BRAND_NAME, logo: { '@type': 'ImageObject', url: logoUrl } },
  };
}
