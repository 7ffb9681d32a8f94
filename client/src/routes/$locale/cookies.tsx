import { createFileRoute } from '@tanstack/react-router';
import { ConsentSettings } from '../../components/layout/cookie-consent';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/cookies')({
  head: (ctx) => screenHead(ctx, 'cookies'),
  component: CookiesScreen,
});

function CookiesScreen() {
  return (
    <ScreenShell screen="cookies">
      <ConsentSettings />
    </ScreenShell>
  );
}
