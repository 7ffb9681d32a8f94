import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/webshop/')({
  head: (ctx) => screenHead(ctx, 'webshop'),
  component: WebshopScreen,
});

function WebshopScreen() {
  return <ScreenShell screen="webshop" />;
}
