import { createFileRoute } from '@tanstack/react-router';
import { NewsletterConfirmScreen } from '../../../features/newsletter/newsletter-screens';
import { validateNewsletterSearch } from '../../../features/newsletter/search-params';
import { screenHead } from '../../../seo/head';

/** The newsletter's confirmation page (`?token=` of the mailed link; noindex). Its button confirms. */
export const Route = createFileRoute('/$locale/newsletter/confirm')({
  validateSearch: validateNewsletterSearch,
  head: (ctx) => screenHead(ctx, 'newsletter_confirm'),
  component: NewsletterConfirmRoute,
});

function NewsletterConfirmRoute() {
  return <NewsletterConfirmScreen search={Route.useSearch()} />;
}
