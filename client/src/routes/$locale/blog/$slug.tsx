import { createFileRoute, useRouteContext } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { publicPath } from '../../../../../contract/paths';
import { useLocale } from '../../../hooks/use-locale';
import { JsonLd } from '../../../features/content/content-parts';
import { BlogPostScreen } from '../../../features/content/entry-screens';
import { blogPostingJsonLd } from '../../../features/content/json-ld';
import { loadBlogPost } from '../../../features/content/loaders';
import { absoluteUrl } from '../../../seo/head';
import { contentHead } from '../../../features/content/head';

export const Route = createFileRoute('/$locale/blog/$slug')({
  loader: ({ context, params }) => loadBlogPost(context, params.locale as Locale, params.slug),
  head: (ctx) => {
    const post = ctx.loaderData?.post;
    return contentHead(ctx, 'blog_post', post?.seo, post?.title);
  },
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { post } = Route.useLoaderData();
  const locale = useLocale();
  const publicUrl = useRouteContext({ from: '__root__', select: (c) => c.publicUrl });
  const url = absoluteUrl(publicUrl, publicPath('blog_post', locale, { slug: post.slug }));
  return (
    <>
      <JsonLd
        data={blogPostingJsonLd(
          post,
          url,
          post.image ? absoluteUrl(publicUrl, post.image.src) : null,
          absoluteUrl(publicUrl, '/favicon.svg'),
        )}
      />
      <BlogPostScreen post={post} />
    </>
  );
}
