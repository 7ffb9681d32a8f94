import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/recipes/$slug')({
  // No recipe exists yet (brand content comes later, docs/screens.md): every address is the 404 page,
  // not a 200 shell titled from the URL (issue 9). When content arrives, this loader fetches it instead.
  loader: () => {
    throw notFound();
  },
  head: (ctx) => screenHead(ctx, 'recipe'),
  component: RecipeScreen,
});

function RecipeScreen() {
  return <ScreenShell screen="recipe" />;
}
