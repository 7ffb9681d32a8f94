import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/superfoodie/')({
  head: (ctx) => screenHead(ctx, 'superfoodie'),
  component: SuperfoodieScreen,
});

function SuperfoodieScreen() {
  return <ScreenShell screen="superfoodie" />;
}
