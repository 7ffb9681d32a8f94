import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { isRedirect } from '@tanstack/react-router';
import type { SessionView } from './account-types';
import { guestOnly, publicHrefOf, requireAuth } from './guards';
import { SCREENS } from '../../../../contract/paths';
import { createQueryClient } from '../../api/query-client';
import { createSessionStore, sessionConfig, stateFromView, type SessionState } from './session';

const signedIn: SessionView = {
  user: {
    id: 'u-1',
    email: 'ana@example.com',
    first_name: 'Ana',
    last_name: 'Horvat',
    role: 'customer',
  } as SessionView['user'],
  expires_at: Date.now() + 600_000,
};

function serverStore(state: SessionState) {
  return createSessionStore({
    queryClient: createQueryClient(),
    transport: {
      getSession: () => Promise.reject(new Error('not called')),
      refresh: () => Promise.reject(new Error('not called')),
      logout: () => Promise.reject(new Error('not called')),
    },
    environment: 'server',
    initial: state,
  });
}

async function thrown(promise: Promise<unknown>): Promise<Response & { options: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (isRedirect(error)) return error as Response & { options: Record<string, unknown> };
    throw error;
  }
  throw new Error('expected a redirect');
}

describe('requireAuth', () => {
  it('lets a signed-in user through and hands the user to the route context', async () => {
    const session = serverStore(stateFromView(signedIn));
    await expect(
      requireAuth({ context: { session }, location: { pathname: '/hr/profile', searchStr: '' }, params: { locale: 'hr' } }),
    ).resolves.toEqual({
      user: expect.objectContaining({ id: 'u-1' }),
    });
  });

  it('sends a visitor to the login page of the same language with the public path to come back to', async () => {
    const session = serverStore(stateFromView({ user: null, expires_at: null }));
    const redirect = await thrown(
      requireAuth({ context: { session }, location: { pathname: '/de/profile/orders', searchStr: '?page=2' }, params: { locale: 'de' } }),
    );
    expect(redirect.status).toBe(307);
    expect(redirect.options).toMatchObject({
      to: '/$locale/login',
      params: { locale: 'de' },
      search: { redirect: '/de/profile/orders?page=2' },
    });

    const hr = await thrown(requireAuth({ context: { session }, location: { pathname: '/hr/profile/edit' }, params: { locale: 'hr' } }));
    expect(hr.options).toMatchObject({ params: { locale: 'hr' }, search: { redirect: '/profil/uredi' } });
  });
});

describe('guestOnly', () => {
  it('lets visitors through', async () => {
    const session = serverStore(stateFromView({ user: null, expires_at: null }));
    await expect(
      guestOnly({ context: { session }, location: { pathname: '/en/register' }, params: { locale: 'en' } }),
    ).resolves.toBeUndefined();
  });

  it('sends a signed-in user to the home page of the language, or to a valid ?redirect=', async () => {
    const session = serverStore(stateFromView(signedIn));
    const home = await thrown(guestOnly({ context: { session }, location: { pathname: '/en/register' }, params: { locale: 'en' } }));
    expect(home.status).toBe(307);
    expect(home.options.href).toBe('/en');
    const hr = await thrown(guestOnly({ context: { session }, location: { pathname: '/hr/forgot-password' }, params: { locale: 'hr' } }));
    expect(hr.options.href).toBe('/');
    const back = await thrown(
      guestOnly({
        context: { session },
        location: { pathname: '/hr/login' },
        params: { locale: 'hr' },
        search: { redirect: '/profil/narudzbe' },
      }),
    );
    expect(back.options.href).toBe('/profil/narudzbe');
    const evil = await thrown(
      guestOnly({
        context: { session },
        location: { pathname: '/hr/login' },
        params: { locale: 'hr' },
        search: { redirect: '//evil.example' },
      }),
    );
    expect(evil.options.href).toBe('/');
  });
});

describe('publicHrefOf', () => {
  it('turns the internal location into the public path with its query', () => {
    expect(publicHrefOf({ pathname: '/sl/profile/reset-password', searchStr: '?a=1' })).toBe('/sl/profil/ponisti-lozinku?a=1');
    expect(publicHrefOf({ pathname: '/hr/profile/' })).toBe('/profil');
  });
});

describe('the guards are attached to the configured screens', () => {
  const routeSource = (screen: keyof typeof SCREENS) => {
    const internal = SCREENS[screen].internal;
    const file = ['/profile', '/profile/orders'].includes(internal) ? `${internal}/index.tsx` : `${internal}.tsx`;
    return readFileSync(new URL(`../../routes/$locale${file}`, import.meta.url), 'utf8');
  };

  it.each(sessionConfig.protectedScreens)('%s uses requireAuth', (screen) => {
    expect(routeSource(screen)).toMatch(/beforeLoad: requireAuth/);
  });

  it.each(sessionConfig.guestOnlyScreens)('%s uses guestOnly', (screen) => {
    expect(routeSource(screen)).toMatch(/beforeLoad: guestOnly/);
  });

  it('never protects the login page', () => {
    expect(sessionConfig.protectedScreens).not.toContain(sessionConfig.loginScreen);
    expect(routeSource('login')).not.toMatch(/requireAuth/);
  });
});
