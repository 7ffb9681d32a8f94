import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/products/$slug')({
  head: (ctx) => screenHead(ctx, 'products_slug'),
  component: ProductsSlugScreen,
});

function ProductsSlugScreen() {
  return <ScreenShell screen="products_slug" />;
}
