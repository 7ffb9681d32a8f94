import { createFileRoute, notFound } from '@tanstack/react-router';
import { isLocale } from '../../i18n/locales';
import { localeHead } from '../../seo/head';

/**
 * The language segment of every internal path (`/hr/cart`). The rewrite in i18n/rewrite.ts only ever
 * produces valid languages; a bad one (a programming error) is a 404. This is the ONE route that emits
 * canonical and hreflang links.
 */
export const Route = createFileRoute('/$locale')({
  beforeLoad: ({ params }) => {
    if (!isLocale(params.locale)) throw notFound();
  },
  head: (ctx) => localeHead(ctx),
});
