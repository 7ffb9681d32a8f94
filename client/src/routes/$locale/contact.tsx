import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '../../features/contact/contact-screen';
import { screenHead } from '../../seo/head';

export const Route = createFileRoute('/$locale/contact')({
  head: (ctx) => screenHead(ctx, 'contact'),
  component: ContactScreen,
});
