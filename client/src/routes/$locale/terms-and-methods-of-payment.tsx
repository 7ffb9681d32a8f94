import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/terms-and-methods-of-payment')({
  head: (ctx) => screenHead(ctx, 'payment_terms'),
  component: PaymentTermsScreen,
});

function PaymentTermsScreen() {
  return <ScreenShell screen="payment_terms" />;
}
