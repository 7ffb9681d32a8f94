import { describe, expect, it } from '@jest/globals';
import { LOCALES } from '../../../../contract/locales';
import { newsletterConsentText } from '../../../../contract/newsletter';
import { readFileSync } from 'node:fs';

type Messages = { account: { register: { newsletter: string }; edit: { newsletter: string } } };
const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../i18n/locales/${locale}.json`, import.meta.url), 'utf8')) as Messages;
const messages = Object.fromEntries(LOCALES.map((l) => [l, read(l)])) as Record<(typeof LOCALES)[number], Messages>;

/**
 * The registration's tick box and the profile's switch show their texts from the locale files; the consent
 * record stores contract/newsletter.ts's copy. They must be the same words.
 */
describe('newsletter consent texts of the account forms', () => {
  it.each(LOCALES)('%s: the registration tick box and the profile switch say what the consent record stores', (locale) => {
    expect(messages[locale].account.register.newsletter).toBe(newsletterConsentText('registration', locale));
    expect(messages[locale].account.edit.newsletter).toBe(newsletterConsentText('profile', locale));
  });
});
