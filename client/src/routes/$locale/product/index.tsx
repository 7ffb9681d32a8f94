import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/product/')({
  head: (ctx) => screenHead(ctx, 'product_index'),
  component: ProductIndexScreen,
});

function ProductIndexScreen() {
  return <ScreenShell screen="product_index" />;
}
