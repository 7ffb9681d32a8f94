import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/profile/reset-password')({
  head: (ctx) => screenHead(ctx, 'profile_reset_password'),
  component: ProfileResetPasswordScreen,
});

function ProfileResetPasswordScreen() {
  return <ScreenShell screen="profile_reset_password" />;
}
