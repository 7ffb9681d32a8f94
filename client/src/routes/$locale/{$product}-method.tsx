import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { MethodScreen } from '../../features/content/entry-screens';
import { loadMethod } from '../../features/content/loaders';
import { contentHead } from '../../features/content/head';

export const Route = createFileRoute('/$locale/{$product}-method')({
  // The word before -metoda/-method is a method page's slug in this language; any other word is the 404 page.
  loader: ({ context, params }) => loadMethod(context, params.locale as Locale, params.product),
  head: (ctx) => {
    const method = ctx.loaderData?.method;
    return contentHead(ctx, 'method', method?.seo, method?.title);
  },
  component: MethodRoute,
});

function MethodRoute() {
  return <MethodScreen method={Route.useLoaderData().method} />;
}
