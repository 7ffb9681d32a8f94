import { createFileRoute } from '@tanstack/react-router';
import { EmailConfirmationScreen } from '../../features/account/link-screens';
import { validateLinkSearch } from '../../features/account/search-params';
import { screenHead } from '../../seo/head';

/** The page of an account mail's link (`?token=`; noindex, no referrer). Opening it changes nothing; its button does. */
export const Route = createFileRoute('/$locale/confirm-email')({
  validateSearch: validateLinkSearch,
  head: (ctx) => screenHead(ctx, 'email_confirmation'),
  component: EmailConfirmationRoute,
});

function EmailConfirmationRoute() {
  return <EmailConfirmationScreen search={Route.useSearch()} />;
}
