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

/**
 * Monri's `language` codes for the shop's languages. Monri's hosted page speaks hr, en, de, and
 * also ba, sr and es (its WooCommerce and Magento plugins offer exactly these): there is no `sl`.
 * A Slovenian shopper gets the English page: English is the one language of the page a shopper
 * from Slovenia can be expected to read, and it is what Monri shows for a code it does not know.
 */
export const MONRI_LANGUAGE: Readonly<Record<Locale, MonriLanguage>> = { hr: 'hr', en: 'en', de: 'de', sl: 'en' };

/** Every `language` Monri's page speaks. */
export const MONRI_LANGUAGES = ['hr', 'en', 'de', 'ba', 'sr', 'es'] as const;
export type MonriLanguage = (typeof MONRI_LANGUAGES)[number];

/** The shop's language the emulator's page uses for a Monri `language` code: hr, en, de; English for anything else (ba, sr, es included). */
export function localeOfMonriLanguage(code: string | undefined): Locale {
  return code === 'hr' || code === 'de' ? code : 'en';
}

/**
 * Monri's `amount`: integer minor units, 3 to 11 digits, so at least 100 (1.00 EUR) and at most
 * 99 999 999 999. A card order outside is refused at checkout (ORDER_CARD_AMOUNT_OUT_OF_RANGE).
 */
export const MONRI_MIN_AMOUNT_CENTS = 100;
export const MONRI_MAX_AMOUNT_CENTS = 99_999_999_999;

export function isMonriAmount(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= MONRI_MIN_AMOUNT_CENTS && cents <= MONRI_MAX_AMOUNT_CENTS;
}

/**
 * The `order_number` one payment attempt is sent to Monri with: the shop's order number, `_` and
 * the attempt's ordinal (1, 2, ...), e.g. `ZZ-2026-000123_2`. Monri keeps `order_number` unique per
 * transaction (a reused one is refused with response 1822), so every attempt of an order (the
 * failure page's 'try again') needs its own. `_` never occurs in the shop's order numbers, so the
 * reference reads back unambiguously; at most 40 characters (Monri's limit).
 */
export function paymentReference(orderNumber: string, attempt: number): string {
  if (!Number.isSafeInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, not ${attempt}`);
  const reference = `${orderNumber}_${attempt}`;
  if (!parsePaymentReference(reference))
    throw new RangeError(`no payment reference can be made of ${orderNumber} and attempt ${attempt} (at most 40 characters)`);
  return reference;
}

/** The shop's order number and attempt of a reference built by `paymentReference`, or undefined for anything else. */
export function parsePaymentReference(reference: string): { orderNumber: string; attempt: number } | undefined {
  const match = /^([A-Za-z0-9-]{1,34})_([1-9]\d{0,4})$/.exec(reference);
  return match ? { orderNumber: match[1]!, attempt: Number(match[2]) } : undefined;
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
