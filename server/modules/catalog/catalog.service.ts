import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { TtlLru } from '../../platform/cache/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../platform/i18n/index.js';
import { CATALOG_ERRORS } from './catalog.errors.js';
import {
  LOW_STOCK_THRESHOLD,
  type CategoryView,
  type NewProduct,
  type Nutrition,
  type PriceView,
  type ProductDetail,
  type ProductPage,
  type ProductSummary,
} from './catalog.types.js';
import type { CartProductView, PrintedCatalogue } from './index.js';
import { Category, CategoryTranslation } from './category.entity.js';
import { AvailabilityChanged } from './events/catalog.events.js';
import { discountPercent, lowestPriorPrice, offerAt, pricePerKg, regularPriceAt, type PricePoint } from './pricing.js';
import { PriceService } from './price.service.js';
import { Product, ProductOffer, ProductPrice, ProductRelated, ProductTranslation } from './product.entity.js';

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
const RELATED_COUNT = 4;
/** Search pages kept per process (each: up to 48 ids and a total). */
const SEARCH_CACHE_SIZE = 500;

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

export interface ProductQuery {
  locale: Locale;
  category?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** Words of a search box entry as a prefix tsquery ('spät tje' -> 'spät:* & tje:*'); folded in SQL. */
export function prefixQuery(input: string): string | null {
  const words = input.normalize('NFC').match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return null;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');
}

interface Loaded {
  product: Product;
  text: ProductTranslation;
  category: CategoryTranslation;
  history: PricePoint[];
  offers: ProductOffer[];
}

@Injectable()
export class CatalogService {
  /** Search pages by [locale, tsquery, category, page, size], with the catalog_search_version they were computed at. */
  private readonly searchCache = new TtlLru<{ version: string; page: { ids: number[]; total: number } }>({ maxEntries: SEARCH_CACHE_SIZE });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly prices: PriceService,
    private readonly events: EventPublisher,
  ) {}

  // ---------------------------------------------------------------- reading

  /**
   * One page of products: all, of a category (slug in `locale`) or matching a search. Without a
   * search the order (position, id) comes from an index (`product_order_idx`,
   * `product_category_order_idx`; deep pages walk index entries, nothing is sorted) and the total
   * from `category.product_count` (kept by triggers). A search finds its matches in
   * `product_search` through the language's GIN index, ranks at most SEARCH_RANKED of them (the
   * first in catalogue order) and orders by rank, then catalogue order (SEARCH_PAGE).
   */
  async listProducts(query: ProductQuery, at = new Date()): Promise<ProductPage> {
    return (await this.listProductsUntil(query, at)).page;
  }

  /**
   * listProducts, with the first moment after `at` at which a price on the page changes by the
   * clock alone (a scheduled price, an offer starting or ending; ms since the epoch, null: none
   * known): how long an answer cache may keep the page.
   */
  async listProductsUntil(query: ProductQuery, at = new Date()): Promise<{ page: ProductPage; validUntil: number | null }> {
    const tsquery = query.q !== undefined ? prefixQuery(query.q) : null;
    const empty: ProductPage = { items: [], page: query.page, page_size: query.pageSize, total: 0 };
    if (query.q !== undefined && query.q.trim() !== '' && tsquery === null) return { page: empty, validUntil: null };
    let categoryId: number | null = null;
    let total = 0;
    if (query.category !== undefined) {
      const [category]: Array<{ id: number; product_count: number }> = await this.db.query(
        `SELECT c.id, c.product_count FROM category_translation ct JOIN category c ON c.id = ct.category_id WHERE ct.locale = $1 AND ct.slug = $2`,
        [query.locale, query.category],
      );
      if (!category) return { page: empty, validUntil: null };
      categoryId = category.id;
      total = category.product_count;
    } else if (tsquery === null) {
      const [{ n }]: Array<{ n: number }> = await this.db.query(
        `SELECT coalesce(sum(c.product_count), 0)::int AS n FROM category c
         WHERE EXISTS (SELECT 1 FROM category_translation ct WHERE ct.category_id = c.id AND ct.locale = $1)`,
        [query.locale],
      );
      total = n;
    }
    const offset = (query.page - 1) * query.pageSize;
    let ids: number[];
    if (tsquery === null) {
      ids = await this.pageIds(categoryId, offset, query.pageSize, total);
    } else {
      ({ ids, total } = await this.searchPage(query.locale, tsquery, categoryId, query.page, query.pageSize));
    }
    const loaded = await this.load(ids, query.locale);
    return {
      page: { items: loaded.map((l) => this.summary(l, at)), page: query.page, page_size: query.pageSize, total },
      validUntil: nextPriceChange(loaded, at),
    };
  }

