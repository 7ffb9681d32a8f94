import { createFileRoute } from '@tanstack/react-router';
import { guestOnly } from '../../features/account/guards';
import { ForgotPasswordScreen } from '../../features/account/password-screens';
import { screenHead } from '../../seo/head';

/** Forgot password (guest only). */
export const Route = createFileRoute('/$locale/forgot-password')({
  beforeLoad: guestOnly,
  head: (ctx) => screenHead(ctx, 'forgot_password'),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  return <ForgotPasswordScreen />;
}
