import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { SuperfoodiePageScreen } from '../../../features/content/entry-screens';
import { loadSuperfoodiePage } from '../../../features/content/loaders';
import { contentHead } from '../../../features/content/head';

export const Route = createFileRoute('/$locale/superfoodie/$slug')({
  loader: ({ context, params }) => loadSuperfoodiePage(context, params.locale as Locale, params.slug),
  head: (ctx) => {
    const page = ctx.loaderData?.page;
    return contentHead(ctx, 'superfoodie_slug', page?.seo, page?.title);
  },
  component: SuperfoodieSlugRoute,
});

function SuperfoodieSlugRoute() {
  return <SuperfoodiePageScreen page={Route.useLoaderData().page} />;
}
