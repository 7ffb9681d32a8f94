import { createFileRoute } from '@tanstack/react-router';
import { setCartCount } from '../../api/cart-store';
import { CartScreen } from '../../features/cart/cart-screen';
import type { CartView } from '../../features/cart/cart-types';
import { screenHead } from '../../seo/head';

/**
 * The cart (private, noindex). No loader: the cart is per visitor and is loaded in the browser after
 * hydration (features/cart/use-cart.ts), so the server-rendered page is the same for everybody and
 * nothing private is rendered, cached or dehydrated on the server.
 */
export const Route = createFileRoute('/$locale/cart')({
  head: (ctx) => screenHead(ctx, 'cart'),
  component: CartRoute,
});

const publishCount = (cart: CartView) => setCartCount(cart.item_count);

function CartRoute() {
  return <CartScreen onCart={publishCount} />;
}
