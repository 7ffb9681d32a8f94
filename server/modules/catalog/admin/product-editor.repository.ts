import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NUTRITION_FIELDS, type AdminProductEditable, type NutritionField } from '../../../../contract/api/admin-products.js';
import type { Locale } from '../../../../contract/locales.js';
import type { VatClass } from '../../../../contract/vat.js';
import type { TextRecord } from './product-editor.rules.js';

/** A product's own row as the editor reads it (with its category's code). */
export interface ProductRow {
  id: number;
  code: string;
  line: AdminProductEditable['line'];
  category: string;
  category_id: number;
  pack: AdminProductEditable['pack'];
  net_weight_grams: number;
  shipping_weight_grams: number;
  pieces_per_carton: number;
  vat_rate: number;
  vat_class: VatClass;
  kpd_code: string;
  cooking_time_minutes: number;
  price_cents: number;
  published: boolean;
  first_published_at: Date | null;
  archived_at: Date | null;
  updated_at: Date;
  energy_kj: string;
  energy_kcal: string;
  fat: string;
  saturates: string;
  carbohydrate: string;
  sugars: string;
  fibre: string;
  protein: string;
  salt: string;
}

/** A new product's columns (a draft: available, no stock, unpublished). */
export interface NewProduct {
  code: string;
  line: AdminProductEditable['line'];
  categoryId: number;
  pack: AdminProductEditable['pack'];
  netWeightGrams: number;
  shippingWeightGrams: number;
  piecesPerCarton: number;
  vatRate: number;
  vatClass: VatClass;
  kpdCode: string;
  priceCents: number;
  nutrition: Record<NutritionField, number>;
  cookingTimeMinutes: number;
  position: number;
}

/** The columns an edit of a product writes. */
export type ProductEdit = Omit<NewProduct, 'code' | 'priceCents' | 'position'>;

/** A switch of a product's state, as SQL (ProductEditorService.setState). */
export type ProductSwitch = 'publish' | 'unpublish' | 'archive' | 'unarchive';

const SWITCH_SQL: Record<ProductSwitch, string> = {
  publish: `published = true, first_published_at = coalesce(first_published_at, clock_timestamp())`,
  unpublish: `published = false`,
  archive: `archived_at = clock_timestamp()`,
  unarchive: `archived_at = NULL`,
};

const SELECT_PRODUCT = `SELECT p.id, p.code, p.line, c.code AS category, p.category_id, p.pack, p.net_weight_grams, p.shipping_weight_grams,
    p.pieces_per_carton, p.vat_rate, p.vat_class, p.kpd_code, p.cooking_time_minutes, p.price_cents, p.published,
    p.first_published_at, p.archived_at, p.updated_at, p.energy_kj, p.energy_kcal, p.fat, p.saturates, p.carbohydrate,
    p.sugars, p.fibre, p.protein, p.salt
  FROM product p JOIN category c ON c.id = p.category_id WHERE p.code = $1`;

/**
 * The SQL of the back office's catalogue editing (ProductEditorService): `product`,
 * `product_translation`, `product_related`, `category`, `category_translation`. Always in the
 * caller's transaction or manager.
 */
@Injectable()
export class ProductEditorRepository {
  // ---------------------------------------------------------------- locks

