import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/content/home-screen';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/')({
  head: (ctx) => screenHead(ctx, 'home'),
  component: HomeRoute,
});

function HomeRoute() {
  return <HomeScreen />;
}
