import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { AboutUsScreen } from '../../features/content/about-screens';
import { contentHead } from '../../features/content/head';
import { loadAboutUs } from '../../features/content/loaders';

export const Route = createFileRoute('/$locale/about-us')({
  loader: ({ context, params }) => loadAboutUs(context, params.locale as Locale),
  head: (ctx) => contentHead(ctx, 'about_us', ctx.loaderData?.data.page?.seo),
  component: AboutUsRoute,
});

function AboutUsRoute() {
  const { data, downloads } = Route.useLoaderData();
  return <AboutUsScreen data={data} downloads={downloads} />;
}
