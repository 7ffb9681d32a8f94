import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/about-us')({
  head: (ctx) => screenHead(ctx, 'about_us'),
  component: AboutUsScreen,
});

function AboutUsScreen() {
  return <ScreenShell screen="about_us" />;
}
