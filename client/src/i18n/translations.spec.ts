import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { LOCALES, type Locale } from '../../../contract/locales';
import { SCREEN_IDS } from '../../../contract/paths';
import { createI18n, forRequest } from './instance';

type Tree = { [key: string]: string | Tree };

const load = (locale: Locale): Tree => JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const messages = Object.fromEntries(LOCALES.map((l) => [l, flatten(load(l))])) as Record<Locale, Map<string, string>>;

describe('translations', () => {
  // That every language has every key, its plural forms and the same placeholders is
  // scripts/i18n/locale-files.spec.ts (one test over the pages', the mails' and the server's texts).

  // The content screens (issue 12) show their texts from the content API: no 'pending' line (nor a
  // placeholder intro) may remain for them; every other screen keeps its frame texts.
  const CONTENT_SCREENS = new Set<string>([
    'home',
    'recipes',
    'recipe',
    'blog',
    'blog_post',
    'superfoodie',
    'superfoodie_slug',
    'method',
    'about_us',
    'story',
    'eu_projects',
    'delivery',
    'cookies',
    'gdpr',
    'privacy_policy',
    'general_terms',
    'payment_terms',
  ]);

  it('has a title, description and heading for every screen, and an intro line for the non-content ones', () => {
    for (const screen of SCREEN_IDS) {
      const fields = CONTENT_SCREENS.has(screen) ? ['title', 'description', 'heading'] : ['title', 'description', 'heading', 'intro'];
      for (const field of fields) {
        expect([screen, field, messages.hr.has(`screens.${screen}.${field}`)]).toEqual([screen, field, true]);
      }
    }
  });

  it('has no "not built yet" line for any screen (every screen shows what it is)', () => {
    for (const locale of LOCALES) {
      for (const screen of SCREEN_IDS)
        expect([locale, screen, messages[locale].has(`screens.${screen}.pending`)]).toEqual([locale, screen, false]);
    }
  });

  it('keeps the exact English texts of the spec', () => {
    expect(messages.en.get('error.notFound')).toBe('Page Not Found: {{fullPath}}');
    expect(messages.en.get('error.general')).toBe('Something went wrong, please try again');
    expect(messages.en.get('error.heading')).toBe('Error');
  });

  it('names every error page in the page language, with its status: no English "Error" on hr, de or sl pages', () => {
    const word = { hr: 'Greška', en: 'Error', de: 'Fehler', sl: 'Napaka' } as const;
    for (const locale of LOCALES) {
      for (const status of [404, 500, 503]) {
        expect(messages[locale].get(`error.title${status}`)).toMatch(new RegExp(`^${word[locale]} ${status} · `));
        expect(messages[locale].get(`error.description${status}`)).toBeTruthy();
      }
      if (locale !== 'en')
        for (const status of [404, 500, 503]) expect(messages[locale].get(`error.title${status}`)).not.toMatch(/\bError\b/);
    }
  });

  it('writes the delivery country of step 2 as a label, never inflected inside a sentence', () => {
    for (const locale of LOCALES) {
      // 'Dostava (Hrvatska): 4,00 €': the country's name stands alone, in the form countryName gives
      expect(messages[locale].get('checkout.shipping.price')).toMatch(/^[^{]+ \(\{\{country\}\}\): \{\{price\}\}$/);
    }
  });
});

describe('i18n instance', () => {
  it('is ready synchronously, in every language, with plural rules', () => {
    const base = createI18n('hr');
    expect(base.t('nav.about')).toBe('O nama');
    expect(forRequest(base, 'de').t('nav.about')).toBe('Über uns');
    expect(forRequest(base, 'sl').t('cart.indicator', { count: 2 })).toBe('Košarica: 2 izdelka');
    expect(forRequest(base, 'sl').t('cart.indicator', { count: 5 })).toBe('Košarica: 5 izdelkov');
    expect(forRequest(base, 'hr').t('cart.indicator', { count: 3 })).toBe('Košarica: 3 proizvoda');
    expect(forRequest(base, 'en').t('error.notFound', { fullPath: '/en/x?y=<b>' })).toBe('Page Not Found: /en/x?y=<b>');
    // A clone does not switch the base instance's language.
    expect(base.language).toBe('hr');
  });
});
