import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/eu-projects')({
  head: (ctx) => screenHead(ctx, 'eu_projects'),
  component: EuProjectsScreen,
});

function EuProjectsScreen() {
  return <ScreenShell screen="eu_projects" />;
}
