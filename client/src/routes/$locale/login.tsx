import { createFileRoute } from '@tanstack/react-router';
import { guestOnly } from '../../features/account/guards';
import { LoginScreen } from '../../features/account/login-screen';
import { validateLoginSearch } from '../../features/account/search-params';
import { screenHead } from '../../seo/head';

/** Login (guest only: a signed-in visitor goes to `?redirect=` when valid, else to the home page). */
export const Route = createFileRoute('/$locale/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: guestOnly,
  head: (ctx) => screenHead(ctx, 'login'),
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen search={Route.useSearch()} />;
}
