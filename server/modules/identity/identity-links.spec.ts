import { describe, expect, it } from '@jest/globals';
import { IdentityLinks, sameSitePath } from './identity-links.js';

describe('sameSitePath (redirect targets after sign-in)', () => {
  it.each(['/profil', '/en/cart?x=1', '/de/produkten#top', '/'])('keeps the same-site path %s', (p) => {
    expect(sameSitePath(p)).toBe(p);
  });

  it.each([
    '//evil.example',
    '/.//evil.example',
    '/\\evil.example',
    'https://evil.example/x',
    'evil',
    '',
    '/\u0000x',
    42,
    null,
    `/${'a'.repeat(2001)}`,
  ])('refuses %p', (p) => {
    expect(sameSitePath(p)).toBeNull();
  });
});

describe('IdentityLinks', () => {
  const links = new IdentityLinks('https://zlatnozrno.hr');
  it('builds localized absolute page links from the paths table', () => {
    expect(links.passwordReset('T0k', 'hr')).toBe('https://zlatnozrno.hr/ponisti-lozinku/T0k');
    expect(links.passwordReset('T0k', 'de')).toBe('https://zlatnozrno.hr/de/reset-password/T0k');
    expect(links.page('login', 'sl')).toBe('https://zlatnozrno.hr/sl/login');
    expect(links.invitation('a b', 'en')).toBe('https://zlatnozrno.hr/en/register?invite=a%20b');
    expect(links.page('products', 'xx')).toBe('https://zlatnozrno.hr/proizvodi');
  });

  it("links the account mails to their pages in the user's language, never to a GET that acts", () => {
    expect(links.activation('T0k', 'hr')).toBe('https://zlatnozrno.hr/aktivacija-racuna?token=T0k');
    expect(links.magicLink('T0k', 'de')).toBe('https://zlatnozrno.hr/de/anmeldelink?token=T0k');
    expect(links.emailChange('T0k', 'sl')).toBe('https://zlatnozrno.hr/sl/potrditev-e-naslova?token=T0k');
    expect(links.linkPage('magic_link', 'en', 'T0k')).toBe('/en/sign-in-link?token=T0k');
    expect(links.linkPage('account_activation', 'hr', ['a', 'b'])).toBe('/aktivacija-racuna');
  });
});
