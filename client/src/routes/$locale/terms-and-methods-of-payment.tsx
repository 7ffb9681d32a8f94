import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/terms-and-methods-of-payment')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'terms-and-methods-of-payment'),
  head: (ctx) => contentHead(ctx, 'payment_terms', ctx.loaderData?.page.seo),
  component: PaymentTermsRoute,
});

function PaymentTermsRoute() {
  return <ContentPageScreen screen="payment_terms" page={Route.useLoaderData().page} />;
}
