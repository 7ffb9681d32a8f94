import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/{$product}-method')({
  head: (ctx) => screenHead(ctx, 'method'),
  component: MethodScreen,
});

function MethodScreen() {
  return <ScreenShell screen="method" />;
}
