import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogService, PriceService, type Availability, type NewProduct, type ProductTexts } from '../../server/modules/catalog/index.js';
import type { Locale } from '../../server/platform/i18n/index.js';
import type { VatClass } from '../../contract/vat.js';

export interface ProductOverrides {
  code?: string;
  /** Regular gross price in cents (default 249). */
  price?: number;
  /** When that price took effect (default now). */
  priceSince?: Date;
  vatRate?: 5 | 13 | 25;
  /** The product's VAT class (default `food`, contract/vat.ts). */
  vatClass?: VatClass;
  /** Shipping weight of one pack in grams. */
  weight?: number;
  netWeightGrams?: number;
  stock?: number | null;
  availability?: Availability;
  /** Names per language (default "<Name> <code>" in each). */
  names?: Partial<Record<Locale, string>>;
  line?: string;
  category?: string;
  pack?: 'standard' | 'business';
  image?: NewProduct['image'];
  /** A special offer running now (or as given). */
  offer?: { price: number; startsAt?: Date; endsAt?: Date; referenceDate?: string };
}

let seq = 0;
const LABELS: Record<Locale, string> = { hr: 'Testna tjestenina', en: 'Test pasta', de: 'Testnudeln', sl: 'Testne testenine' };

function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Creates a real product (rows through the catalogue's services) and returns its code and slugs. */
export async function createProduct(
  app: INestApplicationContext,
  overrides: ProductOverrides = {},
): Promise<{ code: string; slugs: Record<Locale, string>; names: Record<Locale, string> }> {
  const catalog = app.get(CatalogService);
  const prices = app.get(PriceService);
  const db = app.get(DataSource);
  seq += 1;
  const code = overrides.code ?? `T-${process.pid.toString(36).toUpperCase()}-${Date.now().toString(36).toUpperCase()}-${seq}`;
  const categoryCode = overrides.category ?? 'test-category';
  const names = {} as Record<Locale, string>;
  const texts = {} as Record<Locale, ProductTexts>;
  for (const locale of ['hr', 'en', 'de', 'sl'] as const) {
    names[locale] = overrides.names?.[locale] ?? `${LABELS[locale]} ${code}`;
    texts[locale] = {
      name: names[locale],
      slug: `${slugify(names[locale])}-${locale}`,
      shortDescription: `${LABELS[locale]} (${code})`,
      description: `${LABELS[locale]} ${code}.`,
      ingredients: 'durum',
      allergens: 'gluten',
      cookingTips: '-',
    };
  }
  await db.transaction(async (m) => {
    await catalog.ensureCategory(
      m,
      categoryCode,
      {
        hr: { name: `Kategorija ${categoryCode}`, slug: `${categoryCode}-hr` },
        en: { name: `Category ${categoryCode}`, slug: `${categoryCode}-en` },
        de: { name: `Kategorie ${categoryCode}`, slug: `${categoryCode}-de` },
        sl: { name: `Kategorija ${categoryCode}`, slug: `${categoryCode}-sl` },
      },
      1000,
    );
    await catalog.createProduct(m, {
      code,
      line: overrides.line ?? 'classic',
      categoryCode,
      pack: overrides.pack ?? 'standard',
      netWeightGrams: overrides.netWeightGrams,
      shippingWeightGrams: overrides.weight,
      vatRate: overrides.vatRate ?? 25,
      vatClass: overrides.vatClass ?? 'food',
      priceCents: overrides.price ?? 249,
      priceSince: overrides.priceSince,
      availability: overrides.availability ?? 'available',
      stock: overrides.stock ?? null,
      image: overrides.image ?? null,
      texts,
    });
    if (overrides.offer) {
      const startsAt = overrides.offer.startsAt ?? new Date(Date.now() - 60_000);
      await prices.addOffer(
        code,
        {
          priceCents: overrides.offer.price,
          startsAt,
          endsAt: overrides.offer.endsAt ?? new Date(Date.now() + 7 * 86_400_000),
          referenceDate: overrides.offer.referenceDate,
        },
        m,
      );
    }
  });
  return { code, slugs: Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, t.slug])) as Record<Locale, string>, names };
}
