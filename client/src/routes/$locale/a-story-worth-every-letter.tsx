import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { StoryScreen } from '../../features/content/about-screens';
import { contentHead } from '../../features/content/head';
import { loadCampaign } from '../../features/content/loaders';

export const Route = createFileRoute('/$locale/a-story-worth-every-letter')({
  loader: ({ context, params }) => loadCampaign(context, params.locale as Locale),
  head: (ctx) => contentHead(ctx, 'story', ctx.loaderData?.campaign.seo),
  component: StoryRoute,
});

function StoryRoute() {
  return <StoryScreen campaign={Route.useLoaderData().campaign} />;
}