  /**
   * One page of a search (ids in order, total). Pages are kept in memory (the shared TtlLru, at most
   * SEARCH_CACHE_SIZE, least recently used dropped) with the `catalog_search_version` read before
   * the search: triggers bump it on every change of texts, order or categories, in any process,
   * so a page is reused only while the catalogue it was computed from is unchanged (one indexed
   * read instead of ranking every match again).
   */
  private async searchPage(locale: Locale, tsquery: string, categoryId: number | null, page: number, size: number): Promise<{ ids: number[]; total: number }> {
    const [{ version }]: Array<{ version: string }> = await this.db.query(`SELECT version FROM catalog_search_version WHERE id = 1`);
    const key = JSON.stringify([locale, tsquery, categoryId, page, size]);
    const cached = this.searchCache.get(key);
    if (cached && cached.version === version) return cached.page;
    const rows: Array<{ id: number; total: number }> = await this.db.query(SEARCH_PAGE, [locale, tsquery, categoryId, size, (page - 1) * size, SEARCH_RANKED]);
    let total = rows.length ? rows[0].total : 0;
    if (!rows.length && page > 1) {
      // Past the last page: still report the total.
      const [{ count }]: Array<{ count: number }> = await this.db.query(SEARCH_COUNT, [locale, tsquery, categoryId]);
      total = count;
    }
    const result = { ids: rows.map((r) => r.id), total };
    // No time limit: an entry of an older catalog_search_version is never served and is pushed out in time.
    this.searchCache.set(key, { version, page: result }, Number.POSITIVE_INFINITY);
    return result;
  }

  /**
   * Ids of one page in catalogue order (position, id), read from the order index. A page in the
   * second half is read from the end (the index backwards, then reversed), so no page walks more
   * than half of the index and the last page reads only its own entries.
   */
  private async pageIds(categoryId: number | null, offset: number, size: number, total: number): Promise<number[]> {
    if (offset >= total) return [];
    const where = categoryId === null ? '' : 'WHERE category_id = $3';
    const extra = categoryId === null ? [] : [categoryId];
    if (offset <= total / 2) {
      const rows: Array<{ id: number }> = await this.db.query(`SELECT id FROM product ${where} ORDER BY position, id LIMIT $1 OFFSET $2`, [size, offset, ...extra]);
      return rows.map((r) => r.id);
    }
    const end = Math.min(offset + size, total); // exclusive
    const rows: Array<{ id: number }> = await this.db.query(`SELECT id FROM product ${where} ORDER BY position DESC, id DESC LIMIT $1 OFFSET $2`, [end - offset, total - end, ...extra]);
    return rows.map((r) => r.id).reverse();
  }

