import type { Locale } from '../../../../contract/locales.js';

/**
 * What Monri WebPay's form accepts per field (length in characters, min..max). Longer values are
 * refused by the hosted page, so the adapter cleans and shortens them before signing (see
 * `cleanField`); a value still shorter than the minimum after cleaning cannot be sent.
 */
export const MONRI_FIELD_LIMITS = {
  ch_full_name: { min: 3, max: 30 },
  ch_address: { min: 3, max: 100 },
  ch_city: { min: 3, max: 30 },
  ch_zip: { min: 3, max: 9 },
  ch_country: { min: 2, max: 3 },
  ch_phone: { min: 3, max: 30 },
  ch_email: { min: 3, max: 100 },
  order_info: { min: 3, max: 100 },
  order_number: { min: 1, max: 40 },
} as const;

export type MonriLimitedField = keyof typeof MONRI_FIELD_LIMITS;

/** Monri's `language` codes for the shop's languages (its hosted page speaks all four). */
export const MONRI_LANGUAGE: Readonly<Record<Locale, string>> = { hr: 'hr', en: 'en', de: 'de', sl: 'sl' };

/** The shop's language for a Monri `language` code (the emulator's page); English for anything else. */
export function localeOfMonriLanguage(code: string | undefined): Locale {
  const found = (Object.entries(MONRI_LANGUAGE) as Array<[Locale, string]>).find(([, monri]) => monri === code);
  return found ? found[0] : 'en';
}

/** Characters the form fields never carry: control and format characters, and markup/quoting characters a hosted page may refuse. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff<>"'`\\;{}]/gu;

/**
 * Makes a free-text value fit a Monri field: unsafe characters become spaces, whitespace runs one
 * space, ends trimmed, then cut to the field's maximum on a character (code point) boundary, never
 * inside a surrogate pair, and trimmed again. Letters with diacritics (č, ć, đ, š, ž, ä, ö, ü, ß)
 * stay: Monri takes UTF-8. Returns undefined when what is left is shorter than the minimum.
 */
export function cleanField(field: MonriLimitedField, value: string): string | undefined {
  const { min, max } = MONRI_FIELD_LIMITS[field];
  const cleaned = value.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/gu, ' ').trim();
  const cut = [...cleaned].slice(0, max).join('').trim();
  return [...cut].length >= min ? cut : undefined;
}

/** Postal codes: letters, digits, space and hyphen only (other characters dropped), at most 9. */
export function cleanZip(value: string): string | undefined {
  return cleanField('ch_zip', value.replace(/[^\p{L}\p{N} -]/gu, ''));
}

/** Phone numbers: digits, a leading +, spaces, hyphens, parentheses and slashes. */
export function cleanPhone(value: string): string | undefined {
  return cleanField('ch_phone', value.replace(/[^0-9+ ()/-]/g, ''));
}

/** Order numbers as Monri takes them: letters, digits, '-' and '_', 1 to 40 characters; anything else is a bug upstream. */
export function isValidOrderNumber(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,40}$/.test(value);
}
