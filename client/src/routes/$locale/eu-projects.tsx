import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { EuProjectsScreen } from '../../features/content/about-screens';
import { contentHead } from '../../features/content/head';
import { loadEuProjects } from '../../features/content/loaders';

export const Route = createFileRoute('/$locale/eu-projects')({
  loader: ({ context, params }) => loadEuProjects(context, params.locale as Locale),
  head: (ctx) => contentHead(ctx, 'eu_projects', ctx.loaderData?.data.page?.seo),
  component: EuProjectsRoute,
});

function EuProjectsRoute() {
  return <EuProjectsScreen data={Route.useLoaderData().data} />;
}
