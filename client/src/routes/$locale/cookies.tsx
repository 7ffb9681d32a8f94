import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { ConsentSettings } from '../../components/layout/cookie-consent';
import { contentHead } from '../../features/content/head';
import { loadContentPage } from '../../features/content/loaders';
import { ContentPageScreen } from '../../features/content/page-screen';

export const Route = createFileRoute('/$locale/cookies')({
  loader: ({ context, params }) => loadContentPage(context, params.locale as Locale, 'cookies'),
  head: (ctx) => contentHead(ctx, 'cookies', ctx.loaderData?.page.seo),
  component: CookiesRoute,
});

function CookiesRoute() {
  return (
    <ContentPageScreen screen="cookies" page={Route.useLoaderData().page}>
      <ConsentSettings />
    </ContentPageScreen>
  );
}
