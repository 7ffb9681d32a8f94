import type { ServerTexts } from '../../platform/i18n/index.js';

/** The catalog's error codes; their texts are in server/locales (`catalog.errors`). */
export const CATALOG_ERRORS = {
  PRODUCT_NOT_FOUND: 'CATALOG_PRODUCT_NOT_FOUND',
  OUT_OF_STOCK: 'CATALOG_OUT_OF_STOCK',
  INVALID_QUERY: 'CATALOG_INVALID_QUERY',
  INVALID_LOCALE: 'CATALOG_INVALID_LOCALE',
  INVALID_PAGE: 'CATALOG_INVALID_PAGE',
  INVALID_PAGE_SIZE: 'CATALOG_INVALID_PAGE_SIZE',
  INVALID_CATEGORY: 'CATALOG_INVALID_CATEGORY',
  INVALID_PRICE: 'CATALOG_INVALID_PRICE',
} as const satisfies Record<string, keyof ServerTexts['catalog']['errors']>;
