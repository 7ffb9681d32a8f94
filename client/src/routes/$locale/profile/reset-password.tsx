import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../../features/account/guards';
import { loadPasswordState } from '../../../features/account/loaders';
import { ChangePasswordScreen } from '../../../features/account/password-screens';
import { screenHead } from '../../../seo/head';

/** Change password, with the current one (signed-in users only). */
export const Route = createFileRoute('/$locale/profile/reset-password')({
  beforeLoad: requireAuth,
  loader: loadPasswordState,
  head: (ctx) => screenHead(ctx, 'profile_reset_password'),
  component: ProfileResetPasswordRoute,
});

function ProfileResetPasswordRoute() {
  const { email, has_password } = Route.useLoaderData();
  return <ChangePasswordScreen email={email} hasPassword={has_password} />;
}
