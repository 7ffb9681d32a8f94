import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../../features/account/guards';
import { loadOrders } from '../../../../features/account/loaders';
import { ProfileOrdersScreen } from '../../../../features/account/profile-screens';
import { screenHead } from '../../../../seo/head';

/** All orders of the signed-in user, newest first (signed-in users only). */
export const Route = createFileRoute('/$locale/profile/orders/')({
  beforeLoad: requireAuth,
  loader: loadOrders,
  head: (ctx) => screenHead(ctx, 'profile_orders'),
  component: ProfileOrdersRoute,
});

function ProfileOrdersRoute() {
  return <ProfileOrdersScreen orders={Route.useLoaderData()} />;
}
