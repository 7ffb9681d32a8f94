import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { SuperfoodieListScreen } from '../../../features/content/entry-screens';
import { loadSuperfoodieList } from '../../../features/content/loaders';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/superfoodie/')({
  loader: ({ context, params }) => loadSuperfoodieList(context, params.locale as Locale),
  head: (ctx) => screenHead(ctx, 'superfoodie', ctx.loaderData?.intro ? { description: ctx.loaderData.intro.seo.description } : {}),
  component: SuperfoodieRoute,
});

function SuperfoodieRoute() {
  const { intro, list } = Route.useLoaderData();
  return <SuperfoodieListScreen intro={intro} list={list} />;
}
