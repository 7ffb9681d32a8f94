import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/webshop/$slug')({
  head: (ctx) => screenHead(ctx, 'webshop_slug'),
  component: WebshopSlugScreen,
});

function WebshopSlugScreen() {
  return <ScreenShell screen="webshop_slug" />;
}
