/**
 * Pure formatting and mapping helpers of the catalogue screens. Like contract/money.ts they format by hand
 * (not with Intl) so that server and browser render the same characters (no hydration mismatches).
 */
import { formatEuro } from '../../../../contract/money';
import type { Locale } from '../../../../contract/locales';
import type { ProductDetail, ProductSummary } from '../../api/catalog';

export { formatEuro };

/** A date (ISO timestamp or YYYY-MM-DD) as the language writes it: hr 31. 12. 2026., sl 31. 12. 2026, de 31.12.2026, en 31/12/2026. */
export function formatDate(iso: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  // Timestamps are shown in Croatian time (the shop's time zone) only as far as the date goes; the API
  // sends offer ends at local midnight boundaries, so the calendar date of the ISO string is used as is,
  // except for full timestamps, which are converted to Europe/Zagreb.
  let [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (iso.length > 10) {
    const parts = zagrebDate(new Date(iso));
    if (parts) [y, mo, d] = parts;
  }
  switch (locale) {
    case 'hr':
      return `${d}. ${mo}. ${y}.`;
    case 'sl':
      return `${d}. ${mo}. ${y}`;
    case 'de':
      return `${String(d).padStart(2, '0')}.${String(mo).padStart(2, '0')}.${y}`;
    case 'en':
      return `${String(d).padStart(2, '0')}/${String(mo).padStart(2, '0')}/${y}`;
  }
}

/** The calendar date in Zagreb of an instant (numeric parts only: identical in every ICU). */
function zagrebDate(date: Date): [number, number, number] | null {
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zagreb',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day')];
}

/** 400 -> '400 g', 1000 -> '1 kg', 1500 -> '1,5 kg' ('1.5 kg' in English). */
export function formatWeight(grams: number, locale: Locale): string {
  if (grams < 1000) return `${grams} g`;
  return `${formatDecimal(grams / 1000, locale)} kg`;
}

/** A number with at most one decimal, decimal comma except in English: 12.5 -> '12,5'. */
export function formatDecimal(value: number, locale: Locale): string {
  const rounded = Math.round(value * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** A price view reduced to what a card or the product page shows. */
export interface PriceDisplay {
  amount: string;
  perKg: string;
  onOffer: boolean;
  /**
   * The price struck through next to an offer: the lowest price of the 30 days before it (EU Omnibus,
   * the price the discount is computed from), never the current regular price; null when there is none
   * or the offer is not below it.
   */
  struck: string | null;
  /**
   * The lowest price of the 30 days before the offer as a note ('... : 2,19 €'), only when it is not
   * already struck through (then the page names the struck price instead of showing the amount twice).
   */
  lowest30d: string | null;
  discountPercent: number | null;
  offerEnds: string | null;
  referenceDate: string | null;
}

export function priceDisplay(product: Pick<ProductSummary, 'price'>, locale: Locale): PriceDisplay {
  const { price } = product;
  const offer = price.offer;
  const onOffer = !!offer && price.amount < price.regular_amount;
  const lowest = offer ? offer.lowest_30d : null;
  const struck = onOffer && lowest !== null && lowest > price.amount ? formatEuro(lowest, locale) : null;
  return {
    amount: formatEuro(price.amount, locale),
    perKg: formatEuro(price.per_kg, locale),
    onOffer,
    struck,
    lowest30d: !struck && lowest !== null ? formatEuro(lowest, locale) : null,
    discountPercent: offer && offer.discount_percent ? offer.discount_percent : null,
    offerEnds: offer ? formatDate(offer.ends_at, locale) : null,
    referenceDate: offer ? formatDate(offer.reference_date, locale) : null,
  };
}

const LINES = ['classic', 'superfoodie', 'alphabet', 'business'] as const;

/** The translation key of a product line's name ('catalog.lines.classic'); null for a code the shop has no name for. */
export function lineNameKey(line: string): `catalog.lines.${(typeof LINES)[number]}` | null {
  return (LINES as readonly string[]).includes(line) ? (`catalog.lines.${line}` as `catalog.lines.${(typeof LINES)[number]}`) : null;
}

/** Route params of a product page in every language (language switcher, hreflang). */
export function productLocaleParams(product: Pick<ProductDetail, 'slugs'>): Record<Locale, { slug: string }> {
  return {
    hr: { slug: product.slugs.hr },
    en: { slug: product.slugs.en },
    de: { slug: product.slugs.de },
    sl: { slug: product.slugs.sl },
  };
}

/** schema.org Product with Offer (JSON-LD) of a product page. */
export function productJsonLd(product: ProductDetail, url: string, imageUrl: string | null): Record<string, unknown> {
  const offer = product.price.offer;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.short_description,
    sku: product.code,
    category: product.category.name,
    brand: { '@type': 'Brand', name: 'Zlatno zrno' },
    ...(imageUrl ? { image: imageUrl } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: product.price.currency,
      price: (product.price.amount / 100).toFixed(2),
      availability: product.availability === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(offer ? { priceValidUntil: offer.ends_at.slice(0, 10) } : {}),
    },
  };
}

/** JSON for an inline <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
