import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccessScreen, type OrderResultSearch } from '../../features/checkout/order-result-screens';
import { screenHead } from '../../seo/head';

/**
 * Order success (private, noindex): after a cash-on-delivery placement and after the card provider's return,
 * `?order=<number>&token=<view token>`. The order is read in the browser (features/checkout).
 */
export const Route = createFileRoute('/$locale/payment-success')({
  head: (ctx) => screenHead(ctx, 'payment_success'),
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  return <OrderSuccessScreen search={Route.useSearch() as OrderResultSearch} />;
}
