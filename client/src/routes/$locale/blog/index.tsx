import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/blog/')({
  head: (ctx) => screenHead(ctx, 'blog'),
  component: BlogScreen,
});

function BlogScreen() {
  return <ScreenShell screen="blog" />;
}
