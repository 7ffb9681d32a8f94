import { createFileRoute } from '@tanstack/react-router';
import { ScreenShell } from '../../../components/screen-shell';
import { screenHead } from '../../../seo/head';

export const Route = createFileRoute('/$locale/profile/edit')({
  head: (ctx) => screenHead(ctx, 'profile_edit'),
  component: ProfileEditScreen,
});

function ProfileEditScreen() {
  return <ScreenShell screen="profile_edit" />;
}
