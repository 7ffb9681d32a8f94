import { createFileRoute } from '@tanstack/react-router';
import { parseStep } from '../../features/checkout/checkout-state';
import { CheckoutScreen } from '../../features/checkout/checkout-screen';
import { screenHead } from '../../seo/head';

/**
 * Checkout (private, noindex), three steps by `?step=delivery|shipping|confirm` (anything else: the first).
 * No loader and no validateSearch: the cart and the values are the visitor's, read in the browser
 * (features/checkout), and the search is kept as it came (a rebuilt URL would answer a redirect).
 */
export const Route = createFileRoute('/$locale/checkout')({
  head: (ctx) => screenHead(ctx, 'checkout'),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const search = Route.useSearch() as Record<string, unknown>;
  return <CheckoutScreen step={parseStep(search.step)} />;
}
