import type { Locale } from '../../../contract/locales';

/**
 * Euro amounts from integer cents, formatted by hand rather than with Intl so that the server and every
 * browser produce the same characters (Intl output differs between ICU versions, e.g. in spaces, which
 * would break hydration).
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

/** A readable name from a URL slug ('kamut-fusilli' -> 'Kamut fusilli'); the raw slug if it cannot be decoded. */
export function nameFromSlug(slug: string | undefined): string {
  if (!slug) return '';
  let text = slug;
  try {
    text = decodeURIComponent(slug);
  } catch {
    // keep the raw slug
  }
  text = text.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
