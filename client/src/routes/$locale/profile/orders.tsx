import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/profile/orders')({
  head: (ctx) => screenHead(ctx, 'profile_orders'),
  component: ProfileOrdersScreen,
});

function ProfileOrdersScreen() {
  return <ScreenShell screen="profile_orders" />;
}
