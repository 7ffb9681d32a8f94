import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { loadRecipeList, validateRecipeSearch } from '../../../features/content/loaders';
import { RecipeListScreen } from '../../../features/content/recipe-list-screen';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/recipes/')({
  validateSearch: validateRecipeSearch,
  loaderDeps: ({ search }) => ({ page: search.page, category: search.category }),
  loader: ({ context, params, deps }) => loadRecipeList(context, params.locale as Locale, deps),
  head: (ctx) => {
    const data = ctx.loaderData;
    if (!data) return screenHead(ctx, 'recipes');
    const seo = data.category
      ? { name: data.category.title, description: data.category.seo.description }
      : data.intro
        ? { description: data.intro.seo.description }
        : {};
    return screenHead(ctx, 'recipes', seo);
  },
  component: RecipesRoute,
});

function RecipesRoute() {
  const data = Route.useLoaderData();
  return <RecipeListScreen key={`${data.category?.key ?? ''}:${data.page}`} data={data} />;
}
