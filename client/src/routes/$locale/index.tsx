import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { homeContentQuery } from '../../features/content/content-api';
import { HomeScreen } from '../../features/content/home-screen';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/')({
  // The home page's Superfoodie introduction and newest recipes; the home page never fails for want of them.
  loader: async ({ context, params }) => {
    const locale = params.locale as Locale;
    const content = await context.queryClient.fetchQuery(homeContentQuery(context.api(locale), locale)).catch(() => null);
    return { content };
  },
  head: (ctx) => screenHead(ctx, 'home'),
  component: HomeRoute,
});

function HomeRoute() {
  return <HomeScreen content={Route.useLoaderData().content} />;
}
