import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { Locale } from '../../platform/i18n/index.js';
import type { VatClass } from '../../../contract/vat.js';
import type { CartProductView } from './index.js';
import { effectiveAvailability } from './availability.js';
import { Category, CategoryTranslation } from './category.entity.js';
import { findRetiredSlug } from '../../platform/slug-history/index.js';
import { Product, ProductOffer, ProductPrice, ProductRelated, ProductTranslation } from './product.entity.js';

/**
 * Matches ranked per search, at most: a search matching more products ranks the first
 * SEARCH_RANKED of them in catalogue order (position, id) and lists the rest after them in
 * catalogue order. Up to this many matches the order is exactly "rank, then catalogue order".
 */
export const SEARCH_RANKED = 500;

/**
 * A search's page: `$1` locale, `$2` the prefix tsquery (folded here), `$3` category id or null,
 * `$4` page size, `$5` offset, `$6` SEARCH_RANKED. Rows come from `product_search` (one narrow row
 * per product and language, kept by triggers; migration 1796820000000-catalog-search): its GIN
 * index of the language finds the candidates by the four vectors together, then each is
 * rechecked on its own (the language's document, or another language's name), so the matches
 * are those of the four translations. `m` holds their ids and positions (counted for the total),
 * `first` the first `$6` in catalogue order (a top-N sort); only those are ranked (the language's
 * document; another language's name at half rank; the best of them), each by one primary-key
 * read, so a word matching a fifth of the catalogue costs 500 ranks, not 37,500. Order: rank
 * (the ranked ones first), then position, id.
 */
const SEARCH_PAGE = `WITH tq AS (SELECT to_tsquery('simple', catalog_fold($2::text)) AS query),
m AS MATERIALIZED (
  SELECT s.product_id, s.position FROM product_search s, tq
  WHERE s.locale = $1 AND (s.search_document || s.name_1 || s.name_2 || s.name_3) @@ tq.query
    AND (s.name_1 @@ tq.query OR s.name_2 @@ tq.query OR s.name_3 @@ tq.query OR s.search_document @@ tq.query)
    AND ($3::int IS NULL OR s.category_id = $3)),
first AS (SELECT product_id FROM m ORDER BY position, product_id LIMIT $6)
SELECT m.product_id AS id, (SELECT count(*) FROM m)::int AS total FROM m
ORDER BY CASE WHEN m.product_id IN (SELECT product_id FROM first) THEN (
  SELECT greatest(CASE WHEN s.search_document @@ tq.query THEN ts_rank(s.search_document, tq.query) END,
                  CASE WHEN s.name_1 @@ tq.query THEN 0.5 * ts_rank(s.name_1, tq.query) END,
                  CASE WHEN s.name_2 @@ tq.query THEN 0.5 * ts_rank(s.name_2, tq.query) END,
                  CASE WHEN s.name_3 @@ tq.query THEN 0.5 * ts_rank(s.name_3, tq.query) END)
  FROM product_search s, tq WHERE s.product_id = m.product_id AND s.locale = $1) END DESC NULLS LAST, m.position, m.product_id
LIMIT $4 OFFSET $5`;

/** The number of matches of a search ($1 locale, $2 tsquery, $3 category id or null), as SEARCH_PAGE counts them. */
const SEARCH_COUNT = `SELECT count(*)::int AS count FROM product_search s, to_tsquery('simple', catalog_fold($2::text)) AS tq(query)
  WHERE s.locale = $1 AND (s.search_document || s.name_1 || s.name_2 || s.name_3) @@ tq.query
    AND (s.name_1 @@ tq.query OR s.name_2 @@ tq.query OR s.name_3 @@ tq.query OR s.search_document @@ tq.query)
    AND ($3::int IS NULL OR s.category_id = $3)`;

/**
 * The cart's view of products as one SELECT (columns of CartProductRow) for the codes `$1`, texts in
 * language `$2` at moment `$3`: the product, its texts, the regular price in force at `$3` (the
 * latest history row not after it, the later row on a tie, as regularPriceAt) and the cheapest offer
 * running at `$3` (as offerAt). appliedPriceAt over exactly those rows gives what it gives over the
 * whole history.
 */
