import type { Locale } from '../../platform/i18n/index.js';
import type { VatClass } from '../../../contract/vat.js';

// The API's shapes are the zod schemas of contract/api/catalog.ts; these are their types.
export type {
  Availability,
  CategoryView,
  Nutrition,
  Pack,
  PriceView,
  ProductDetail,
  ProductPage,
  ProductSummary,
} from '../../../contract/api/catalog.js';
import type { Availability, Nutrition, Pack } from '../../../contract/api/catalog.js';

/** Below this many packs the API tells shoppers how many are left (`stock_left`). */
export const LOW_STOCK_THRESHOLD = 10;

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
  /** KPD 2025 code, default 10.73.11 (pasta). */
  kpdCode?: string;
  /** Default `food` (contract/vat.ts). */
  vatClass?: VatClass;
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
