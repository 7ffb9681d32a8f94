import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/profile/')({
  head: (ctx) => screenHead(ctx, 'profile'),
  component: ProfileScreen,
});

function ProfileScreen() {
  return <ScreenShell screen="profile" />;
}
