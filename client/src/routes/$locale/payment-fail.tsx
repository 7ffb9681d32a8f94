import { createFileRoute } from '@tanstack/react-router';
import { OrderFailScreen } from '../../features/checkout/order-result-screens';
import { screenHead } from '../../seo/head';

/** Order failure (private, noindex): 'Your order failed, please try again', try again, back to checkout. */
export const Route = createFileRoute('/$locale/payment-fail')({
  head: (ctx) => screenHead(ctx, 'payment_fail'),
  component: PaymentFailScreen,
});

function PaymentFailScreen() {
  return <OrderFailScreen />;
}
