import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/products/')({
  head: (ctx) => screenHead(ctx, 'products'),
  component: ProductsScreen,
});

function ProductsScreen() {
  return <ScreenShell screen="products" />;
}
