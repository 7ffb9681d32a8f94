import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/recipes/$slug')({
  head: (ctx) => screenHead(ctx, 'recipe'),
  component: RecipeScreen,
});

function RecipeScreen() {
  return <ScreenShell screen="recipe" />;
}
