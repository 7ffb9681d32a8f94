import { createFileRoute, notFound } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/blog/$slug')({
  // No blog post exists yet (brand content comes later, docs/screens.md): every address is the 404 page,
  // not a 200 shell titled from the URL (issue 9). When content arrives, this loader fetches it instead.
  loader: () => {
    throw notFound();
  },
  head: (ctx) => screenHead(ctx, 'blog_post'),
  component: BlogPostScreen,
});

function BlogPostScreen() {
  return <ScreenShell screen="blog_post" />;
}
