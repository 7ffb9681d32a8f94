// The catalog's public face: other modules import only from here (ESLint enforces it).
import type { VatClass } from '../../../contract/vat.js';
import type { ProductSummary } from './catalog.types.js';

export { CatalogModule } from './catalog.module.js';
export { CatalogService } from './catalog.service.js';
export { SEARCH_RANKED } from './product.repository.js';
export { PriceService } from './price.service.js';
/** The back office's port for 'reserved stock' (the order module provides its reader). */
export { ReservedStock } from './admin/reserved-stock.js';
/** The daily low-stock mail (tests run it directly). */
export { LowStockMail, zagrebDay } from './jobs/low-stock-mail.job.js';
/** Low stock for the back office's dashboard. */
export { StockFigures } from './stock-figures.repository.js';
/** What the cart needs to know about one product, in one language, at one moment. */
export interface CartProductView {
  code: string;
  name: string;
  slug: string;
  /** Gross cents per pack now (a running special offer applied). */
  unitPrice: number;
  /** The Croatian rate: 5 | 13 | 25 */
  vatRate: number;
  /** What the product is for VAT: picks the destination's rate under the OSS (contract/vat.ts `vatRateFor`). */
  vatClass: VatClass;
  /** Shipping weight of one pack in grams. */
  weightGrams: number;
  available: boolean;
  /** null = stock not tracked. */
  stock: number | null;
}

/** The catalogue for print (`CatalogService.printedCatalogue`): categories in order, each with its products. */
export interface PrintedCatalogue {
  categories: Array<{ code: string; name: string; products: PrintedProduct[] }>;
  /** More products exist than were asked for. */
  truncated: boolean;
}
export type PrintedProduct = ProductSummary & { ingredients: string; allergens: string; vat_rate: number };

export type { NewProduct, ProductTexts, ProductSummary } from './catalog.types.js';
export type { Availability } from './product.entity.js';
