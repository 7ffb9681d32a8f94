import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/payment-fail')({
  head: (ctx) => screenHead(ctx, 'payment_fail'),
  component: PaymentFailScreen,
});

function PaymentFailScreen() {
  return <ScreenShell screen="payment_fail" />;
}
