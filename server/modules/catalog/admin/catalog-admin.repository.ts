import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductSort } from '../../../../contract/api/admin-catalog.js';
import type { Locale } from '../../../platform/i18n/index.js';
import { Product, ProductOffer, ProductPrice } from '../product.entity.js';

/** One product as the back office lists it (before reserved stock and prices are worked out). */
export interface AdminProductRecord {
  id: number;
  code: string;
  name: string;
  category: string;
  category_name: string;
  availability: Product['availability'];
  stock: number | null;
  low_stock_threshold: number;
  price_cents: number;
  /** The cheapest offer running at the statement's time, if any. */
  offer_cents: number | null;
  net_weight_grams: number;
  pieces_per_carton: number;
  updated_at: Date;
}

export interface AdminProductFilter {
  locale: Locale;
  q?: string;
  category?: string;
  availability?: Product['availability'];
  lowStock?: boolean;
  /** Only products with a text missing in some language. */
  untranslated?: boolean;
  sort: AdminProductSort;
  page: number;
}

/** ORDER BY per sort (every one ends on the id, so pages never overlap). */
const ORDER: Record<AdminProductSort, string> = {
  position: 'p.position, p.id',
  code: 'p.code, p.id',
  '-code': 'p.code DESC, p.id DESC',
  name: 'name, p.id',
  '-name': 'name DESC, p.id DESC',
  stock: 'p.stock ASC NULLS LAST, p.id',
  '-stock': 'p.stock DESC NULLS LAST, p.id',
  price: 'p.price_cents, p.id',
  '-price': 'p.price_cents DESC, p.id DESC',
};

const SHOWN_AVAILABILITY = `CASE WHEN p.availability = 'available' AND (p.stock IS NULL OR p.stock > 0) THEN 'available' ELSE 'soon_available_again' END`;
const LOW_STOCK = `(p.stock IS NOT NULL AND p.stock <= p.low_stock_threshold)`;

const SELECT_ROW = `SELECT p.id, p.code, COALESCE(t.name, p.code) AS name, c.code AS category, COALESCE(ct.name, c.code) AS category_name,
       p.availability, p.stock, p.low_stock_threshold, p.price_cents, p.net_weight_grams, p.pieces_per_carton, p.updated_at,
       (SELECT min(o.price_cents) FROM product_offer o
         WHERE o.product_id = p.id AND o.starts_at <= statement_timestamp() AND statement_timestamp() < o.ends_at) AS offer_cents
  FROM product p
  JOIN category c ON c.id = p.category_id
  LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $1
  LEFT JOIN category_translation ct ON ct.category_id = c.id AND ct.locale = $1`;

/** A product with fewer than four complete translations (every text of a language present). */
const UNTRANSLATED = `(SELECT count(*) FROM product_translation x WHERE x.product_id = p.id AND x.name IS NOT NULL AND x.slug IS NOT NULL
  AND x.short_description IS NOT NULL AND x.description IS NOT NULL AND x.ingredients IS NOT NULL AND x.allergens IS NOT NULL
  AND x.cooking_tips IS NOT NULL) < 4`;

