import { createFileRoute } from '@tanstack/react-router';
import { guestOnly } from '../../features/account/guards';
import { RegisterScreen } from '../../features/account/register-screen';
import { validateRegisterSearch } from '../../features/account/search-params';
import { screenHead } from '../../seo/head';

/** Registration, or with `?invite=TOKEN` the acceptance of a business invitation (guest only). */
export const Route = createFileRoute('/$locale/register')({
  validateSearch: validateRegisterSearch,
  beforeLoad: guestOnly,
  head: (ctx) => screenHead(ctx, 'register'),
  component: RegisterRoute,
});

function RegisterRoute() {
  return <RegisterScreen search={Route.useSearch()} />;
}
