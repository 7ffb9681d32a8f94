import { createFileRoute, useRouteContext } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { publicPath } from '../../../../../contract/paths';
import { useLocale } from '../../../hooks/use-locale';
import { JsonLd } from '../../../features/content/content-parts';
import { recipeJsonLd } from '../../../features/content/json-ld';
import { loadRecipe } from '../../../features/content/loaders';
import { RecipeScreen } from '../../../features/content/recipe-screen';
import { absoluteUrl } from '../../../seo/head';
import { contentHead } from '../../../features/content/head';

export const Route = createFileRoute('/$locale/recipes/$slug')({
  loader: ({ context, params }) => loadRecipe(context, params.locale as Locale, params.slug),
  head: (ctx) => {
    const recipe = ctx.loaderData?.recipe;
    return contentHead(ctx, 'recipe', recipe?.seo, recipe?.title);
  },
  component: RecipeRoute,
});

function RecipeRoute() {
  const { recipe } = Route.useLoaderData();
  const locale = useLocale();
  const publicUrl = useRouteContext({ from: '__root__', select: (c) => c.publicUrl });
  const url = absoluteUrl(publicUrl, publicPath('recipe', locale, { slug: recipe.slug }));
  return (
    <>
      <JsonLd data={recipeJsonLd(recipe, url, recipe.image ? absoluteUrl(publicUrl, recipe.image.src) : null)} />
      <RecipeScreen recipe={recipe} />
    </>
  );
}
