import type { CartView } from './cart-types';

/** Quantity bounds of a cart line (the API refuses anything else) and the delivery countries: the contract's. */
import { DELIVERY_COUNTRIES, countryName } from '../../../../contract/countries';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../../contract/limits';

export { DELIVERY_COUNTRIES, MAX_QUANTITY, MIN_QUANTITY, countryName };

/** Croatia first (the home market, free delivery), then the others by their name in the page's language. */
export function sortedCountries(locale: string, nameOf: (code: string) => string): Array<{ code: string; name: string }> {
  const collator = new Intl.Collator(locale);
  const [home, ...rest] = DELIVERY_COUNTRIES.map((code) => ({ code, name: nameOf(code) }));
  return [home, ...rest.sort((a, b) => collator.compare(a.name, b.name))];
}

/** The wanted quantity from the quantity field, clamped to 1..99; null when the text is no whole number. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Number(trimmed)));
}

export interface FreeDeliveryProgress {
  /** Goods after discount, what counts toward the threshold. */
  reached: number;
  /** The threshold (goods after discount + what is still missing). */
  threshold: number;
  missing: number;
  done: boolean;
}

/**
 * Progress toward free delivery, or null where free delivery does not apply (outside Croatia) or the cart
 * is empty. The API answers only what is missing; the threshold follows from it.
 */
export function freeDeliveryProgress(
  cart: Pick<CartView, 'subtotal' | 'discount' | 'free_delivery' | 'lines'>,
): FreeDeliveryProgress | null {
  const { applies, missing } = cart.free_delivery;
  if (!applies || missing === null || cart.lines.length === 0) return null;
  const reached = Math.max(0, cart.subtotal - cart.discount);
  return { reached, threshold: reached + missing, missing, done: missing <= 0 };
}

/** Number of packs in the cart (what the header's cart indicator shows). */
export function packCount(cart: Pick<CartView, 'lines'>): number {
  return cart.lines.reduce((n, line) => n + line.quantity, 0);
}

/** Grams as kilograms with one decimal, in the language's decimal mark (hr/de/sl comma, en point). */
export function formatKg(grams: number, locale: string): string {
  const tenths = Math.round(grams / 100);
  const text = `${Math.floor(tenths / 10)}${locale === 'en' ? '.' : ','}${tenths % 10}`;
  return `${text} kg`;
}
