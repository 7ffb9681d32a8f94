import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/gdpr')({
  head: (ctx) => screenHead(ctx, 'gdpr'),
  component: GdprScreen,
});

function GdprScreen() {
  return <ScreenShell screen="gdpr" />;
}
