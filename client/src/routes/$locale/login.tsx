import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/login')({
  head: (ctx) => screenHead(ctx, 'login'),
  component: LoginScreen,
});

function LoginScreen() {
  return <ScreenShell screen="login" />;
}
