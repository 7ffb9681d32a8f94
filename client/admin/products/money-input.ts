/**
 * Euro amounts as operators type them ('12,50', '12.50', '12') to integer cents, and cents back to
 * the field's text in the back office's language. Anything else is not an amount (null): no thousands
 * separators, so '2,499' is refused rather than read as 2,499 euro.
 */
import type { AdminLanguage } from '../i18n';

export function parseEuroInput(text: string): number | null {
  const s = text.trim().replace(/\s|€/g, '');
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function euroInputText(cents: number, language: AdminLanguage): string {
  const value = (cents / 100).toFixed(2);
  return language === 'en' ? value : value.replace('.', ',');
}

/** A whole number of packs as typed ('12'), or null. */
export function parseCount(text: string): number | null {
  const s = text.trim();
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}
