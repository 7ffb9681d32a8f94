import { createFileRoute } from '@tanstack/react-router';
import { NewsletterUnsubscribeScreen } from '../../../features/newsletter/newsletter-screens';
import { validateNewsletterSearch } from '../../../features/newsletter/search-params';
import { screenHead } from '../../../seo/head';

/** The newsletter's unsubscribe page (`?token=` of the mail's link; noindex). Its button unsubscribes at once. */
export const Route = createFileRoute('/$locale/newsletter/unsubscribe')({
  validateSearch: validateNewsletterSearch,
  head: (ctx) => screenHead(ctx, 'newsletter_unsubscribe'),
  component: NewsletterUnsubscribeRoute,
});

function NewsletterUnsubscribeRoute() {
  return <NewsletterUnsubscribeScreen search={Route.useSearch()} />;
}
