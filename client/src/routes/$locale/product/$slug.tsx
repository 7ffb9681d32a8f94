import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/product/$slug')({
  head: (ctx) => screenHead(ctx, 'product'),
  component: ProductScreen,
});

function ProductScreen() {
  return <ScreenShell screen="product" />;
}
