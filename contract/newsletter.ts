import type { Locale } from './locales.js';

/**
 * The newsletter's consent texts: what a form shows beside its tick box or button, word for word,
 * in each language. The client renders them (the `<link>…</link>` part links to the privacy
 * policy) and the server stores the one shown, tags removed, with its version in the consent
 * record (docs/newsletter.md). Change a text: change NEWSLETTER_CONSENT_VERSION too.
 */

/** Where a subscription was asked for. `home` and `footer` are the public form; the others come from the account. */
export const NEWSLETTER_SOURCES = ['home', 'footer', 'registration', 'profile'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];
/** What the public form may send as `source`. */
export const NEWSLETTER_FORM_SOURCES = ['home', 'footer'] as const;
export type NewsletterFormSource = (typeof NEWSLETTER_FORM_SOURCES)[number];

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** The version of the texts below, stored with every consent. */
export const NEWSLETTER_CONSENT_VERSION = '2026-01';

/** The sentence under the newsletter form's e-mail field (home page and footer). */
const FORM: Record<Locale, string> = {
  hr: 'Želim primati newsletter Zlatnog zrna s novostima, receptima i ponudama. Prijavu mogu otkazati u svakom trenutku; više o obradi podataka u <link>Politici privatnosti</link>.',
  en: 'I want to receive the Zlatno zrno newsletter with news, recipes and offers. I can unsubscribe at any time; more about how my data is handled in the <link>privacy policy</link>.',
  de: 'Ich möchte den Newsletter von Zlatno zrno mit Neuigkeiten, Rezepten und Angeboten erhalten. Ich kann ihn jederzeit abbestellen; mehr zur Verarbeitung meiner Daten in der <link>Datenschutzerklärung</link>.',
  sl: 'Želim prejemati e-novice Zlatno zrno z novostmi, recepti in ponudbami. Prijavo lahko kadar koli prekličem; več o obdelavi podatkov v <link>Politiki zasebnosti</link>.',
};

/** The registration form's newsletter tick box (client: account.register.newsletter). */
const REGISTRATION: Record<Locale, string> = {
  hr: 'Da, šaljite mi newsletter s novostima, receptima i ponudama.',
  en: 'Yes, please send me the newsletter with news, recipes and offers.',
  de: 'Ja, senden Sie mir den Newsletter mit Neuigkeiten, Rezepten und Angeboten.',
  sl: 'Da, pošiljajte mi e-novice z novostmi, recepti in ponudbami.',
};

/** The profile form's newsletter switch (client: account.edit.newsletter). */
const PROFILE: Record<Locale, string> = {
  hr: 'Šaljite mi newsletter',
  en: 'Send me the newsletter',
  de: 'Newsletter erhalten',
  sl: 'Pošiljajte mi e-novice',
};

export const NEWSLETTER_CONSENT_TEXTS: Record<NewsletterSource, Record<Locale, string>> = {
  home: FORM,
  footer: FORM,
  registration: REGISTRATION,
  profile: PROFILE,
};

/** The consent sentence as the form shows it, with its `<link>…</link>` tag. */
export function newsletterConsentMarkup(source: NewsletterSource, locale: Locale): string {
  return NEWSLETTER_CONSENT_TEXTS[source][locale];
}

/** The consent sentence as stored in the consent record: the words the visitor read, tags removed. */
export function newsletterConsentText(source: NewsletterSource, locale: Locale): string {
  return newsletterConsentMarkup(source, locale).replace(/<\/?link>/g, '');
}
