import { createFileRoute } from '@tanstack/react-router';
import { OrderFailScreen, type OrderResultSearch } from '../../features/checkout/order-result-screens';
import { screenHead } from '../../seo/head';

/**
 * Order failure (private, noindex): 'Your order failed, please try again', try again (with `?order=&token=`:
 * a new card payment of that order), back to checkout.
 */
export const Route = createFileRoute('/$locale/payment-fail')({
  head: (ctx) => screenHead(ctx, 'payment_fail'),
  component: PaymentFailScreen,
});

function PaymentFailScreen() {
  return <OrderFailScreen search={Route.useSearch() as OrderResultSearch} />;
}
