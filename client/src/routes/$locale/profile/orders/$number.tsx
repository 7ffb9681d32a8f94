import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../../features/account/guards';
import { loadOrder } from '../../../../features/account/loaders';
import { OrderDetailScreen } from '../../../../features/checkout/order-detail-screen';
import { screenHead } from '../../../../seo/head';

/** One order of the signed-in user (signed-in users only; 404 for a malformed, unknown or someone else's number). */
export const Route = createFileRoute('/$locale/profile/orders/$number')({
  beforeLoad: requireAuth,
  loader: loadOrder,
  head: (ctx) => screenHead(ctx, 'profile_order', { name: ctx.params.number }),
  component: ProfileOrderRoute,
});

function ProfileOrderRoute() {
  return <OrderDetailScreen order={Route.useLoaderData()} />;
}
