import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/cart')({
  head: (ctx) => screenHead(ctx, 'cart'),
  component: CartScreen,
});

function CartScreen() {
  return <ScreenShell screen="cart" />;
}
