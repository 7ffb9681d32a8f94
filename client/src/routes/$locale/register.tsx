import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../components/screen-shell';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/register')({
  head: (ctx) => screenHead(ctx, 'register'),
  component: RegisterScreen,
});

function RegisterScreen() {
  return <ScreenShell screen="register" />;
}
