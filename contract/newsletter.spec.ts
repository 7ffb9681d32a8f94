import { describe, expect, it } from '@jest/globals';
import { LOCALES } from './locales.js';
import { NEWSLETTER_SOURCES, newsletterConsentMarkup, newsletterConsentText } from './newsletter.js';

describe('newsletter consent texts', () => {
  it.each(NEWSLETTER_SOURCES)('%s has a text in every language, stored without tags', (source) => {
    const seen = new Set<string>();
    for (const locale of LOCALES) {
      const text = newsletterConsentText(source, locale);
      expect(text.length).toBeGreaterThan(15);
      expect(text).not.toMatch(/[<>]/);
      seen.add(text);
    }
    expect(seen.size).toBe(LOCALES.length);
  });

  it('links the privacy policy in the form sentence of every language', () => {
    for (const locale of LOCALES) {
      expect(newsletterConsentMarkup('home', locale)).toMatch(/^[^<]+<link>[^<]+<\/link>[^<]*$/);
      expect(newsletterConsentText('footer', locale)).toBe(newsletterConsentText('home', locale));
    }
  });
});
