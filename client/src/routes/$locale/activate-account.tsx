import { createFileRoute } from '@tanstack/react-router';
import { AccountActivationScreen } from '../../features/account/link-screens';
import { validateLinkSearch } from '../../features/account/search-params';
import { screenHead } from '../../seo/head';

/** The page of an account mail's link (`?token=`; noindex, no referrer). Opening it changes nothing; its button does. */
export const Route = createFileRoute('/$locale/activate-account')({
  validateSearch: validateLinkSearch,
  head: (ctx) => screenHead(ctx, 'account_activation'),
  component: AccountActivationRoute,
});

function AccountActivationRoute() {
  return <AccountActivationScreen search={Route.useSearch()} />;
}
