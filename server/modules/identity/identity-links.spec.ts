import { describe, expect, it } from '@jest/globals';
import { IdentityLinks, sameSitePath } from './identity-links.js';

describe('sameSitePath (redirect targets after sign-in)', () => {
  it.each(['/profil', '/en/cart?x=1', '/de/produkten#top', '/'])('keeps the same-site path %s', (p) => {
    expect(sameSitePath(p)).toBe(p);
  });

  it.each(['//evil.example', '/.//evil.example', '/\\evil.example', 'https://evil.example/x', 'evil', '', '/\u0000x', 42, null, `/${'a'.repeat(2001)}`])(
    'refuses %p',
    (p) => {
      expect(sameSitePath(p)).toBeNull();
    },
  );
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
});
