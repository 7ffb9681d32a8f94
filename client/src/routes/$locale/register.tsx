import { createFileRoute } from '@tanstack/react-router';
import { signInProvidersQuery } from '../../features/account/account-api';
import { guestOnly } from '../../features/account/guards';
import { RegisterScreen } from '../../features/account/register-screen';
import { validateRegisterSearch } from '../../features/account/search-params';
import type { Locale } from '../../../../contract/locales';
import { screenHead } from '../../seo/head';

/** Registration, or with `?invite=TOKEN` the acceptance of a business invitation (guest only). */
export const Route = createFileRoute('/$locale/register')({
  validateSearch: validateRegisterSearch,
  beforeLoad: guestOnly,
  // Whether 'Sign in with Google' is offered: only when the server has Google configured.
  loader: async ({ context, params }) => ({
    google: (await context.queryClient.fetchQuery(signInProvidersQuery(context.api(params.locale as Locale)))).google,
  }),
  head: (ctx) => screenHead(ctx, 'register'),
  component: RegisterRoute,
});

function RegisterRoute() {
  return <RegisterScreen search={Route.useSearch()} google={Route.useLoaderData().google} />;
}
