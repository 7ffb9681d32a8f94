import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';

/** A product whose tracked stock is low. */
export interface LowStock {
  code: string;
  name: string;
  stock: number;
  /** The product's own low-stock threshold (packs). */
  threshold: number;
}

/** The catalogue's stock figures for the back office's dashboard (docs/admin.md 'Dashboard'), read-only. */
@Injectable()
export class StockFigures {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Products with stock tracked and at or below their own `low_stock_threshold` (the back office's
   * 'low stock' view and the daily mail use the same rule): how many, and the first `limit` of them
   * (lowest stock first, then by code) with their name in `locale` (Croatian when that one is missing).
   */
  async lowStock(limit: number, locale: Locale): Promise<{ count: number; products: LowStock[] }> {
    const [count] = (await this.db.query(
      `SELECT count(*)::int AS n FROM product WHERE stock IS NOT NULL AND stock <= low_stock_threshold`,
    )) as Array<{ n: number }>;
    const rows = (await this.db.query(
      `SELECT p.code, p.stock, p.low_stock_threshold AS threshold, coalesce(t.name, hr.name, p.code) AS name
         FROM product p
         LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $1
         LEFT JOIN product_translation hr ON hr.product_id = p.id AND hr.locale = 'hr'
        WHERE p.stock IS NOT NULL AND p.stock <= p.low_stock_threshold
        ORDER BY p.stock, p.code LIMIT $2`,
      [locale, limit],
    )) as Array<{ code: string; stock: number; threshold: number; name: string }>;
    return {
      count: Number(count?.n ?? 0),
      products: rows.map((r) => ({ code: r.code, name: r.name, stock: Number(r.stock), threshold: Number(r.threshold) })),
    };
  }
}
