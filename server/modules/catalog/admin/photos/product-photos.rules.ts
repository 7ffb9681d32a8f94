import type { Locale } from '../../../../../contract/locales.js';

/** Alt texts as sent: a blank text is missing (null), never an empty string. */
export function blankToMissing(alt: Partial<Record<Locale, string | null | undefined>>): Partial<Record<Locale, string | null>> {
  const out: Partial<Record<Locale, string | null>> = {};
  for (const [l, text] of Object.entries(alt) as Array<[Locale, string | null | undefined]>) {
    if (text === undefined) continue;
    out[l] = text === null || text.trim() === '' ? null : text.trim();
  }
  return out;
}

/** The stored alt texts with the sent ones over them; a language set to null is dropped (missing). */
export function mergeAlt(
  stored: Partial<Record<Locale, string>>,
  sent: Partial<Record<Locale, string | null>>,
): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = { ...stored };
  for (const [l, text] of Object.entries(sent) as Array<[Locale, string | null]>) {
    if (text === null) delete out[l];
    else out[l] = text;
  }
  return out;
}

/** Why `order` is not a permutation of the product's photos (`current`), or null when it is one. */
export function photoOrderProblem(current: readonly string[], order: readonly string[]): 'missing' | 'unknown' | 'duplicate' | null {
  if (new Set(order).size !== order.length) return 'duplicate';
  const known = new Set(current);
  if (order.some((id) => !known.has(id))) return 'unknown';
  if (order.length !== current.length) return 'missing';
  return null;
}
