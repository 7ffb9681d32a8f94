import type { Locale } from '../../platform/i18n/index.js';

// This file is a contract: the client imports its types (`import type`), so it imports nothing
// but other pure type files.
export type Availability = 'available' | 'soon_available_again';
export type Pack = 'standard' | 'business';

/** Below this many packs the API tells shoppers how many are left (`stock_left`). */
export const LOW_STOCK_THRESHOLD = 10;

export interface ImageView {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface OfferView {
  ends_at: string;
  starts_at: string;
  /** The price's reference date (YYYY-MM-DD) and the regular price in force on it (null before the first price). */
  reference_date: string;
  reference_price: number | null;
  /** Lowest price applied in the 30 days before the offer started (Omnibus); null if it had no price before. */
  lowest_30d: number | null;
  discount_percent: number | null;
}

export interface PriceView {
  amount: number;
  currency: 'EUR';
  regular_amount: number;
  per_kg: number;
  offer: OfferView | null;
}

export interface ProductSummary {
  code: string;
  slug: string;
  name: string;
  short_description: string;
  category: { slug: string; name: string };
  line: string;
  pack: Pack;
  pack_grams: number;
  image: ImageView | null;
  price: PriceView;
  availability: Availability;
  stock_left: number | null;
}

export interface Nutrition {
  energy_kj: number;
  energy_kcal: number;
  fat: number;
  saturates: number;
  carbohydrate: number;
  sugars: number;
  fibre: number;
  protein: number;
  salt: number;
}

export interface ProductDetail extends ProductSummary {
  /** The slug of this product in the requested language; differs from the requested slug when it came from another language (the page answers 301). */
  canonical_slug: string;
  description: string;
  ingredients: string;
  allergens: string;
  nutrition: Nutrition;
  cooking_time_minutes: number;
  cooking_tips: string;
  pieces_per_carton: number;
  vat_rate: number;
  net_weight_grams: number;
  shipping_weight_grams: number;
  slugs: Record<Locale, string>;
  related: ProductSummary[];
}

export interface CategoryView {
  code: string;
  slug: string;
  name: string;
  product_count: number;
  slugs: Record<Locale, string>;
}

export interface ProductPage {
  items: ProductSummary[];
  page: number;
  page_size: number;
  total: number;
}

export interface ProductTexts {
  name: string;
  slug: string;
  shortDescription: string;
  description: string;
  ingredients: string;
  allergens: string;
  cookingTips: string;
}

/** Everything needed to create a product (seeder, tests). */
export interface NewProduct {
  code: string;
  line: string;
  categoryCode: string;
  pack?: Pack;
  netWeightGrams?: number;
  shippingWeightGrams?: number;
  piecesPerCarton?: number;
  vatRate?: number;
  priceCents: number;
  /** When the first price took effect (default now). */
  priceSince?: Date;
  availability?: Availability;
  stock?: number | null;
  image?: { src: string; width: number; height: number } | null;
  nutrition?: Partial<Nutrition>;
  cookingTimeMinutes?: number;
  position?: number;
  texts: Record<Locale, ProductTexts>;
}
