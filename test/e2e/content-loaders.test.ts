// The content screens' route loaders (client/src/features/content/loaders.ts) against the built shop and
// the repository's content/ folder, over HTTP with the front end's own API client: what they answer, the
// 404 page for what does not exist, the 301 for a recipe category slug of another language, and the slugs
// per language (language switcher, hreflang) from the API's alternates.
import { QueryClient } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales.js';
import { createApi, type ApiFactory } from '../../client/src/api/http.js';
import { RECIPES_PAGE_SIZE } from '../../client/src/features/content/content-api.js';
import {
  loadAboutUs,
  loadContentPage,
  loadMethod,
  loadRecipe,
  loadRecipeList,
  methodOfLine,
  type LoaderContext,
} from '../../client/src/features/content/loaders.js';
import { BASE_URL } from './site.js';

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

describe('content screen loaders', () => {
  const api: ApiFactory = (locale: Locale) => createApi({ origin: BASE_URL, headers: { 'Accept-Language': locale } });
  const context: LoaderContext = { api, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) };

  it('loads the first page of recipes with the categories and the introduction, and a next page while there are more', async () => {
    const data = await loadRecipeList(context, 'en', {});
    expect(data.recipes.items).toHaveLength(RECIPES_PAGE_SIZE);
    expect(data.intro?.title).toBeTruthy();
    expect(data.categories.length).toBeGreaterThanOrEqual(4);
    expect(data.recipes.next_offset).toBe(RECIPES_PAGE_SIZE);
    const second = await loadRecipeList(context, 'en', { page: 2 });
    expect(second.recipes.offset).toBe(RECIPES_PAGE_SIZE);
    expect(second.recipes.items.map((r) => r.key)).not.toContain(data.recipes.items[0].key);
  });

  it('filters by a category slug of the language, answers 301 to it for a slug of another language, 404 for an unknown one', async () => {
    const hr = await loadRecipeList(context, 'hr', {});
    const category = hr.categories[0];
    const filtered = await loadRecipeList(context, 'hr', { category: category.slug });
    expect(filtered.category?.key).toBe(category.key);
    expect(filtered.recipes.items.every((r) => r.category?.key === category.key)).toBe(true);

    const de = await loadRecipeList(context, 'de', {});
    const deSlug = de.categories.find((c) => c.key === category.key)!.slug;
    if (deSlug !== category.slug) {
      const redirect = await thrown(loadRecipeList(context, 'de', { category: category.slug }));
      expect(isRedirect(redirect)).toBe(true);
      expect((redirect as { options: { search: unknown; statusCode: number } }).options).toMatchObject({
        search: { category: deSlug },
        statusCode: 301,
      });
    }
    expect(isNotFound(await thrown(loadRecipeList(context, 'de', { category: 'no-such-category' })))).toBe(true);
    expect(isNotFound(await thrown(loadRecipeList(context, 'de', { page: 400 })))).toBe(true);
  });

  it('gives a recipe its slug in every language from the alternates, and the 404 page for an unknown slug', async () => {
    const list = await loadRecipeList(context, 'en', {});
    const { recipe, localeParams } = await loadRecipe(context, 'en', list.recipes.items[0].slug);
    expect(localeParams).toEqual({
      hr: { slug: recipe.alternates.hr },
      en: { slug: recipe.slug },
      de: { slug: recipe.alternates.de },
      sl: { slug: recipe.alternates.sl },
    });
    expect(recipe.steps.length).toBeGreaterThan(0);
    expect(isNotFound(await thrown(loadRecipe(context, 'en', 'no-such-recipe')))).toBe(true);
  });

  it("finds a product line's method page (the product page's link) and answers 404 for a word without one", async () => {
    const method = await methodOfLine(context, 'de', 'alphabet');
    expect(method?.line).toBe('alphabet');
    const { localeParams } = await loadMethod(context, 'de', method!.slug);
    expect(localeParams.de).toEqual({ product: method!.slug });
    expect(isNotFound(await thrown(loadMethod(context, 'de', 'kamut-spaghetti')))).toBe(true);
    expect(await methodOfLine(context, 'de', 'no-such-line')).toBeNull();
  });

  it('loads the legal pages with their generated parts, and about us with its parts', async () => {
    const { page } = await loadContentPage(context, 'hr', 'general-terms-and-conditions');
    expect(page.slots).toEqual(expect.arrayContaining(['withdrawal-form']));
    const delivery = await loadContentPage(context, 'sl', 'delivery');
    expect(delivery.page.slots).toContain('delivery-prices');
    const cookies = await loadContentPage(context, 'de', 'cookies');
    expect(cookies.page.slots).toContain('cookie-table');
    const { data } = await loadAboutUs(context, 'en');
    expect(data.timeline.length).toBeGreaterThanOrEqual(8);
    expect(data.certificates.map((c) => c.standard).sort()).toEqual(['BRC Food', 'IFS Food']);
  });
});