  /**
   * A product by its slug in `locale`. A slug of another language finds the same product too:
   * the answer then has `canonical_slug` (this language's slug) different from the one asked for,
   * and the page redirects (301). Unknown slugs: CATALOG_PRODUCT_NOT_FOUND.
   */
  async productBySlug(slug: string, locale: Locale, at = new Date()): Promise<ProductDetail> {
    const found: Array<{ product_id: number }> = await this.db.query(
      `SELECT product_id FROM product_translation WHERE slug = $1 ORDER BY (locale = $2) DESC, locale LIMIT 1`,
      [slug, locale],
    );
    if (!found.length) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with slug ${slug}.`, 'not_found', 'slug');
    const [l] = await this.load([found[0].product_id], locale);
    const texts = await this.db.getRepository(ProductTranslation).find({ where: { productId: l.product.id } });
    const slugs = Object.fromEntries(LOCALES.map((loc) => [loc, texts.find((t) => t.locale === loc)?.slug ?? ''])) as Record<Locale, string>;
    const p = l.product;
    const nutrition: Nutrition = {
      energy_kj: p.energyKj,
      energy_kcal: p.energyKcal,
      fat: p.fat,
      saturates: p.saturates,
      carbohydrate: p.carbohydrate,
      sugars: p.sugars,
      fibre: p.fibre,
      protein: p.protein,
      salt: p.salt,
    };
    return {
      ...this.summary(l, at),
      canonical_slug: l.text.slug,
      description: l.text.description,
      ingredients: l.text.ingredients,
      allergens: l.text.allergens,
      nutrition,
      cooking_time_minutes: p.cookingTimeMinutes,
      cooking_tips: l.text.cookingTips,
      pieces_per_carton: p.piecesPerCarton,
      vat_rate: p.vatRate,
      net_weight_grams: p.netWeightGrams,
      shipping_weight_grams: p.shippingWeightGrams,
      slugs,
      related: await this.related(p, locale, at),
    };
  }

  /** Categories in `locale` with the number of products in each, in catalogue order. */
  /**
   * Product summaries by code, in the order given (unknown codes, and products without texts in that
   * language, left out): the products a recipe or a content page uses (content module).
   */
  async summariesByCodes(codes: string[], locale: Locale, at = new Date()): Promise<ProductSummary[]> {
    const unique = [...new Set(codes)];
    if (!unique.length) return [];
    const rows = await this.db.getRepository(Product).find({ select: { id: true, code: true }, where: { code: In(unique) } });
    const idByCode = new Map(rows.map((r) => [r.code, r.id]));
    const ids = unique.map((c) => idByCode.get(c)).filter((id): id is number => id !== undefined);
    return (await this.load(ids, locale)).filter((l) => l.text && l.category).map((l) => this.summary(l, at));
  }

  async categories(locale: Locale): Promise<CategoryView[]> {
    // product_count is kept by triggers on product (migration 1796810000000-catalog-growth): no counting here.
    const rows: Array<{ id: number; code: string; slug: string; name: string; product_count: number }> = await this.db.query(
      `SELECT c.id, c.code, ct.slug, ct.name, c.product_count
       FROM category c JOIN category_translation ct ON ct.category_id = c.id AND ct.locale = $1
       ORDER BY c.position, c.id`,
      [locale],
    );
    const all = await this.db.getRepository(CategoryTranslation).find();
    return rows.map((r) => ({
      code: r.code,
      slug: r.slug,
      name: r.name,
      product_count: Number(r.product_count),
      slugs: Object.fromEntries(LOCALES.map((loc) => [loc, all.find((t) => t.categoryId === r.id && t.locale === loc)?.slug ?? ''])) as Record<Locale, string>,
    }));
  }

  /**
   * The whole catalogue in `locale` for print (the downloadable catalogue PDF, content module): the
   * categories in catalogue order, each with its products in list order (position, id), priced at
   * `at` by the same rules as the shop (running offers applied), with ingredients, allergens and VAT
   * rate. At most `maxProducts` products (the first in catalogue order); `truncated` says when more exist.
   */
  async printedCatalogue(locale: Locale, at = new Date(), maxProducts = 1000): Promise<PrintedCatalogue> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT p.id FROM product p
       JOIN category c ON c.id = p.category_id
       JOIN category_translation ct ON ct.category_id = c.id AND ct.locale = $1
       JOIN product_translation t ON t.product_id = p.id AND t.locale = $1
       ORDER BY c.position, c.id, p.position, p.id
       LIMIT $2`,
      [locale, maxProducts + 1],
    );
    const truncated = rows.length > maxProducts;
    const loaded = await this.load(rows.slice(0, maxProducts).map((r) => r.id), locale);
    const categories = await this.categories(locale);
    return {
      categories: categories
        .map((category) => ({
          code: category.code,
          name: category.name,
          products: loaded
            .filter((l) => l.category.slug === category.slug)
            .map((l) => ({
              ...this.summary(l, at),
              ingredients: l.text.ingredients,
              allergens: l.text.allergens,
              vat_rate: l.product.vatRate,
            })),
        }))
        .filter((c) => c.products.length > 0),
      truncated,
    };
  }

  /** The cart's view of products (unknown codes are absent from the map). */
  /**
   * `manager`: a caller inside a transaction passes its own, so the lookup runs on the same
   * connection (a second pool connection per transaction deadlocks once the pool is busy).
   */
  async productsForCart(
    codes: string[],
    locale: Locale,
    at: Date = new Date(),
    manager: EntityManager = this.db.manager,
  ): Promise<Map<string, CartProductView>> {
    const map = new Map<string, CartProductView>();
    if (!codes.length) return map;
    // One statement (the cart prices on every change and the checkout once more): cartProductViewSql.
    const rows: CartProductRow[] = await manager.query(cartProductViewSql('ANY($1::text[])', '$2', '$3'), [[...new Set(codes)], locale, at]);
    for (const r of rows) map.set(r.code, cartProductFromRow(r)!);
    return map;
  }

  // ---------------------------------------------------------------- stock

  /**
   * Gives reserved packs back (an order cancelled before shipping), inside the caller's
   * transaction: tracked stock grows by the quantities (one catalog.availability-changed per
   * product, as reserveStock), untracked stock and products that no longer exist are left alone.
   * Products are updated in code order, like reserveStock, so concurrent calls cannot deadlock.
   */
  async releaseStock(manager: EntityManager, lines: Array<{ code: string; quantity: number }>): Promise<void> {
    const given = new Map<string, number>();
    for (const { code, quantity } of lines) {
      if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError(`quantity of ${code} must be a positive whole number`);
      given.set(code, (given.get(code) ?? 0) + quantity);
    }
    for (const code of [...given.keys()].sort()) {
      const n = given.get(code)!;
      const [updated] = (await manager.query(
        `UPDATE product SET stock = stock + $2, updated_at = now() WHERE code = $1 AND stock IS NOT NULL
         RETURNING id, stock, availability, clock_timestamp() AS at`,
        [code, n],
      )) as [Array<{ id: number; stock: number; availability: Product['availability']; at: Date }>, number];
      const p = updated?.[0];
      if (!p) continue;
      await this.stockChanged(manager, code, p, p.stock - n);
    }
  }

  /** `catalog.availability-changed` for a tracked stock that went from `oldStock` to the row's, in the caller's transaction. */
  private async stockChanged(
    manager: EntityManager,
    code: string,
    p: { id: number; stock: number; availability: Product['availability']; at: Date },
    oldStock: number,
  ): Promise<void> {
    await this.events.publish(
      manager,
      new AvailabilityChanged({
        productId: p.id,
        productCode: code,
        oldStock,
        newStock: p.stock,
        oldAvailability: effectiveAvailability({ availability: p.availability, stock: oldStock }),
        newAvailability: effectiveAvailability(p),
        effectiveAt: p.at.toISOString(),
      }),
    );
  }

  /**
   * Takes `quantity` packs of each line out of stock inside the caller's transaction. One
   * conditional UPDATE per product (`stock >= n`): two buyers of the last pack serialize on the
   * row; the second sees 0 left and gets CATALOG_OUT_OF_STOCK. Untracked stock (null) only checks
   * availability. Lines are taken in code order so concurrent orders never deadlock. Each tracked
   * stock taken publishes `catalog.availability-changed` in the caller's transaction.
   */
  async reserveStock(manager: EntityManager, lines: Array<{ code: string; quantity: number }>, locale: Locale = DEFAULT_LOCALE): Promise<void> {
    const wanted = new Map<string, number>();
    for (const { code, quantity } of lines) {
      if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError(`quantity of ${code} must be a positive whole number`);
      wanted.set(code, (wanted.get(code) ?? 0) + quantity);
    }
    for (const code of [...wanted.keys()].sort()) {
      const n = wanted.get(code)!;
      const [updated] = (await manager.query(
        `UPDATE product SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - $2 END, updated_at = now()
         WHERE code = $1 AND availability = 'available' AND (stock IS NULL OR stock >= $2)
         RETURNING id, stock, availability, clock_timestamp() AS at`,
        [code, n],
      )) as [Array<{ id: number; stock: number | null; availability: Product['availability']; at: Date }>, number];
      if (updated?.length) {
        const [p] = updated;
        if (p.stock !== null) await this.stockChanged(manager, code, { ...p, stock: p.stock }, p.stock + n);
        continue;
      }
      const rows: Array<{ stock: number | null; availability: string; name: string | null }> = await manager.query(
        `SELECT p.stock, p.availability, t.name FROM product p
         LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $2 WHERE p.code = $1`,
        [code, locale],
      );
      if (!rows.length) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'product_code');
      const available = rows[0].availability === 'available' ? (rows[0].stock ?? 0) : 0;
      const name = rows[0].name ?? code;
      throw new DomainError(
        CATALOG_ERRORS.OUT_OF_STOCK,
        `There is no longer enough of “${name}” in stock (available: ${available}).`,
        'conflict',
        'product_code',
        [],
        { name, available },
      );
    }
  }

  // ---------------------------------------------------------------- writing (seeder, tests)

  /** Creates (or finds) a category by its code with its names and slugs in the four languages. */
  async ensureCategory(
    manager: EntityManager,
    code: string,
    texts: Record<Locale, { name: string; slug: string }>,
    position = 0,
  ): Promise<Category> {
    const repo = manager.getRepository(Category);
    const existing = await repo.findOne({ where: { code } });
    if (existing) return existing;
    const category = await repo.save(repo.create({ code, position }));
    await manager.getRepository(CategoryTranslation).insert(LOCALES.map((locale) => ({ categoryId: category.id, locale, ...texts[locale] })));
    return category;
  }

  /** Creates a product with its four languages and its first price (recorded in the history). */
  async createProduct(manager: EntityManager, input: NewProduct): Promise<Product> {
    const category = await manager.getRepository(Category).findOne({ where: { code: input.categoryCode } });
    if (!category) throw new Error(`unknown category ${input.categoryCode}`);
    const pack = input.pack ?? 'standard';
    const net = input.netWeightGrams ?? (pack === 'business' ? 1000 : 400);
    const n = input.nutrition ?? {};
    const repo = manager.getRepository(Product);
    const product = await repo.save(
      repo.create({
        code: input.code,
        line: input.line,
        categoryId: category.id,
        pack,
        netWeightGrams: net,
        shippingWeightGrams: input.shippingWeightGrams ?? Math.round(net * 1.06),
        piecesPerCarton: input.piecesPerCarton ?? (pack === 'business' ? 10 : 20),
        vatRate: input.vatRate ?? 25,
        priceCents: input.priceCents,
        availability: input.availability ?? 'available',
        stock: input.stock ?? null,
        imageSrc: input.image?.src ?? null,
        imageWidth: input.image?.width ?? null,
        imageHeight: input.image?.height ?? null,
        energyKj: n.energy_kj ?? 1504,
        energyKcal: n.energy_kcal ?? 355,
        fat: n.fat ?? 1.5,
        saturates: n.saturates ?? 0.3,
        carbohydrate: n.carbohydrate ?? 71.0,
        sugars: n.sugars ?? 3.5,
        fibre: n.fibre ?? 3.0,
        protein: n.protein ?? 12.5,
        salt: n.salt ?? 0.0,
        cookingTimeMinutes: input.cookingTimeMinutes ?? 10,
        position: input.position ?? 0,
      }),
    );
    await manager.getRepository(ProductTranslation).insert(LOCALES.map((locale) => ({ productId: product.id, locale, ...input.texts[locale] })));
    await this.prices.record(manager, product.id, input.priceCents, input.priceSince);
    return product;
  }

  /** Replaces the explicit related products of `code` (an empty list falls back to the same category). */
  async setRelated(manager: EntityManager, code: string, relatedCodes: string[]): Promise<void> {
    const repo = manager.getRepository(Product);
    const product = await repo.findOneOrFail({ where: { code } });
    await manager.getRepository(ProductRelated).delete({ productId: product.id });
    for (const [position, relatedCode] of relatedCodes.entries()) {
      const related = await repo.findOneOrFail({ where: { code: relatedCode } });
      await manager.getRepository(ProductRelated).insert({ productId: product.id, relatedProductId: related.id, position });
    }
  }

  // ---------------------------------------------------------------- internals

  /** Products by id (in the given order) with their texts in `locale`, category, price history and offers. */
  private async load(ids: number[], locale: Locale, manager: EntityManager = this.db.manager): Promise<Loaded[]> {
    if (!ids.length) return [];
    const queries = [
      () => manager.getRepository(Product).find({ where: { id: In(ids) } }),
      () => manager.getRepository(ProductTranslation).find({ where: { productId: In(ids), locale } }),
      () => manager.getRepository(ProductPrice).find({ where: { productId: In(ids) }, order: { validFrom: 'ASC', id: 'ASC' } }),
      () => manager.getRepository(ProductOffer).find({ where: { productId: In(ids) }, order: { startsAt: 'ASC' } }),
    ] as const;
    // In a transaction all queries share one connection: run them one after the other (pg
    // refuses overlapping queries on a client); outside one, the pool runs them in parallel.
    const [products, texts, history, offers] = manager.queryRunner
      ? [await queries[0](), await queries[1](), await queries[2](), await queries[3]()]
      : await Promise.all([queries[0](), queries[1](), queries[2](), queries[3]()]);
    const categories = await manager
      .getRepository(CategoryTranslation)
      .find({ where: { categoryId: In([...new Set(products.map((p) => p.categoryId))]), locale } });
    const byId = new Map(products.map((p) => [p.id, p]));
    return ids
      .map((id) => byId.get(id))
      .filter((p): p is Product => !!p)
      .map((product) => ({
        product,
        text: texts.find((t) => t.productId === product.id)!,
        category: categories.find((c) => c.categoryId === product.categoryId)!,
        history: history.filter((h) => h.productId === product.id).map((h) => ({ amountCents: h.amountCents, validFrom: h.validFrom })),
        offers: offers.filter((o) => o.productId === product.id),
      }));
  }

  private summary(l: Loaded, at: Date): ProductSummary {
    const p = l.product;
    return {
      code: p.code,
      slug: l.text.slug,
      name: l.text.name,
      short_description: l.text.shortDescription,
      category: { slug: l.category.slug, name: l.category.name },
      line: p.line,
      pack: p.pack,
      pack_grams: p.netWeightGrams,
      image: p.imageSrc ? { src: p.imageSrc, width: p.imageWidth!, height: p.imageHeight!, alt: l.text.name } : null,
      price: priceView(l, at),
      availability: effectiveAvailability(p),
      stock_left: p.stock !== null && p.stock <= LOW_STOCK_THRESHOLD ? p.stock : null,
    };
  }

  private async related(p: Product, locale: Locale, at: Date): Promise<ProductSummary[]> {
    const explicit = await this.db.getRepository(ProductRelated).find({ where: { productId: p.id }, order: { position: 'ASC' } });
    let ids = explicit.map((r) => r.relatedProductId);
    if (!ids.length) {
      const rows: Array<{ id: number }> = await this.db.query(
        `SELECT id FROM product WHERE category_id = $1 AND id <> $2 ORDER BY (availability = 'available') DESC, position, id LIMIT $3`,
        [p.categoryId, p.id, RELATED_COUNT],
      );
      ids = rows.map((r) => r.id);
    }
    return (await this.load(ids, locale)).map((l) => this.summary(l, at));
  }
}

