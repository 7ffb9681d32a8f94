import { negotiateLocale, parseAcceptLanguage, preferredLocale } from './locales.js';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'hr'],
    ['', 'hr'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,sl;q=0.5,en;q=0.4', 'sl'],
    ['en;q=0.2,hr;q=0.8', 'hr'],
    ['fr', 'hr'],
    ['EN-gb', 'en'],
    ['de;q=0,en', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});

describe('Accept-Language', () => {
  it('parses ranges and orders them by weight, stable for equal weights', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      { tag: 'fr-ch', q: 1 },
      { tag: 'fr', q: 0.9 },
      { tag: 'en', q: 0.8 },
      { tag: 'de', q: 0.7 },
      { tag: '*', q: 0.5 },
    ]);
    expect(parseAcceptLanguage('de;q=0.5,sl;q=0.9')).toEqual([
      { tag: 'sl', q: 0.9 },
      { tag: 'de', q: 0.5 },
    ]);
    expect(parseAcceptLanguage('en, de')).toEqual([
      { tag: 'en', q: 1 },
      { tag: 'de', q: 1 },
    ]);
  });

  it('drops q=0, malformed entries and empty headers', () => {
    expect(parseAcceptLanguage('en;q=0, hr')).toEqual([{ tag: 'hr', q: 1 }]);
    expect(parseAcceptLanguage('<script>, de')).toEqual([{ tag: 'de', q: 1 }]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
  });

  it('picks the best of hr, en, de, sl by primary subtag', () => {
    expect(preferredLocale('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(preferredLocale('fr-FR,fr;q=0.9,sl;q=0.7,en;q=0.6')).toBe('sl');
    expect(preferredLocale('en-US')).toBe('en');
    expect(preferredLocale('HR-hr')).toBe('hr');
    expect(preferredLocale('it,fr;q=0.8')).toBeNull();
    expect(preferredLocale('*')).toBeNull();
    expect(preferredLocale(undefined)).toBeNull();
  });
});
