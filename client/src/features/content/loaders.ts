/**
 * Route loaders of the content screens: each reads the content API through the router's query client, turns
 * the API's 404 (unknown, unpublished or malformed slug) into the 404 page, and returns the entry's slug in
 * every language (`localeParams`: language switcher, canonical, hreflang).
 */
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { ApiError, type ApiFactory } from '../../api/http';
import { isUnusableUrl } from '../../navigation/unusable-url';
import type { LocaleParams } from '../../seo/head';
import {
  RECIPES_PAGE_SIZE,
  aboutUsQuery,
  downloadsQuery,
  type DownloadView,
  campaignQuery,
  euProjectsQuery,
  type AboutUs,
  type Campaign,
  type EuProjects,
  blogPostQuery,
  blogQuery,
  BLOG_PAGE_SIZE,
  contentPageQuery,
  methodQuery,
  methodsQuery,
  type MethodSummary,
  recipeCategoriesQuery,
  recipeQuery,
  recipesQuery,
  superfoodieListQuery,
  superfoodiePageQuery,
  type BlogPage,
  type BlogPost,
  type ContentPage,
  type ContentPageKey,
  type MethodPage,
  type RecipeCategoryView,
  type RecipeDetail,
  type RecipePage,
  type SuperfoodieList,
  type SuperfoodiePage,
} from './content-api';
import { localeParamsFromAlternates } from './format';

export interface LoaderContext {
  api: ApiFactory;
  queryClient: QueryClient;
}

/** The highest list page a link may name (offset stays within the API's CONTENT_MAX_OFFSET). */
export const MAX_LIST_PAGE = 500;

/** The API's 404 becomes the 404 page; anything else stays an error (500 page). */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** A page number from `?page=`: a whole number from 1, else 1. */
export function parseListPage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export interface RecipeListSearch {
  page?: number;
  category?: string;
}

/**
 * `?category=pasta-dishes&page=2` -> { category, page }; defaults left out so URLs stay clean. Both keys are
 * always returned (maybe undefined): the router merges the raw search under the validated one.
 */
export function validateRecipeSearch(search: Record<string, unknown>): RecipeListSearch {
  if (Object.values(search).some((v) => typeof v === 'string' && isUnusableUrl('', v))) return search as RecipeListSearch;
  const page = parseListPage(search.page);
  const category = typeof search.category === 'string' && search.category.trim() ? search.category.trim().slice(0, 120) : undefined;
  return { page: page > 1 ? page : undefined, category };
}

export function validatePageSearch(search: Record<string, unknown>): { page?: number } {
  if (Object.values(search).some((v) => typeof v === 'string' && isUnusableUrl('', v))) return search as { page?: number };
  const page = parseListPage(search.page);
  return { page: page > 1 ? page : undefined };
}

export interface RecipeListData {
  intro: ContentPage | null;
  categories: RecipeCategoryView[];
  category: RecipeCategoryView | null;
  recipes: RecipePage;
  page: number;
  pageSize: number;
  localeParams: null;
}

/** An optional read: the page's introduction may be missing in a language (then the screen shows none). */
async function optional<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The recipe list: the introduction (page 'recipes'), the categories, and one page of recipes (of a
 * category). A category slug of another language (after the language switcher kept `?category=`) is a 301 to
 * this language's slug; an unknown category, or a page past the last, is the 404 page.
 */
export async function loadRecipeList(context: LoaderContext, locale: Locale, search: RecipeListSearch): Promise<RecipeListData> {
  const page = search.page ?? 1;
  if (page > MAX_LIST_PAGE) throw notFound();
  const client = context.api(locale);
  const [intro, categories] = await Promise.all([
    optional(context.queryClient.fetchQuery(contentPageQuery(client, locale, 'recipes'))),
    context.queryClient.fetchQuery(recipeCategoriesQuery(client, locale)),
  ]);
  let category: RecipeCategoryView | null = null;
  if (search.category !== undefined) {
    category = categories.find((c) => c.slug === search.category) ?? null;
    if (!category) {
      const wanted = search.category;
      const other = categories.find((c) => Object.values(c.alternates).includes(wanted));
      if (other) {
        throw redirect({
          to: '/$locale/recipes',
          params: { locale },
          search: { category: other.slug, ...(page > 1 ? { page } : {}) },
          statusCode: 301,
        });
      }
      throw notFound();
    }
  }
  const offset = (page - 1) * RECIPES_PAGE_SIZE;
  const recipes = await orNotFound(context.queryClient.fetchQuery(recipesQuery(client, locale, { category: category?.slug, offset })));
  if (page > 1 && offset >= recipes.total) throw notFound();
  return { intro, categories, category, recipes, page, pageSize: RECIPES_PAGE_SIZE, localeParams: null };
}

export interface RecipeData {
  recipe: RecipeDetail;
  localeParams: LocaleParams;
}

