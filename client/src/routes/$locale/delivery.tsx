import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/delivery')({
  head: (ctx) => screenHead(ctx, 'delivery'),
  component: DeliveryScreen,
});

function DeliveryScreen() {
  return <ScreenShell screen="delivery" />;
}
