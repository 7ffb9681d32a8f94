/**
 * The content API as the screens consume it (shapes: the types of contract/api/content.ts, imported as types
 * only; docs/content.md). Every read names its language (`?locale=`) and is a query the route loaders read
 * through the router's query client (fresh for a minute, like the catalogue's), keyed under ['content', ...].
 */
import { queryOptions } from '@tanstack/react-query';
import type { DownloadView } from '../../../../contract/api/downloads';
import type { Locale } from '../../../../contract/locales';
import type {
  AboutUs,
  BlogPage,
  BlogPost,
  Campaign,
  ContentPage,
  ContentPageKey,
  EuProjects,
  HomeContent,
  MethodPage,
  MethodSummary,
  RecipeCategoryView,
  RecipeDetail,
  RecipePage,
  SuperfoodieList,
  SuperfoodiePage,
} from '../../../../contract/api/content';
import { query, type Api } from '../../api/http';
import { apiPaths } from '../../api/paths';

export type * from '../../../../contract/api/content';

/** Recipes per page of the recipe list (the first page server-rendered, 'load more' appends the next). */
export const RECIPES_PAGE_SIZE = 6;
/** Blog posts per page of the blog list. */
export const BLOG_PAGE_SIZE = 6;
/** Superfoodie pages: all of them on one list. */
export const SUPERFOODIE_LIST_SIZE = 48;

export type { DownloadView };

export const contentKeys = {
  all: ['content'] as const,
  page: (locale: Locale, key: string) => ['content', 'page', locale, key] as const,
  home: (locale: Locale) => ['content', 'home', locale] as const,
  recipeCategories: (locale: Locale) => ['content', 'recipe-categories', locale] as const,
  recipes: (locale: Locale, params: { category?: string; offset: number; limit: number }) =>
    ['content', 'recipes', locale, { category: params.category ?? null, offset: params.offset, limit: params.limit }] as const,
  recipe: (locale: Locale, slug: string) => ['content', 'recipe', locale, slug] as const,
  blog: (locale: Locale, offset: number, limit: number) => ['content', 'blog', locale, { offset, limit }] as const,
  blogPost: (locale: Locale, slug: string) => ['content', 'blog-post', locale, slug] as const,
  superfoodie: (locale: Locale) => ['content', 'superfoodie', locale] as const,
  superfoodiePage: (locale: Locale, slug: string) => ['content', 'superfoodie-page', locale, slug] as const,
  methods: (locale: Locale) => ['content', 'methods', locale] as const,
  method: (locale: Locale, word: string) => ['content', 'method', locale, word] as const,
  campaign: (locale: Locale) => ['content', 'campaign', locale] as const,
  aboutUs: (locale: Locale) => ['content', 'about-us', locale] as const,
  downloads: (locale: Locale) => ['content', 'downloads', locale] as const,
  euProjects: (locale: Locale) => ['content', 'eu-projects', locale] as const,
};

export function contentPageQuery(api: Api, locale: Locale, key: ContentPageKey) {
  return queryOptions({
    queryKey: contentKeys.page(locale, key),
    queryFn: () => api.get<ContentPage>(`${apiPaths.content.page(key)}${query({ locale })}`),
  });
}

export function homeContentQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.home(locale),
    queryFn: () => api.get<HomeContent>(`${apiPaths.content.home}${query({ locale })}`),
  });
}

export function recipeCategoriesQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.recipeCategories(locale),
    queryFn: () => api.get<RecipeCategoryView[]>(`${apiPaths.content.recipeCategories}${query({ locale })}`),
  });
}

export function recipesQuery(api: Api, locale: Locale, params: { category?: string; offset: number; limit?: number }) {
  const limit = params.limit ?? RECIPES_PAGE_SIZE;
  return queryOptions({
    queryKey: contentKeys.recipes(locale, { ...params, limit }),
    queryFn: () =>
      api.get<RecipePage>(`${apiPaths.content.recipes}${query({ locale, category: params.category, limit, offset: params.offset })}`),
  });
}

export function recipeQuery(api: Api, locale: Locale, slug: string) {
  return queryOptions({
    queryKey: contentKeys.recipe(locale, slug),
    queryFn: () => api.get<RecipeDetail>(`${apiPaths.content.recipe(slug)}${query({ locale })}`),
  });
}

export function blogQuery(api: Api, locale: Locale, offset: number, limit = BLOG_PAGE_SIZE) {
  return queryOptions({
    queryKey: contentKeys.blog(locale, offset, limit),
    queryFn: () => api.get<BlogPage>(`${apiPaths.content.blog}${query({ locale, limit, offset })}`),
  });
}

export function blogPostQuery(api: Api, locale: Locale, slug: string) {
  return queryOptions({
    queryKey: contentKeys.blogPost(locale, slug),
    queryFn: () => api.get<BlogPost>(`${apiPaths.content.blogPost(slug)}${query({ locale })}`),
  });
}

export function superfoodieListQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.superfoodie(locale),
    queryFn: () => api.get<SuperfoodieList>(`${apiPaths.content.superfoodie}${query({ locale, limit: SUPERFOODIE_LIST_SIZE })}`),
  });
}

export function superfoodiePageQuery(api: Api, locale: Locale, slug: string) {
  return queryOptions({
    queryKey: contentKeys.superfoodiePage(locale, slug),
    queryFn: () => api.get<SuperfoodiePage>(`${apiPaths.content.superfoodiePage(slug)}${query({ locale })}`),
  });
}

export function methodsQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.methods(locale),
    queryFn: () => api.get<MethodSummary[]>(`${apiPaths.content.methods}${query({ locale })}`),
  });
}

export function methodQuery(api: Api, locale: Locale, word: string) {
  return queryOptions({
    queryKey: contentKeys.method(locale, word),
    queryFn: () => api.get<MethodPage>(`${apiPaths.content.method(word)}${query({ locale })}`),
  });
}

export function campaignQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.campaign(locale),
    queryFn: () => api.get<Campaign>(`${apiPaths.content.campaign}${query({ locale })}`),
  });
}

export function aboutUsQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.aboutUs(locale),
    queryFn: () => api.get<AboutUs>(`${apiPaths.content.aboutUs}${query({ locale })}`),
  });
}

/** The PDFs offered on about us (contract/api/downloads.ts): generated by the server, with their sizes. */
export function downloadsQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.downloads(locale),
    queryFn: () => api.get<DownloadView[]>(`${apiPaths.content.downloads}${query({ locale })}`),
  });
}

export function euProjectsQuery(api: Api, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.euProjects(locale),
    queryFn: () => api.get<EuProjects>(`${apiPaths.content.euProjects}${query({ locale })}`),
  });
}
