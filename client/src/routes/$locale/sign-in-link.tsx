import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkScreen } from '../../features/account/link-screens';
import { validateLinkSearch } from '../../features/account/search-params';
import { screenHead } from '../../seo/head';

/** The page of an account mail's link (`?token=`; noindex, no referrer). Opening it changes nothing; its button does. */
export const Route = createFileRoute('/$locale/sign-in-link')({
  validateSearch: validateLinkSearch,
  head: (ctx) => screenHead(ctx, 'magic_link'),
  component: MagicLinkRoute,
});

function MagicLinkRoute() {
  return <MagicLinkScreen search={Route.useSearch()} />;
}
