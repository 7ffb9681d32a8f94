import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/payment-success')({
  head: (ctx) => screenHead(ctx, 'payment_success'),
  component: PaymentSuccessScreen,
});

function PaymentSuccessScreen() {
  return <ScreenShell screen="payment_success" />;
}
