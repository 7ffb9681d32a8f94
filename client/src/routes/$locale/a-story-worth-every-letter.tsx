import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/a-story-worth-every-letter')({
  head: (ctx) => screenHead(ctx, 'story'),
  component: StoryScreen,
});

function StoryScreen() {
  return <ScreenShell screen="story" />;
}
