import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/recipes/')({
  head: (ctx) => screenHead(ctx, 'recipes'),
  component: RecipesScreen,
});

function RecipesScreen() {
  return <ScreenShell screen="recipes" />;
}
