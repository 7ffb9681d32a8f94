import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/privacy-policy')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'privacy-policy'),
  head: (ctx) => contentHead(ctx, 'privacy_policy', ctx.loaderData?.page.seo),
  component: PrivacyPolicyRoute,
});

function PrivacyPolicyRoute() {
  return <ContentPageScreen screen="privacy_policy" page={Route.useLoaderData().page} />;
}
