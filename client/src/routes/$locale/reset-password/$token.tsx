import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/reset-password/$token')({
  head: (ctx) => screenHead(ctx, 'reset_password'),
  component: ResetPasswordScreen,
});

function ResetPasswordScreen() {
  return <ScreenShell screen="reset_password" />;
}
