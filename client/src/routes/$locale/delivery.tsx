import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/delivery')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'delivery'),
  head: (ctx) => contentHead(ctx, 'delivery', ctx.loaderData?.page.seo),
  component: DeliveryRoute,
});

function DeliveryRoute() {
  return <ContentPageScreen screen="delivery" page={Route.useLoaderData().page} />;
}
