import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../features/account/guards';
import { loadUser } from '../../../features/account/loaders';
import { ProfileEditScreen } from '../../../features/account/profile-edit-screen';
import { screenHead } from '../../../seo/head';

/** Edit profile (signed-in users only). */
export const Route = createFileRoute('/$locale/profile/edit')({
  beforeLoad: requireAuth,
  loader: loadUser,
  head: (ctx) => screenHead(ctx, 'profile_edit'),
  component: ProfileEditRoute,
});

function ProfileEditRoute() {
  return <ProfileEditScreen user={Route.useLoaderData()} />;
}
