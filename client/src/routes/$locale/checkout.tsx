import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/checkout')({
  head: (ctx) => screenHead(ctx, 'checkout'),
  component: CheckoutScreen,
});

function CheckoutScreen() {
  return <ScreenShell screen="checkout" />;
}