  /** One slug change at a time (products): a transaction-scoped advisory lock. */
  async lockSlugs(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('catalog.slugs'))`);
  }

  /** One category change at a time: a transaction-scoped advisory lock. */
  async lockCategories(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('catalog.categories'))`);
  }

  // ---------------------------------------------------------------- products

  async productCodeTaken(m: EntityManager, code: string): Promise<boolean> {
    const [taken] = (await m.query(`SELECT 1 FROM product WHERE code = $1`, [code])) as unknown[];
    return Boolean(taken);
  }

  /** The position after the last product's. */
  async nextProductPosition(m: EntityManager): Promise<number> {
    const [{ position }] = (await m.query(`SELECT coalesce(max(position), 0) + 1 AS position FROM product`)) as Array<{
      position: number;
    }>;
    return position;
  }

  /** Inserts a draft product; answers its id. */
  async insertProduct(m: EntityManager, p: NewProduct): Promise<number> {
    const [{ id }] = (await m.query(
      `INSERT INTO product (code, line, category_id, pack, net_weight_grams, shipping_weight_grams, pieces_per_carton, vat_rate,
         vat_class, kpd_code, price_cents, availability, stock, energy_kj, energy_kcal, fat, saturates, carbohydrate, sugars,
         fibre, protein, salt, cooking_time_minutes, position, published, first_published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'available', 0, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, false, NULL)
       RETURNING id`,
      [
        p.code,
        p.line,
        p.categoryId,
        p.pack,
        p.netWeightGrams,
        p.shippingWeightGrams,
        p.piecesPerCarton,
        p.vatRate,
        p.vatClass,
        p.kpdCode,
        p.priceCents,
        ...NUTRITION_FIELDS.map((f) => p.nutrition[f]),
        p.cookingTimeMinutes,
        p.position,
      ],
    )) as Array<{ id: number }>;
    return id;
  }

  async updateProduct(m: EntityManager, id: number, p: ProductEdit): Promise<void> {
    await m.query(
      `UPDATE product SET line = $2, category_id = $3, pack = $4, net_weight_grams = $5, shipping_weight_grams = $6,
         pieces_per_carton = $7, vat_rate = $8, vat_class = $9, kpd_code = $10, cooking_time_minutes = $11,
         energy_kj = $12, energy_kcal = $13, fat = $14, saturates = $15, carbohydrate = $16, sugars = $17, fibre = $18,
         protein = $19, salt = $20, updated_at = clock_timestamp()
       WHERE id = $1`,
      [
        id,
        p.line,
        p.categoryId,
        p.pack,
        p.netWeightGrams,
        p.shippingWeightGrams,
        p.piecesPerCarton,
        p.vatRate,
        p.vatClass,
        p.kpdCode,
        p.cookingTimeMinutes,
        ...NUTRITION_FIELDS.map((f) => p.nutrition[f]),
      ],
    );
  }

  /** Publishes, unpublishes, archives or unarchives the product. */
  async switchState(m: EntityManager, id: number, action: ProductSwitch): Promise<void> {
    await m.query(`UPDATE product SET ${SWITCH_SQL[action]}, updated_at = clock_timestamp() WHERE id = $1`, [id]);
  }

  /** Locks the product's row until the transaction ends. */
  async lockProduct(m: EntityManager, code: string): Promise<void> {
    await m.query(`SELECT 1 FROM product WHERE code = $1 FOR UPDATE`, [code]);
  }

  async product(m: EntityManager, code: string): Promise<ProductRow | undefined> {
    const [row] = (await m.query(SELECT_PRODUCT, [code])) as ProductRow[];
    return row;
  }

  /** The product's texts, one row per language it has. */
  async productTexts(m: EntityManager, productId: number): Promise<Array<{ locale: Locale } & TextRecord>> {
    return (await m.query(
      `SELECT locale, name, slug, short_description, description, ingredients, allergens, cooking_tips FROM product_translation WHERE product_id = $1`,
      [productId],
    )) as Array<{ locale: Locale } & TextRecord>;
  }

  /** The codes of the product's related products, in their order. */
  async relatedCodes(m: EntityManager, productId: number): Promise<string[]> {
    return (
      (await m.query(
        `SELECT p.code FROM product_related r JOIN product p ON p.id = r.related_product_id WHERE r.product_id = $1 ORDER BY r.position`,
        [productId],
      )) as Array<{ code: string }>
    ).map((x) => x.code);
  }

  async productIdsByCodes(m: EntityManager, codes: string[]): Promise<Array<{ id: number; code: string }>> {
    return (await m.query(`SELECT id, code FROM product WHERE code = ANY($1::text[])`, [codes])) as Array<{
      id: number;
      code: string;
    }>;
  }

  /** Whether another product (not `selfId`) has the slug in the language now. */
  async productSlugTaken(m: EntityManager, locale: Locale, slug: string, selfId: number | null): Promise<boolean> {
    const [other] = (await m.query(`SELECT 1 FROM product_translation WHERE locale = $1 AND slug = $2 AND product_id IS DISTINCT FROM $3`, [
      locale,
      slug,
      selfId,
    ])) as unknown[];
    return Boolean(other);
  }

  /** Writes the product's texts of one language (the row untouched when nothing changed). */
  async writeProductTexts(m: EntityManager, productId: number, locale: Locale, t: TextRecord): Promise<void> {
    await m.query(
      `INSERT INTO product_translation (product_id, locale, name, slug, short_description, description, ingredients, allergens, cooking_tips)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (product_id, locale) DO UPDATE SET name = EXCLUDED.name, slug = EXCLUDED.slug,
         short_description = EXCLUDED.short_description, description = EXCLUDED.description, ingredients = EXCLUDED.ingredients,
         allergens = EXCLUDED.allergens, cooking_tips = EXCLUDED.cooking_tips
       WHERE (product_translation.name, product_translation.slug, product_translation.short_description, product_translation.description,
              product_translation.ingredients, product_translation.allergens, product_translation.cooking_tips)
         IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.slug, EXCLUDED.short_description, EXCLUDED.description,
              EXCLUDED.ingredients, EXCLUDED.allergens, EXCLUDED.cooking_tips)`,
      [productId, locale, t.name, t.slug, t.short_description, t.description, t.ingredients, t.allergens, t.cooking_tips],
    );
  }

  /** Replaces the product's related products (in the order given). */
  async replaceRelated(m: EntityManager, productId: number, ids: number[]): Promise<void> {
    await m.query(`DELETE FROM product_related WHERE product_id = $1`, [productId]);
    for (const [position, id] of ids.entries())
      await m.query(`INSERT INTO product_related (product_id, related_product_id, position) VALUES ($1, $2, $3)`, [
        productId,
        id,
        position,
      ]);
  }

  // ---------------------------------------------------------------- categories

  async categoryId(m: EntityManager, code: string): Promise<number | undefined> {
    const [row] = (await m.query(`SELECT id FROM category WHERE code = $1`, [code])) as Array<{ id: number }>;
    return row?.id;
  }

  /** Every category in the shop's order, with its product counts. */
  async categories(
    m: EntityManager,
  ): Promise<Array<{ id: number; code: string; position: number; product_count: number; all_products: number }>> {
    return (await m.query(
      `SELECT c.id, c.code, c.position, c.product_count, (SELECT count(*)::int FROM product p WHERE p.category_id = c.id) AS all_products
       FROM category c ORDER BY c.position, c.id`,
    )) as Array<{ id: number; code: string; position: number; product_count: number; all_products: number }>;
  }

  /** Every category's texts. */
  async categoryTexts(m: EntityManager): Promise<Array<{ category_id: number; locale: Locale; name: string; slug: string }>> {
    return (await m.query(`SELECT category_id, locale, name, slug FROM category_translation`)) as Array<{
      category_id: number;
      locale: Locale;
      name: string;
      slug: string;
    }>;
  }

  async categoryCodeTaken(m: EntityManager, code: string): Promise<boolean> {
    const [taken] = (await m.query(`SELECT 1 FROM category WHERE code = $1`, [code])) as unknown[];
    return Boolean(taken);
  }

  /** Inserts a category after the last one; answers its id. */
  async insertCategory(m: EntityManager, code: string): Promise<number> {
    const [{ id }] = (await m.query(
      `INSERT INTO category (code, position) VALUES ($1, (SELECT coalesce(max(position), 0) + 1 FROM category)) RETURNING id`,
      [code],
    )) as Array<{ id: number }>;
    return id;
  }

  /** Every category in the shop's order, row-locked until the transaction ends. */
  async lockCategoryPositions(m: EntityManager): Promise<Array<{ id: number; code: string; position: number }>> {
    return (await m.query(`SELECT id, code, position FROM category ORDER BY position, id FOR UPDATE`)) as Array<{
      id: number;
      code: string;
      position: number;
    }>;
  }

  async setCategoryPosition(m: EntityManager, id: number, position: number): Promise<void> {
    await m.query(`UPDATE category SET position = $2 WHERE id = $1`, [id, position]);
  }

  /** Whether another category (not `selfId`) has the slug in the language now. */
  async categorySlugTaken(m: EntityManager, locale: Locale, slug: string, selfId: number | null): Promise<boolean> {
    const [other] = (await m.query(
      `SELECT 1 FROM category_translation WHERE locale = $1 AND slug = $2 AND category_id IS DISTINCT FROM $3`,
      [locale, slug, selfId],
    )) as unknown[];
    return Boolean(other);
  }

  async writeCategoryTexts(m: EntityManager, id: number, locale: Locale, name: string | null, slug: string | null): Promise<void> {
    await m.query(
      `INSERT INTO category_translation (category_id, locale, name, slug) VALUES ($1, $2, $3, $4)
       ON CONFLICT (category_id, locale) DO UPDATE SET name = EXCLUDED.name, slug = EXCLUDED.slug`,
      [id, locale, name, slug],
    );
  }
}
