import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../features/account/guards';
import { loadProfile } from '../../../features/account/loaders';
import { ProfileScreen } from '../../../features/account/profile-screens';
import { screenHead } from '../../../seo/head';

/** My account: profile overview, the last order, links, logout (signed-in users only). */
export const Route = createFileRoute('/$locale/profile/')({
  beforeLoad: requireAuth,
  loader: loadProfile,
  head: (ctx) => screenHead(ctx, 'profile'),
  component: ProfileRoute,
});

function ProfileRoute() {
  return <ProfileScreen data={Route.useLoaderData()} />;
}
