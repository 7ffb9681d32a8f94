import { requestLocale } from './request-locale.js';

const req = (query: Record<string, unknown>, cookies: Record<string, unknown>, acceptLanguage?: string) =>
  ({ query, cookies, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }) as Parameters<typeof requestLocale>[0];

describe('requestLocale', () => {
  it('prefers the explicit parameter, then the cookie, then Accept-Language, then hr', () => {
    expect(requestLocale(req({ locale: 'sl' }, { locale: 'de' }, 'en'))).toBe('sl');
    expect(requestLocale(req({}, { locale: 'de' }, 'en'))).toBe('de');
    expect(requestLocale(req({}, {}, 'en-GB,en;q=0.9'))).toBe('en');
    expect(requestLocale(req({}, {}))).toBe('hr');
  });

  it('skips values that are not one of our languages, whatever their shape', () => {
    expect(requestLocale(req({ locale: ['de', 'en'] }, { locale: 'fr' }, 'de'))).toBe('de');
    expect(requestLocale(req({ locale: 'xx' }, { locale: { a: 1 } }))).toBe('hr');
    expect(requestLocale({ query: undefined, cookies: undefined, headers: {} } as unknown as Parameters<typeof requestLocale>[0])).toBe(
      'hr',
    );
  });
});