/** The first moment after `at` at which a price of these products changes by the clock (ms since the epoch), or null. */
function nextPriceChange(loaded: Loaded[], at: Date): number | null {
  const now = at.getTime();
  let next = Infinity;
  for (const l of loaded) {
    for (const h of l.history) if (h.validFrom.getTime() > now) next = Math.min(next, h.validFrom.getTime());
    for (const o of l.offers) for (const t of [o.startsAt.getTime(), o.endsAt.getTime()]) if (t > now) next = Math.min(next, t);
  }
  return next === Infinity ? null : next;
}

/** 'available' only when the product is offered and (if stock is tracked) at least one pack is left. */
export function effectiveAvailability(p: Pick<Product, 'availability' | 'stock'>): Product['availability'] {
  return p.availability === 'available' && (p.stock === null || p.stock > 0) ? 'available' : 'soon_available_again';
}

function priceView(l: Loaded, at: Date): PriceView {
  const regular = regularPriceAt(l.history, at) ?? l.product.priceCents;
  const offer = offerAt(l.offers, at);
  const amount = offer ? Math.min(offer.priceCents, regular) : regular;
  let offerView: PriceView['offer'] = null;
  if (offer && offer.priceCents < regular) {
    const lowest = lowestPriorPrice(l.history, l.offers, offer.startsAt);
    offerView = {
      starts_at: offer.startsAt.toISOString(),
      ends_at: offer.endsAt.toISOString(),
      reference_date: offer.referenceDate,
      reference_price: regularPriceAt(l.history, new Date(`${offer.referenceDate}T23:59:59.999Z`)),
      lowest_30d: lowest,
      discount_percent: discountPercent(lowest, offer.priceCents),
    };
  }
  return { amount, currency: 'EUR', regular_amount: regular, per_kg: pricePerKg(amount, l.product.netWeightGrams), offer: offerView };
}

