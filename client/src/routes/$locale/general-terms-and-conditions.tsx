import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/general-terms-and-conditions')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'general-terms-and-conditions'),
  head: (ctx) => contentHead(ctx, 'general_terms', ctx.loaderData?.page.seo),
  component: GeneralTermsRoute,
});

function GeneralTermsRoute() {
  return <ContentPageScreen screen="general_terms" page={Route.useLoaderData().page} />;
}
