import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../../features/account/password-screens';
import { screenHead } from '../../../seo/head';

/** New password from the e-mailed link (open to everybody: the token is the authorization). */
export const Route = createFileRoute('/$locale/reset-password/$token')({
  head: (ctx) => screenHead(ctx, 'reset_password'),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  return <ResetPasswordScreen token={token} />;
}
