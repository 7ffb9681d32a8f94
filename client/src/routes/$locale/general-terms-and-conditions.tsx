import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/general-terms-and-conditions')({
  head: (ctx) => screenHead(ctx, 'general_terms'),
  component: GeneralTermsScreen,
});

function GeneralTermsScreen() {
  return <ScreenShell screen="general_terms" />;
}
