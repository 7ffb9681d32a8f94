import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/gdpr')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'gdpr'),
  head: (ctx) => contentHead(ctx, 'gdpr', ctx.loaderData?.page.seo),
  component: GdprRoute,
});

function GdprRoute() {
  return <ContentPageScreen screen="gdpr" page={Route.useLoaderData().page} />;
}