const CART_PRODUCT_VIEW = `SELECT p.code, p.price_cents, p.vat_rate, p.vat_class, p.shipping_weight_grams, p.availability, p.stock, t.name, t.slug,
              (SELECT pp.amount_cents FROM product_price pp
                WHERE pp.product_id = p.id AND pp.valid_from <= $3
                ORDER BY pp.valid_from DESC, pp.id DESC LIMIT 1) AS regular_cents,
              (SELECT min(o.price_cents) FROM product_offer o
                WHERE o.product_id = p.id AND o.starts_at <= $3 AND $3 < o.ends_at) AS offer_cents
         FROM product p JOIN product_translation t ON t.product_id = p.id AND t.locale = $2
        WHERE p.code = ANY($1::text[]) AND p.listed`;

/** A row of CART_PRODUCT_VIEW (pg returns integer columns as numbers, aggregates too). */
interface CartProductRow {
  code: string;
  price_cents: number;
  vat_rate: number;
  vat_class: VatClass;
  shipping_weight_grams: number;
  availability: Product['availability'];
  stock: number | null;
  name: string;
  slug: string;
  regular_cents: number | null;
  offer_cents: number | null;
}

/** A tracked stock just changed by one UPDATE ... RETURNING (`at`: the statement's clock). */
export interface StockRow {
  id: number;
  stock: number;
  availability: Product['availability'];
  at: Date;
}

/**
 * The SQL of the catalogue's tables (products, their texts, prices, offers, categories and the
 * search rows): CatalogService and PriceService call these. Methods taking a manager run in the
 * caller's transaction (on its connection).
 */
