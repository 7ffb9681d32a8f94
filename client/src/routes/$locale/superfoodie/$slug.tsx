import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/superfoodie/$slug')({
  head: (ctx) => screenHead(ctx, 'superfoodie_slug'),
  component: SuperfoodieSlugScreen,
});

function SuperfoodieSlugScreen() {
  return <ScreenShell screen="superfoodie_slug" />;
}
