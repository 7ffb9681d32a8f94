import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../contract/api/identity';
import { company } from '../../../contract/brand/company';
import { loginUrl } from '../api';
import { useAdmin } from '../app-context';
import { FrameView } from './frame-view';

/** The frame around every screen, with the signed-in person (GET /api/users/me). */
export function Frame() {
  const { api, language, setLanguage, setPerson } = useAdmin();
  const { t } = useTranslation();
  const path = useRouterState({ select: (s) => s.location.pathname });
  // The phone's menu is open on the screen it was opened on: a new screen closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === path;
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const signOut = useMutation({
    mutationFn: () => api.send('POST', '/api/auth/logout', {}),
    onSettled: () => window.location.assign(loginUrl(language, '/admin')),
  });
  // The tab's title in the back office's language.
  useEffect(() => {
    document.title = `${company.brand} · ${t('frame.title')}`;
  }, [t, language]);
  const personId = me.data?.id;
  useEffect(() => {
    if (personId) setPerson(personId);
  }, [personId, setPerson]);
  return (
    <FrameView
      t={t}
      language={language}
      user={me.data ?? null}
      dashboardLink={
        <Link to="/" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
          {t('frame.dashboard')}
        </Link>
      }
      productsLink={
        <Link to="/products" activeProps={{ 'aria-current': 'page' }}>
          {t('frame.products')}
        </Link>
      }
      menuOpen={menuOpen}
      onMenu={() => setMenuOpenOn(menuOpen ? null : path)}
      onLanguage={setLanguage}
      onSignOut={() => signOut.mutate()}
      signingOut={signOut.isPending}
    >
      <Outlet />
    </FrameView>
  );
}
