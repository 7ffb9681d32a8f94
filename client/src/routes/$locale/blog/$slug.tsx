import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/blog/$slug')({
  head: (ctx) => screenHead(ctx, 'blog_post'),
  component: BlogPostScreen,
});

function BlogPostScreen() {
  return <ScreenShell screen="blog_post" />;
}