/** `%` and `_` in a search are plain characters. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The SQL of the back office's stock and price screens (the catalogue's tables only). */
@Injectable()
export class CatalogAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One page of products with the filters, and how many match. */
  async list(f: AdminProductFilter): Promise<{ rows: AdminProductRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [f.locale];
    if (f.q) {
      params.push(likePattern(f.q));
      where.push(`(p.code ILIKE $${params.length} OR t.name ILIKE $${params.length})`);
    }
    if (f.category) {
      params.push(f.category);
      where.push(`c.code = $${params.length}`);
    }
    if (f.availability) {
      params.push(f.availability);
      where.push(`${SHOWN_AVAILABILITY} = $${params.length}`);
    }
    if (f.lowStock === true) where.push(LOW_STOCK);
    if (f.lowStock === false) where.push(`NOT ${LOW_STOCK}`);
    if (f.untranslated) where.push(UNTRANSLATED);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM product p JOIN category c ON c.id = p.category_id
         LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $1 ${filter}`,
      params,
    )) as Array<{ total: number }>;
    params.push(ADMIN_PRODUCTS_PAGE_SIZE, (f.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
    const rows = (await this.db.query(
      `${SELECT_ROW} ${filter} ORDER BY ${ORDER[f.sort]} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as AdminProductRecord[];
    return { rows, total };
  }

  /** Products low on stock in the whole catalogue (partial index product_low_stock_idx). */
  async lowStockCount(): Promise<number> {
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM product p WHERE ${LOW_STOCK}`)) as Array<{ n: number }>;
    return n;
  }

  /** Low-stock products in catalogue order (at most `limit`), names in `locale`. */
  async lowStock(locale: Locale, limit: number): Promise<AdminProductRecord[]> {
    return (await this.db.query(`${SELECT_ROW} WHERE ${LOW_STOCK} ORDER BY p.position, p.id LIMIT $2`, [
      locale,
      limit,
    ])) as AdminProductRecord[];
  }

  /** One product by code, in `manager`'s transaction (its row locked when `lock`). */
  async byCode(manager: EntityManager, code: string, locale: Locale, lock = false): Promise<AdminProductRecord | undefined> {
    if (lock) await manager.query(`SELECT 1 FROM product WHERE code = $1 FOR UPDATE`, [code]);
    const rows = (await manager.query(`${SELECT_ROW} WHERE p.code = $2`, [locale, code])) as AdminProductRecord[];
    return rows[0];
  }

  /** Products by code with their rows locked in code order (no deadlock between two bulk edits). */
  async byCodes(manager: EntityManager, codes: readonly string[], locale: Locale, lock: boolean): Promise<AdminProductRecord[]> {
    if (!codes.length) return [];
    if (lock) await manager.query(`SELECT 1 FROM product WHERE code = ANY($1::text[]) ORDER BY code FOR UPDATE`, [[...codes]]);
    return (await manager.query(`${SELECT_ROW} WHERE p.code = ANY($2::text[])`, [locale, [...codes]])) as AdminProductRecord[];
  }

  /** The price history (oldest first) and every offer (by start) of a product. */
  async pricesOf(manager: EntityManager, productId: number): Promise<{ history: ProductPrice[]; offers: ProductOffer[] }> {
    const history = await manager.getRepository(ProductPrice).find({ where: { productId }, order: { validFrom: 'ASC', id: 'ASC' } });
    const offers = await manager.getRepository(ProductOffer).find({ where: { productId }, order: { startsAt: 'ASC', id: 'ASC' } });
    return { history, offers };
  }

  /** Sets what is given of stock, availability and threshold; the row as it is afterwards with the statement's clock. */
  async setStock(
    manager: EntityManager,
    productId: number,
    change: { stock?: number | null; availability?: Product['availability']; lowStockThreshold?: number },
  ): Promise<{ stock: number | null; availability: Product['availability']; low_stock_threshold: number; at: Date }> {
    const sets: string[] = [];
    const params: unknown[] = [productId];
    if (change.stock !== undefined) {
      params.push(change.stock);
      sets.push(`stock = $${params.length}::integer`);
    }
    if (change.availability !== undefined) {
      params.push(change.availability);
      sets.push(`availability = $${params.length}`);
    }
    if (change.lowStockThreshold !== undefined) {
      params.push(change.lowStockThreshold);
      sets.push(`low_stock_threshold = $${params.length}`);
    }
    const [rows] = (await manager.query(
      `UPDATE product SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1
       RETURNING stock, availability, low_stock_threshold, clock_timestamp() AS at`,
      params,
    )) as [Array<{ stock: number | null; availability: Product['availability']; low_stock_threshold: number; at: Date }>, number];
    return rows[0];
  }
}
