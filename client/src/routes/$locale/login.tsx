import { createFileRoute } from '@tanstack/react-router';
import { signInProvidersQuery } from '../../features/account/account-api';
import { guestOnly } from '../../features/account/guards';
import { LoginScreen } from '../../features/account/login-screen';
import { validateLoginSearch } from '../../features/account/search-params';
import type { Locale } from '../../../../contract/locales';
import { screenHead } from '../../seo/head';

/** Login (guest only: a signed-in visitor goes to `?redirect=` when valid, else to the home page). */
export const Route = createFileRoute('/$locale/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: guestOnly,
  // Whether 'Sign in with Google' is offered: only when the server has Google configured.
  loader: async ({ context, params }) => ({
    google: (await context.queryClient.fetchQuery(signInProvidersQuery(context.api(params.locale as Locale)))).google,
  }),
  head: (ctx) => screenHead(ctx, 'login'),
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen search={Route.useSearch()} google={Route.useLoaderData().google} />;
}
