import { createFileRoute, notFound } from '@tanstack/react-router';
import { isLocale } from '../../../../contract/locales';
import { isUnusableUrl } from '../../navigation/unusable-url';
import { localeHead } from '../../seo/head';

/**
 * The language segment of every internal path (`/hr/cart`). The rewrite in i18n/rewrite.ts only ever
 * produces valid languages; a bad one (a programming error) is a 404, and so is an unusable address
 * (navigation/unusable-url.ts). This is the ONE route that emits
 * canonical and hreflang links.
 *
 * It also makes sure the visitor's session is known before any screen renders: during SSR this is the
 * GET /api/auth/session with the visitor's cookies (features/account/session.ts); in the browser the
 * hydrated session is already known and nothing is fetched.
 */
export const Route = createFileRoute('/$locale')({
  beforeLoad: async ({ params, context, location }) => {
    if (!isLocale(params.locale)) throw notFound();
    // A control character in the path or query, or a path that does not decode: no page (never sent on to the API).
    if (isUnusableUrl(location.pathname, location.searchStr)) throw notFound();
    await context.session.ensureLoaded();
  },
  head: (ctx) => localeHead(ctx),
});