export async function loadRecipe(context: LoaderContext, locale: Locale, slug: string): Promise<RecipeData> {
  const recipe = await orNotFound(context.queryClient.fetchQuery(recipeQuery(context.api(locale), locale, slug)));
  return { recipe, localeParams: localeParamsFromAlternates(recipe.alternates, 'slug', slug) };
}

export interface BlogListData {
  intro: ContentPage | null;
  posts: BlogPage;
  page: number;
  localeParams: null;
}

export async function loadBlogList(context: LoaderContext, locale: Locale, page: number): Promise<BlogListData> {
  if (page > MAX_LIST_PAGE) throw notFound();
  const client = context.api(locale);
  const offset = (page - 1) * BLOG_PAGE_SIZE;
  const [intro, posts] = await Promise.all([
    optional(context.queryClient.fetchQuery(contentPageQuery(client, locale, 'blog'))),
    context.queryClient.fetchQuery(blogQuery(client, locale, offset)),
  ]);
  if (page > 1 && offset >= posts.total) throw notFound();
  return { intro, posts, page, localeParams: null };
}

export async function loadBlogPost(
  context: LoaderContext,
  locale: Locale,
  slug: string,
): Promise<{ post: BlogPost; localeParams: LocaleParams }> {
  const post = await orNotFound(context.queryClient.fetchQuery(blogPostQuery(context.api(locale), locale, slug)));
  return { post, localeParams: localeParamsFromAlternates(post.alternates, 'slug', slug) };
}

export async function loadSuperfoodieList(
  context: LoaderContext,
  locale: Locale,
): Promise<{ intro: ContentPage | null; list: SuperfoodieList; localeParams: null }> {
  const client = context.api(locale);
  const [intro, list] = await Promise.all([
    optional(context.queryClient.fetchQuery(contentPageQuery(client, locale, 'superfoodie'))),
    context.queryClient.fetchQuery(superfoodieListQuery(client, locale)),
  ]);
  return { intro, list, localeParams: null };
}

export async function loadSuperfoodiePage(
  context: LoaderContext,
  locale: Locale,
  slug: string,
): Promise<{ page: SuperfoodiePage; localeParams: LocaleParams }> {
  const page = await orNotFound(context.queryClient.fetchQuery(superfoodiePageQuery(context.api(locale), locale, slug)));
  return { page, localeParams: localeParamsFromAlternates(page.alternates, 'slug', slug) };
}

export async function loadMethod(
  context: LoaderContext,
  locale: Locale,
  word: string,
): Promise<{ method: MethodPage; localeParams: LocaleParams }> {
  const method = await orNotFound(context.queryClient.fetchQuery(methodQuery(context.api(locale), locale, word)));
  return { method, localeParams: localeParamsFromAlternates(method.alternates, 'product', word) };
}

/** A page by key (legal pages, about us, ...): not published in this language is the 404 page. */
export async function loadContentPage(
  context: LoaderContext,
  locale: Locale,
  key: ContentPageKey,
): Promise<{ page: ContentPage; localeParams: null }> {
  const page = await orNotFound(context.queryClient.fetchQuery(contentPageQuery(context.api(locale), locale, key)));
  return { page, localeParams: null };
}

export async function loadAboutUs(
  context: LoaderContext,
  locale: Locale,
): Promise<{ data: AboutUs; downloads: DownloadView[]; localeParams: null }> {
  const [data, downloads] = await Promise.all([
    context.queryClient.fetchQuery(aboutUsQuery(context.api(locale), locale)),
    // The PDFs are generated from live data; about us still shows without them when that fails.
    context.queryClient.fetchQuery(downloadsQuery(context.api(locale), locale)).catch((): DownloadView[] => []),
  ]);
  if (!data.page) throw notFound();
  return { data, downloads, localeParams: null };
}

export async function loadCampaign(context: LoaderContext, locale: Locale): Promise<{ campaign: Campaign; localeParams: null }> {
  const campaign = await orNotFound(context.queryClient.fetchQuery(campaignQuery(context.api(locale), locale)));
  return { campaign, localeParams: null };
}

export async function loadEuProjects(context: LoaderContext, locale: Locale): Promise<{ data: EuProjects; localeParams: null }> {
  const data = await context.queryClient.fetchQuery(euProjectsQuery(context.api(locale), locale));
  if (!data.page && data.projects.length === 0) throw notFound();
  return { data, localeParams: null };
}

/** The method page of a product line, for the link under its products; null when the line has none or the content cannot be read. */
export async function methodOfLine(context: LoaderContext, locale: Locale, line: string): Promise<MethodSummary | null> {
  try {
    const methods = await context.queryClient.fetchQuery(methodsQuery(context.api(locale), locale));
    return methods.find((m) => m.line === line) ?? null;
  } catch {
    return null;
  }
}
