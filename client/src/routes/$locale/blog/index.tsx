import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { BlogListScreen } from '../../../features/content/entry-screens';
import { loadBlogList, validatePageSearch } from '../../../features/content/loaders';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/blog/')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, params, deps }) => loadBlogList(context, params.locale as Locale, deps.page ?? 1),
  head: (ctx) => screenHead(ctx, 'blog', ctx.loaderData?.intro ? { description: ctx.loaderData.intro.seo.description } : {}),
  component: BlogRoute,
});

function BlogRoute() {
  return <BlogListScreen data={Route.useLoaderData()} />;
}
