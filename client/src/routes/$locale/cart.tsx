import { createFileRoute } from '@tanstack/react-router';
import { CartScreen } from '../../features/cart/cart-screen';
import { screenHead } from '../../seo/head';

/**
 * The cart (private, noindex). No loader: the cart is per visitor and is read in the browser after
 * hydration (the `['cart', locale]` query, features/cart/cart-api.ts), so the server-rendered page is the
 * same for everybody and nothing private is rendered, cached or dehydrated on the server.
 */
export const Route = createFileRoute('/$locale/cart')({
  head: (ctx) => screenHead(ctx, 'cart'),
  component: CartScreen,
});