@Injectable()
export class ProductRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---------------------------------------------------------------- lists and search

  /**
   * The category with this slug in `locale`, with its product count (kept by triggers); an old slug of
   * a category (its slug changed in the back office: platform/slug-history) finds it too, so a link
   * or a bookmark with the old slug keeps filtering by that category.
   */
  async categoryBySlug(locale: Locale, slug: string): Promise<{ id: number; product_count: number } | undefined> {
    const [category]: Array<{ id: number; product_count: number }> = await this.db.query(
      `SELECT c.id, c.product_count FROM category_translation ct JOIN category c ON c.id = ct.category_id WHERE ct.locale = $1 AND ct.slug = $2`,
      [locale, slug],
    );
    if (category) return category;
    const old = await findRetiredSlug(this.db.manager, 'category', slug, locale);
    if (old === undefined) return undefined;
    const [moved]: Array<{ id: number; product_count: number }> = await this.db.query(
      `SELECT c.id, c.product_count FROM category c WHERE c.id = $1 AND EXISTS (SELECT 1 FROM category_translation ct WHERE ct.category_id = c.id AND ct.locale = $2)`,
      [Number(old), locale],
    );
    return moved;
  }

  /** The number of products in the categories that have a text in `locale` (the unfiltered list's total). */
  async productCount(locale: Locale): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await this.db.query(
      `SELECT coalesce(sum(c.product_count), 0)::int AS n FROM category c
       WHERE EXISTS (SELECT 1 FROM category_translation ct WHERE ct.category_id = c.id AND ct.locale = $1)`,
      [locale],
    );
    return n;
  }

  /** The catalogue's search version: triggers bump it on every change of texts, order or categories. */
  async searchVersion(): Promise<string> {
    const [{ version }]: Array<{ version: string }> = await this.db.query(`SELECT version FROM catalog_search_version WHERE id = 1`);
    return version;
  }

  /** One page of a search (SEARCH_PAGE): ids in order, each row with the number of matches. */
  async searchPage(
    locale: Locale,
    tsquery: string,
    categoryId: number | null,
    size: number,
    offset: number,
  ): Promise<Array<{ id: number; total: number }>> {
    return this.db.query(SEARCH_PAGE, [locale, tsquery, categoryId, size, offset, SEARCH_RANKED]);
  }

  /** The number of matches of a search (SEARCH_COUNT). */
  async searchCount(locale: Locale, tsquery: string, categoryId: number | null): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await this.db.query(SEARCH_COUNT, [locale, tsquery, categoryId]);
    return count;
  }

  /**
   * Ids of one page of the listed products (published, not archived) in catalogue order (position,
   * id), read from the partial order index. A page in the
   * second half is read from the end (the index backwards, then reversed), so no page walks more
   * than half of the index and the last page reads only its own entries.
   */
  async pageIds(categoryId: number | null, offset: number, size: number, total: number): Promise<number[]> {
    if (offset >= total) return [];
    const where = categoryId === null ? 'WHERE listed' : 'WHERE listed AND category_id = $3';
    const extra = categoryId === null ? [] : [categoryId];
    if (offset <= total / 2) {
      const rows: Array<{ id: number }> = await this.db.query(`SELECT id FROM product ${where} ORDER BY position, id LIMIT $1 OFFSET $2`, [
        size,
        offset,
        ...extra,
      ]);
      return rows.map((r) => r.id);
    }
    const end = Math.min(offset + size, total); // exclusive
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM product ${where} ORDER BY position DESC, id DESC LIMIT $1 OFFSET $2`,
      [end - offset, total - end, ...extra],
    );
    return rows.map((r) => r.id).reverse();
  }

  /**
   * The listed product with this slug, preferably in `locale` (a slug of another language finds it
   * too), else the product that used this slug before (platform/slug-history: the caller answers 301
   * to its current slug). A draft or archived product is not found: the shop answers 404.
   */
  async productIdBySlug(slug: string, locale: Locale): Promise<number | undefined> {
    const found: Array<{ product_id: number }> = await this.db.query(
      `SELECT t.product_id FROM product_translation t JOIN product p ON p.id = t.product_id AND p.listed
       WHERE t.slug = $1 ORDER BY (t.locale = $2) DESC, t.locale LIMIT 1`,
      [slug, locale],
    );
    if (found[0]) return found[0].product_id;
    const old = await findRetiredSlug(this.db.manager, 'product', slug, locale);
    if (old === undefined) return undefined;
    const [listed]: Array<{ id: number }> = await this.db.query(`SELECT id FROM product WHERE id = $1 AND listed`, [Number(old)]);
    return listed?.id;
  }

  /** Categories with a text in `locale`, in catalogue order, with their product counts. */
  async categoriesIn(locale: Locale): Promise<Array<{ id: number; code: string; slug: string; name: string; product_count: number }>> {
    return this.db.query(
      `SELECT c.id, c.code, ct.slug, ct.name, c.product_count
       FROM category c JOIN category_translation ct ON ct.category_id = c.id AND ct.locale = $1
       ORDER BY c.position, c.id`,
      [locale],
    );
  }

  /** Ids of the products with texts in `locale`, in catalogue order (category, then product), at most `limit`. */
  async catalogueOrderIds(locale: Locale, limit: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT p.id FROM product p
       JOIN category c ON c.id = p.category_id
       JOIN category_translation ct ON ct.category_id = c.id AND ct.locale = $1
       JOIN product_translation t ON t.product_id = p.id AND t.locale = $1
       WHERE p.listed
       ORDER BY c.position, c.id, p.position, p.id
       LIMIT $2`,
      [locale, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Other products of a category, available ones first, in catalogue order. */
  async sameCategoryIds(categoryId: number, exceptId: number, limit: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM product WHERE category_id = $1 AND id <> $2 AND listed ORDER BY (availability = 'available') DESC, position, id LIMIT $3`,
      [categoryId, exceptId, limit],
    );
    return rows.map((r) => r.id);
  }

  // ---------------------------------------------------------------- entities

  /**
   * Products by id with their texts in `locale`, price history (oldest first), offers and their
   * categories' texts. In a transaction all reads share one connection: they run one after the other
   * (pg refuses overlapping queries on a client); outside one, the pool runs them in parallel.
   */
  async productsWithTexts(
    ids: number[],
    locale: Locale,
    manager: EntityManager = this.db.manager,
  ): Promise<{
    products: Product[];
    texts: ProductTranslation[];
    history: ProductPrice[];
    offers: ProductOffer[];
    categories: CategoryTranslation[];
  }> {
    const queries = [
      () => manager.getRepository(Product).find({ where: { id: In(ids) } }),
      () => manager.getRepository(ProductTranslation).find({ where: { productId: In(ids), locale } }),
      () => manager.getRepository(ProductPrice).find({ where: { productId: In(ids) }, order: { validFrom: 'ASC', id: 'ASC' } }),
      () => manager.getRepository(ProductOffer).find({ where: { productId: In(ids) }, order: { startsAt: 'ASC' } }),
    ] as const;
    const [products, texts, history, offers] = manager.queryRunner
      ? [await queries[0](), await queries[1](), await queries[2](), await queries[3]()]
      : await Promise.all([queries[0](), queries[1](), queries[2](), queries[3]()]);
    const categories = await manager
      .getRepository(CategoryTranslation)
      .find({ where: { categoryId: In([...new Set(products.map((p) => p.categoryId))]), locale } });
    return { products, texts, history, offers, categories };
  }

  /** A product's texts in every language. */
  translationsOf(productId: number): Promise<ProductTranslation[]> {
    return this.db.getRepository(ProductTranslation).find({ where: { productId } });
  }

  /** Ids of the products with these codes (unknown codes absent). */
  kpdCodesByCodes(codes: string[]): Promise<Array<{ code: string; kpdCode: string }>> {
    return this.db.getRepository(Product).find({ select: { code: true, kpdCode: true }, where: { code: In(codes) } });
  }

  /** Ids of the listed products with these codes (unknown, draft and archived codes absent). */
  idsByCodes(codes: string[]): Promise<Array<{ id: number; code: string }>> {
    return this.db.getRepository(Product).find({ select: { id: true, code: true }, where: { code: In(codes), listed: true } });
  }

  /** Every category's texts in every language. */
  categoryTranslations(): Promise<CategoryTranslation[]> {
    return this.db.getRepository(CategoryTranslation).find();
  }

  /** Ids of a product's explicit related products that the shop lists, in their order. */
  async explicitRelatedIds(productId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT r.related_product_id AS id FROM product_related r JOIN product p ON p.id = r.related_product_id AND p.listed
       WHERE r.product_id = $1 ORDER BY r.position`,
      [productId],
    );
    return rows.map((r) => r.id);
  }

  findCategory(m: EntityManager, code: string): Promise<Category | null> {
    return m.getRepository(Category).findOne({ where: { code } });
  }

  /** A new category with its texts per language. */
  async insertCategory(
    m: EntityManager,
    code: string,
    position: number,
    texts: Array<{ locale: Locale; name: string; slug: string }>,
  ): Promise<Category> {
    const repo = m.getRepository(Category);
    const category = await repo.save(repo.create({ code, position }));
    await m.getRepository(CategoryTranslation).insert(texts.map((t) => ({ categoryId: category.id, ...t })));
    return category;
  }

  /** A new product with its texts per language (its price history is PriceService's). */
  async insertProduct(
    m: EntityManager,
    fields: QueryDeepPartialEntity<Product>,
    texts: Array<QueryDeepPartialEntity<ProductTranslation> & { locale: Locale }>,
  ): Promise<Product> {
    const repo = m.getRepository(Product);
    const product = await repo.save(repo.create(fields as Partial<Product>));
    await m.getRepository(ProductTranslation).insert(texts.map((t) => ({ productId: product.id, ...t })));
    return product;
  }

  /** The product by code (locked until the transaction ends when `lock`). */
  findByCode(m: EntityManager, code: string, lock = false): Promise<Product | null> {
    return m.getRepository(Product).findOne({ where: { code }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** Replaces a product's explicit related products (codes in order; an unknown code throws). */
  async replaceRelated(m: EntityManager, code: string, relatedCodes: string[]): Promise<void> {
    const repo = m.getRepository(Product);
    const product = await repo.findOneOrFail({ where: { code } });
    await m.getRepository(ProductRelated).delete({ productId: product.id });
    for (const [position, relatedCode] of relatedCodes.entries()) {
      const related = await repo.findOneOrFail({ where: { code: relatedCode } });
      await m.getRepository(ProductRelated).insert({ productId: product.id, relatedProductId: related.id, position });
    }
  }

  async insertPrice(m: EntityManager, productId: number, amountCents: number, validFrom: Date): Promise<void> {
    await m.getRepository(ProductPrice).insert({ productId, amountCents, validFrom });
  }

  historyLength(m: EntityManager, productId: number): Promise<number> {
    return m.getRepository(ProductPrice).count({ where: { productId } });
  }

  saveOffer(
    m: EntityManager,
    offer: Pick<ProductOffer, 'productId' | 'priceCents' | 'startsAt' | 'endsAt' | 'referenceDate'>,
  ): Promise<ProductOffer> {
    const repo = m.getRepository(ProductOffer);
    return repo.save(repo.create(offer));
  }

  // ---------------------------------------------------------------- the cart's view

  /** The cart's view of these products in one statement (unknown codes, and products without texts in `locale`, are absent). */
  async cartViews(manager: EntityManager, codes: string[], locale: Locale, at: Date): Promise<Map<string, CartProductView>> {
    const rows: CartProductRow[] = await manager.query(CART_PRODUCT_VIEW, [[...new Set(codes)], locale, at]);
    const map = new Map<string, CartProductView>();
    for (const r of rows) map.set(r.code, cartProductFromRow(r));
    return map;
  }

  // ---------------------------------------------------------------- stock

  /** Tracked stock of `code` grows by `n` (untracked or unknown: undefined). */
  async addStock(manager: EntityManager, code: string, n: number): Promise<StockRow | undefined> {
    const [updated] = (await manager.query(
      `UPDATE product SET stock = stock + $2, updated_at = now() WHERE code = $1 AND stock IS NOT NULL
       RETURNING id, stock, availability, clock_timestamp() AS at`,
      [code, n],
    )) as [StockRow[], number];
    return updated?.[0];
  }

  /**
   * Takes `n` packs of an available `code` (`stock >= n`, or untracked: stock stays null); undefined
   * when the product is unknown, not available or has fewer left.
   */
  async takeStock(
    manager: EntityManager,
    code: string,
    n: number,
  ): Promise<(Omit<StockRow, 'stock'> & { stock: number | null }) | undefined> {
    const [updated] = (await manager.query(
      `UPDATE product SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - $2 END, updated_at = now()
       WHERE code = $1 AND availability = 'available' AND (stock IS NULL OR stock >= $2)
       RETURNING id, stock, availability, clock_timestamp() AS at`,
      [code, n],
    )) as [Array<Omit<StockRow, 'stock'> & { stock: number | null }>, number];
    return updated?.[0];
  }

  /** Stock, availability and name in `locale` of `code` (for the refusal of a reservation). */
  async stockFacts(
    manager: EntityManager,
    code: string,
    locale: Locale,
  ): Promise<{ stock: number | null; availability: string; name: string | null } | undefined> {
    const rows: Array<{ stock: number | null; availability: string; name: string | null }> = await manager.query(
      `SELECT p.stock, p.availability, t.name FROM product p
       LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $2 WHERE p.code = $1`,
      [code, locale],
    );
    return rows[0];
  }

  // ---------------------------------------------------------------- prices

  async currentPriceCents(manager: EntityManager, productId: number): Promise<number> {
    const [{ price_cents }] = (await manager.query(`SELECT price_cents FROM product WHERE id = $1`, [productId])) as Array<{
      price_cents: number;
    }>;
    return price_cents;
  }

  /** Brings product.price_cents to the regular price in force at `now` (the latest history row not after it). */
  async syncCurrentPrice(manager: EntityManager, productId: number, now: Date): Promise<void> {
    await manager.query(
      `UPDATE product SET updated_at = now(), price_cents = (
         SELECT amount_cents FROM product_price WHERE product_id = $1 AND valid_from <= $2
         ORDER BY valid_from DESC, id DESC LIMIT 1)
       WHERE id = $1`,
      [productId, now],
    );
  }

  /** The regular-price history of `code`, oldest first. */
  async priceHistory(code: string): Promise<Array<{ amountCents: number; validFrom: Date }>> {
    const rows: Array<{ amount_cents: number; valid_from: Date }> = await this.db.query(
      `SELECT pp.amount_cents, pp.valid_from FROM product_price pp JOIN product p ON p.id = pp.product_id
       WHERE p.code = $1 ORDER BY pp.valid_from, pp.id`,
      [code],
    );
    return rows.map((r) => ({ amountCents: r.amount_cents, validFrom: r.valid_from }));
  }
}

/** A row of CART_PRODUCT_VIEW as the cart's view of the product. */
function cartProductFromRow(r: CartProductRow): CartProductView {
  const regular = r.regular_cents === null ? null : Number(r.regular_cents);
  const offer = r.offer_cents === null ? null : Number(r.offer_cents);
  return {
    code: r.code,
    name: r.name,
    slug: r.slug,
    unitPrice: regular === null ? r.price_cents : offer === null ? regular : Math.min(offer, regular),
    vatRate: r.vat_rate,
    vatClass: r.vat_class,
    weightGrams: r.shipping_weight_grams,
    available: effectiveAvailability({ availability: r.availability, stock: r.stock }) === 'available',
    stock: r.stock,
  };
}
