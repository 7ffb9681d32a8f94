import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/privacy-policy')({
  head: (ctx) => screenHead(ctx, 'privacy_policy'),
  component: PrivacyPolicyScreen,
});

function PrivacyPolicyScreen() {
  return <ScreenShell screen="privacy_policy" />;
}
