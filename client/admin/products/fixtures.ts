/** Products as the API answers them, for the screens' unit tests. */
import type { AdminProductDetail, AdminProductList, AdminProductRow, OfferPreview } from '../../../contract/api/admin-catalog';

export const ROW: AdminProductRow = {
  code: 'ZZ-SPAG-400',
  name: 'Špageti',
  category: 'tjestenina',
  category_name: 'Tjestenina',
  availability: 'available',
  shown_availability: 'available',
  stock: 3,
  reserved: 2,
  low_stock_threshold: 5,
  low_stock: true,
  price_cents: 249,
  offer_price_cents: null,
  per_kg_cents: 623,
  net_weight_grams: 400,
};

export const LIST: AdminProductList = {
  items: [
    ROW,
    { ...ROW, code: 'ZZ-FUZ-500', name: 'Fuži', stock: null, reserved: 0, low_stock: false, price_cents: 1999, offer_price_cents: 1799 },
  ],
  total: 2,
  page: 1,
  page_size: 25,
  low_stock_count: 1,
};

export const DETAIL: AdminProductDetail = {
  ...ROW,
  pieces_per_carton: 12,
  lowest_30d_cents: 229,
  offers: [
    {
      id: 7,
      price_cents: 199,
      starts_at: '2026-12-01T08:00:00.000Z',
      ends_at: '2026-12-08T08:00:00.000Z',
      reference_date: '2026-12-01',
      state: 'scheduled',
      lowest_30d_cents: 229,
      discount_percent: 13,
    },
  ],
  price_history: [{ price_cents: 249, valid_from: '2026-11-20T10:00:00.000Z' }],
  updated_at: '2026-11-28T10:00:00.000Z',
};

export const PREVIEW: OfferPreview = {
  regular_price_cents: 349,
  offer_price_cents: 279,
  window_from: '2026-11-01T08:00:00.000Z',
  window_to: '2026-12-01T08:00:00.000Z',
  lowest_30d_cents: 299,
  struck_price_cents: 299,
  discount_percent: 7,
  offer_per_kg_cents: 698,
};
