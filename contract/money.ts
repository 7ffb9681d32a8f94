import type { Locale } from './locales.js';

/**
 * Money, shared by the server, the client and the e-mails: every amount is an integer number of euro
 * cents (ARCHITECTURE.md section 5); nothing here ever sees a float price.
 */

/**
 * Euro amounts from integer cents, the one formatter of the shop (pages, API messages, mails):
 * 265446 -> "2.654,46 €" (hr, de, sl) or "€2,654.46" (en). Formatted by hand rather than with Intl so
 * that the server and every browser produce the same characters (Intl output differs between ICU
 * versions, e.g. in spaces, which would break hydration).
 */
export function formatEuro(cents: number, locale: Locale): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, '0');
  const english = locale === 'en';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, english ? ',' : '.');
  const amount = `${grouped}${english ? '.' : ','}${fraction}`;
  return `${negative ? '-' : ''}${english ? `€${amount}` : `${amount} €`}`;
}

/** IBAN in groups of four, as printed on invoices. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** a / b rounded half up, for non-negative integers a and positive integer b. */
export function divideHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0)
    throw new RangeError(`divideHalfUp(${a}, ${b}): expects a >= 0 and b > 0 integers`);
  const q = Math.floor(a / b);
  const r = a - q * b;
  return 2 * r >= b ? q + 1 : q;
}

/**
 * VAT contained in a gross amount at `rate` percent: round(gross x rate / (100 + rate)), half up.
 * Rates may have up to two decimals (France 5.5 %, Slovenia 9.5 %, Finland 25.5 %): the division is
 * done in hundredths of a percent, so the result is exact for them as for whole rates.
 */
export function vatOfGross(gross: number, rate: number): number {
  const hundredths = Math.round(rate * 100);
  if (hundredths < 0 || Math.abs(hundredths - rate * 100) > 1e-6)
    throw new RangeError(`vatOfGross: rate ${rate} is not a percentage with at most two decimals`);
  return divideHalfUp(gross * hundredths, 10_000 + hundredths);
}

/**
 * Splits `amount` over weighted items in proportion to their weights with the largest-remainder
 * method, so the parts are integers that sum exactly to `amount`. Ties in the remainder go to the
 * smaller key, so the result does not depend on the order of the items. `amount` must not exceed
 * the sum of the weights; no part exceeds its weight.
 */
export function allocateProportionally<K extends string>(amount: number, items: ReadonlyArray<{ key: K; weight: number }>): Map<K, number> {
  const total = items.reduce((s, i) => s + i.weight, 0);
  const result = new Map<K, number>();
  if (amount < 0 || amount > total) throw new RangeError(`cannot allocate ${amount} over weights summing to ${total}`);
  if (total === 0) {
    for (const i of items) result.set(i.key, 0);
    return result;
  }
  let given = 0;
  const remainders: Array<{ key: K; rem: number }> = [];
  for (const i of items) {
    const exact = amount * i.weight;
    const floor = Math.floor(exact / total);
    result.set(i.key, floor);
    given += floor;
    remainders.push({ key: i.key, rem: exact - floor * total });
  }
  remainders.sort((a, b) => b.rem - a.rem || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let k = 0; k < amount - given; k++) {
    const key = remainders[k].key;
    result.set(key, result.get(key)! + 1);
  }
  return result;
}
