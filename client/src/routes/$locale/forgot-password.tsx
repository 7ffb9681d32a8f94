import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/forgot-password')({
  head: (ctx) => screenHead(ctx, 'forgot_password'),
  component: ForgotPasswordScreen,
});

function ForgotPasswordScreen() {
  return <ScreenShell screen="forgot_password" />;
}
