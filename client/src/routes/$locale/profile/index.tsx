import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../features/account/guards';
import { loadProfile } from '../../../features/account/loaders';
import { ProfileScreen } from '../../../features/account/profile-screens';
import { validateProfileSearch } from '../../../features/account/search-params';
import { screenHead } from '../../../seo/head';

/** My account: profile overview, the last order, links, logout (signed-in users only). */
export const Route = createFileRoute('/$locale/profile/')({
  validateSearch: validateProfileSearch,
  beforeLoad: requireAuth,
  loader: loadProfile,
  head: (ctx) => screenHead(ctx, 'profile'),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { email, google } = Route.useSearch();
  const emailChange = email === 'changed' || email === 'invalid' ? email : undefined;
  return (
    <ProfileScreen
      data={Route.useLoaderData()}
      emailChange={emailChange}
      googleResult={google === undefined ? undefined : String(google)}
    />
  );
}
