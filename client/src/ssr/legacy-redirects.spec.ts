import { describe, expect, it } from '@jest/globals';
import { LOCALES } from '../../../contract/locales';
import { SCREEN_IDS, matchPublicPath, publicPath, SCREENS } from '../../../contract/paths';
import { LEGACY_PATHS, legacyExamples, resolveLegacyRedirect } from './legacy-redirects';

describe('legacy redirects', () => {
  it.each<[string, string]>([
    // the spec's examples
    ['/eng', '/en'],
    ['/slo', '/sl'],
    ['/tko-smo', '/o-nama'],
    ['/o-tjestenini', '/proizvodi'],
    ['/novosti', '/blog'],
    ['/zastita-osobnih-podataka', '/politika-privatnosti'],
    ['/blog/recepti/sarma-s-tjesteninom', '/recepti/sarma-s-tjesteninom'],
    // under every language prefix, old and current
    ['/en/tko-smo', '/en/about-us'],
    ['/eng/tko-smo', '/en/about-us'],
    ['/de/o-tjestenini', '/de/produkten'],
    ['/slo/novosti', '/sl/blog'],
    ['/sl/zastita-osobnih-podataka', '/sl/politika-privatnosti'],
    ['/de/blog/recepti/x', '/de/rezepte/x'],
    ['/eng/novosti/nova-linija', '/en/blog/nova-linija'],
    // prefixes and index files
    ['/hr', '/'],
    ['/hr/kosarica', '/kosarica'],
    ['/index.php', '/'],
    ['/en/index.html', '/en'],
    ['/ENG', '/en'],
    // tidy-up
    ['/kosarica/', '/kosarica'],
    ['/en/', '/en'],
    ['//kontakt', '/kontakt'],
    ['/en//cart/', '/en/cart'],
    // other plausible old paths
    ['/recepti-2/punjene-paprike', '/recepti/punjene-paprike'],
    ['/tjestenina/fusilli-kamut', '/proizvod/fusilli-kamut'],
    ['/proizvod-kategorija/superfoodie', '/proizvodi/superfoodie'],
    ['/shop', '/webshop'],
    ['/cart', '/kosarica'],
    ['/my-account', '/profil'],
    ['/blog/recepti', '/recepti'],
    // a current path of another language
    ['/en/kosarica', '/en/cart'],
    ['/de/products', '/de/produkten'],
    ['/sl/recipes/x', '/sl/recepti/x'],
    ['/en/kamut-metoda', '/en/kamut-method'],
  ])('%s -> %s', (from, to) => {
    expect(resolveLegacyRedirect(from)).toBe(to);
    // one hop: the target is final
    expect(resolveLegacyRedirect(to)).toBeNull();
  });

  it('leaves every current path alone', () => {
    for (const screen of SCREEN_IDS) {
      for (const locale of LOCALES) {
        const path = publicPath(screen, locale, { slug: 'kamut-fusilli', token: 'abc', product: 'kamut', number: 'ZZ-2026-000123' });
        expect([path, resolveLegacyRedirect(path)]).toEqual([path, null]);
      }
    }
  });

  it('leaves unknown paths to the router (404)', () => {
    for (const path of ['/nepostoji', '/en/no-such-page', '/Kosarica', '/de/gibt-es-nicht/x']) {
      expect(resolveLegacyRedirect(path)).toBeNull();
    }
  });

  it('points every table entry at a current screen', () => {
    for (const { to } of legacyExamples()) {
      expect(matchPublicPath(to)).not.toBeNull();
    }
    for (const [, screen] of LEGACY_PATHS) expect(SCREENS[screen]).toBeDefined();
  });
});