/**
 * The cart's view of products as one SELECT (columns of CartProductRow), for `p.code = <codes>`
 * (`ANY($1::text[])`, or a column of an outer statement in a LATERAL join), texts in language
 * `<locale>` at moment `<at>` (SQL expressions): the product, its texts, the regular price in force
 * at `at` (the latest history row not after it, the later row on a tie, as regularPriceAt) and the
 * cheapest offer running at `at` (as offerAt). appliedPriceAt over exactly those rows gives what it
 * gives over the whole history.
 */
export function cartProductViewSql(codes: string, locale: string, at: string): string {
  return `SELECT p.code, p.price_cents, p.vat_rate, p.shipping_weight_grams, p.availability, p.stock, t.name, t.slug,
              (SELECT pp.amount_cents FROM product_price pp
                WHERE pp.product_id = p.id AND pp.valid_from <= ${at}
                ORDER BY pp.valid_from DESC, pp.id DESC LIMIT 1) AS regular_cents,
              (SELECT min(o.price_cents) FROM product_offer o
                WHERE o.product_id = p.id AND o.starts_at <= ${at} AND ${at} < o.ends_at) AS offer_cents
         FROM product p JOIN product_translation t ON t.product_id = p.id AND t.locale = ${locale}
        WHERE p.code = ${codes}`;
}

/** A row of cartProductViewSql as the cart's view of the product (null: a row of a LEFT JOIN that found none). */
export function cartProductFromRow(r: CartProductRow | { [K in keyof CartProductRow]: CartProductRow[K] | null }): CartProductView | null {
  if (r.code === null) return null;
  const regular = r.regular_cents === null ? null : Number(r.regular_cents);
  const offer = r.offer_cents === null ? null : Number(r.offer_cents);
  return {
    code: r.code,
    name: r.name!,
    slug: r.slug!,
    unitPrice: regular === null ? r.price_cents! : offer === null ? regular : Math.min(offer, regular),
    vatRate: r.vat_rate!,
    weightGrams: r.shipping_weight_grams!,
    available: effectiveAvailability({ availability: r.availability!, stock: r.stock }) === 'available',
    stock: r.stock,
  };
}

/** A row of productsForCart's statement (pg returns integer columns as numbers, aggregates too). */
export interface CartProductRow {
  code: string;
  price_cents: number;
  vat_rate: number;
  shipping_weight_grams: number;
  availability: Product['availability'];
  stock: number | null;
  name: string;
  slug: string;
  regular_cents: number | null;
  offer_cents: number | null;
}
