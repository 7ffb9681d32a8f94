import type { ProductDetail, ProductSummary } from '../../api/catalog';
import {
  formatDate,
  formatDecimal,
  formatWeight,
  jsonForScript,
  lineNameKey,
  priceDisplay,
  productJsonLd,
  productLocaleParams,
} from './format';

const offerPrice: Pick<ProductSummary, 'price'> = {
  price: {
    amount: 199,
    currency: 'EUR',
    regular_amount: 249,
    per_kg: 498,
    offer: {
      starts_at: '2026-11-10T00:00:00.000Z',
      ends_at: '2026-11-30T23:00:00.000Z',
      reference_date: '2026-10-11',
      reference_price: 219,
      lowest_30d: 219,
      discount_percent: 9,
    },
  },
};

describe('catalogue formatting', () => {
  it('writes dates the way each language does', () => {
    expect(formatDate('2026-03-07', 'hr')).toBe('7. 3. 2026.');
    expect(formatDate('2026-03-07', 'sl')).toBe('7. 3. 2026');
    expect(formatDate('2026-03-07', 'de')).toBe('07.03.2026');
    expect(formatDate('2026-03-07', 'en')).toBe('07/03/2026');
  });

  it('shows timestamps as the calendar date in Zagreb', () => {
    // 23:00 UTC on 30 November is already 1 December in Zagreb (CET).
    expect(formatDate('2026-11-30T23:00:00.000Z', 'de')).toBe('01.12.2026');
    expect(formatDate('not a date', 'hr')).toBe('not a date');
  });

  it('formats weights and decimals per language', () => {
    expect(formatWeight(400, 'hr')).toBe('400 g');
    expect(formatWeight(1000, 'en')).toBe('1 kg');
    expect(formatWeight(1500, 'de')).toBe('1,5 kg');
    expect(formatWeight(1500, 'en')).toBe('1.5 kg');
    expect(formatDecimal(12.04, 'sl')).toBe('12');
    expect(formatDecimal(0.25, 'hr')).toBe('0,3');
  });

  it('strikes through the 30-day lowest price the discount is computed from, not the regular price (Omnibus)', () => {
    expect(priceDisplay(offerPrice, 'hr')).toEqual({
      amount: '1,99 €',
      perKg: '4,98 €',
      onOffer: true,
      struck: '2,19 €',
      lowest30d: null, // struck through already: the amount is shown once, with one label

      discountPercent: 9,
      offerEnds: '1. 12. 2026.',
      referenceDate: '11. 10. 2026.',
    });
    expect(priceDisplay(offerPrice, 'en').amount).toBe('€1.99');
    expect(priceDisplay(offerPrice, 'en').struck).toBe('€2.19');
    // 9 % is (2,19 − 1,99) / 2,19: the struck-through price and the badge agree.
    expect(Math.round(((219 - 199) * 100) / 219)).toBe(offerPrice.price.offer?.discount_percent);
  });

  it('strikes nothing through when there was no price before the offer or the offer is not below it', () => {
    const noHistory = { price: { ...offerPrice.price, offer: { ...offerPrice.price.offer!, lowest_30d: null, discount_percent: null } } };
    expect(priceDisplay(noHistory, 'hr')).toMatchObject({ onOffer: true, struck: null, lowest30d: null, discountPercent: null });
    const notBelow = { price: { ...offerPrice.price, offer: { ...offerPrice.price.offer!, lowest_30d: 199, discount_percent: 0 } } };
    // not struck through: the 30-day lowest price is then the note's, shown once
    expect(priceDisplay(notBelow, 'hr')).toMatchObject({ struck: null, lowest30d: '1,99 €', discountPercent: null });
  });

  it('names each product line by its translation key, not its internal code', () => {
    expect(lineNameKey('classic')).toBe('catalog.lines.classic');
    expect(lineNameKey('superfoodie')).toBe('catalog.lines.superfoodie');
    expect(lineNameKey('alphabet')).toBe('catalog.lines.alphabet');
    expect(lineNameKey('business')).toBe('catalog.lines.business');
    expect(lineNameKey('unknown')).toBeNull();
  });

  it('shows no offer details for a regular price', () => {
    const regular = { price: { ...offerPrice.price, amount: 249, offer: null } };
    expect(priceDisplay(regular, 'de')).toMatchObject({
      onOffer: false,
      struck: null,
      lowest30d: null,
      discountPercent: null,
      offerEnds: null,
    });
  });

  it('gives per-language route params from the product slugs', () => {
    expect(productLocaleParams({ slugs: { hr: 'spageti', en: 'spaghetti', de: 'spaghetti', sl: 'spageti' } })).toEqual({
      hr: { slug: 'spageti' },
      en: { slug: 'spaghetti' },
      de: { slug: 'spaghetti' },
      sl: { slug: 'spageti' },
    });
  });

  it('builds JSON-LD Product with Offer and escapes it for a script element', () => {
    const product = {
      ...offerPrice,
      code: 'ZZ-1',
      name: 'Fusilli </script>',
      short_description: 'Spirals',
      category: { slug: 'classic', name: 'Classic' },
      availability: 'soon_available_again',
    } as unknown as ProductDetail;
    const ld = productJsonLd(product, 'https://shop.example/en/product/fusilli', null);
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: 'ZZ-1',
      offers: {
        '@type': 'Offer',
        price: '1.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
        priceValidUntil: '2026-11-30',
      },
    });
    expect(ld).not.toHaveProperty('image');
    const json = jsonForScript(ld);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(ld);
  });
});
