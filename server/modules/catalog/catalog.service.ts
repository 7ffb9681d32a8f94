import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
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
import { photoImage, ProductPhotos } from './product-photos.repository.js';
import type { MediaView } from '../../platform/media/index.js';
import { discountPercent, lowestPriorPrice, offerAt, pricePerKg, regularPriceAt, type PricePoint } from './pricing.js';
import { PriceService } from './price.service.js';
import { Product, ProductOffer, ProductTranslation } from './product.entity.js';
import { ProductRepository } from './product.repository.js';
import { effectiveAvailability } from './availability.js';
import { DEFAULT_KPD_CODE, parseKpdCode } from './kpd-code.js';

const RELATED_COUNT = 4;
/** Search pages kept per process (each: up to 48 ids and a total). */
const SEARCH_CACHE_SIZE = 500;

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
  /** The first photo uploaded in the back office, if any (else the drawing of `imageSrc`). */
  photo?: { media: MediaView; alt: string | null };
}

@Injectable()
export class CatalogService {
  /** Search pages by [locale, tsquery, category, page, size], with the catalog_search_version they were computed at. */
  private readonly searchCache = new TtlLru<{ version: string; page: { ids: number[]; total: number } }>({ maxEntries: SEARCH_CACHE_SIZE });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly prices: PriceService,
    private readonly events: EventPublisher,
    private readonly products: ProductRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly photos: ProductPhotos,
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
      const category = await this.products.categoryBySlug(query.locale, query.category);
      if (!category) return { page: empty, validUntil: null };
      categoryId = category.id;
      total = category.product_count;
    } else if (tsquery === null) {
      total = await this.products.productCount(query.locale);
    }
    const offset = (query.page - 1) * query.pageSize;
    let ids: number[];
    if (tsquery === null) {
      ids = await this.products.pageIds(categoryId, offset, query.pageSize, total);
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
  private async searchPage(
    locale: Locale,
    tsquery: string,
    categoryId: number | null,
    page: number,
    size: number,
  ): Promise<{ ids: number[]; total: number }> {
    const version = await this.products.searchVersion();
    const key = JSON.stringify([locale, tsquery, categoryId, page, size]);
    const cached = this.searchCache.get(key);
    if (cached && cached.version === version) return cached.page;
    const rows = await this.products.searchPage(locale, tsquery, categoryId, size, (page - 1) * size);
    let total = rows.length ? rows[0].total : 0;
    if (!rows.length && page > 1) {
      // Past the last page: still report the total.
      total = await this.products.searchCount(locale, tsquery, categoryId);
    }
    const result = { ids: rows.map((r) => r.id), total };
    // No time limit: an entry of an older catalog_search_version is never served and is pushed out in time.
    this.searchCache.set(key, { version, page: result }, Number.POSITIVE_INFINITY);
    return result;
  }

  /**
   * A product by its slug in `locale`. A slug of another language finds the same product too:
   * the answer then has `canonical_slug` (this language's slug) different from the one asked for,
   * and the page redirects (301). Unknown slugs: CATALOG_PRODUCT_NOT_FOUND.
   */
  async productBySlug(slug: string, locale: Locale, at = new Date()): Promise<ProductDetail> {
    const productId = await this.products.productIdBySlug(slug, locale);
    if (productId === undefined)
      throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with slug ${slug}.`, 'not_found', 'slug');
    const [l] = await this.load([productId], locale);
    const texts = await this.products.translationsOf(l.product.id);
    const slugs = Object.fromEntries(LOCALES.map((loc) => [loc, texts.find((t) => t.locale === loc)?.slug ?? ''])) as Record<
      Locale,
      string
    >;
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
      vat_destination: this.config.vat.oss,
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
    const rows = await this.products.idsByCodes(unique);
    const idByCode = new Map(rows.map((r) => [r.code, r.id]));
    const ids = unique.map((c) => idByCode.get(c)).filter((id): id is number => id !== undefined);
    return (await this.load(ids, locale)).filter((l) => l.text && l.category).map((l) => this.summary(l, at));
  }

  /**
   * The KPD 2025 code of each product by its code (SKU), for the e-invoice's lines (invoicing module).
   * Codes that name no product are left out of the map.
   */
  async kpdCodes(codes: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(codes)];
    if (!unique.length) return new Map();
    return new Map((await this.products.kpdCodesByCodes(unique)).map((r) => [r.code, r.kpdCode]));
  }

  async categories(locale: Locale): Promise<CategoryView[]> {
    // product_count is kept by triggers on product (migration 1796810000000-catalog-growth): no counting here.
    const rows = await this.products.categoriesIn(locale);
    const all = await this.products.categoryTranslations();
    return rows.map((r) => ({
      code: r.code,
      slug: r.slug,
      name: r.name,
      product_count: Number(r.product_count),
      slugs: Object.fromEntries(
        LOCALES.map((loc) => [loc, all.find((t) => t.categoryId === r.id && t.locale === loc)?.slug ?? '']),
      ) as Record<Locale, string>,
    }));
  }

  /**
   * The whole catalogue in `locale` for print (the downloadable catalogue PDF, content module): the
   * categories in catalogue order, each with its products in list order (position, id), priced at
   * `at` by the same rules as the shop (running offers applied), with ingredients, allergens and VAT
   * rate. At most `maxProducts` products (the first in catalogue order); `truncated` says when more exist.
   */
  async printedCatalogue(locale: Locale, at = new Date(), maxProducts = 1000): Promise<PrintedCatalogue> {
    const ids = await this.products.catalogueOrderIds(locale, maxProducts + 1);
    const truncated = ids.length > maxProducts;
    const loaded = await this.load(ids.slice(0, maxProducts), locale);
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
    if (!codes.length) return new Map();
    // One statement (the cart prices on every change and the checkout once more).
    return this.products.cartViews(manager, codes, locale, at);
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
      const p = await this.products.addStock(manager, code, n);
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
  async reserveStock(
    manager: EntityManager,
    lines: Array<{ code: string; quantity: number }>,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<void> {
    const wanted = new Map<string, number>();
    for (const { code, quantity } of lines) {
      if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError(`quantity of ${code} must be a positive whole number`);
      wanted.set(code, (wanted.get(code) ?? 0) + quantity);
    }
    for (const code of [...wanted.keys()].sort()) {
      const n = wanted.get(code)!;
      const p = await this.products.takeStock(manager, code, n);
      if (p) {
        if (p.stock !== null) await this.stockChanged(manager, code, { ...p, stock: p.stock }, p.stock + n);
        continue;
      }
      const facts = await this.products.stockFacts(manager, code, locale);
      if (!facts) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'product_code');
      const available = facts.availability === 'available' ? (facts.stock ?? 0) : 0;
      const name = facts.name ?? code;
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
    const existing = await this.products.findCategory(manager, code);
    if (existing) return existing;
    return this.products.insertCategory(
      manager,
      code,
      position,
      LOCALES.map((locale) => ({ locale, ...texts[locale] })),
    );
  }

  /** Creates a product with its four languages and its first price (recorded in the history). */
  async createProduct(manager: EntityManager, input: NewProduct): Promise<Product> {
    const category = await this.products.findCategory(manager, input.categoryCode);
    if (!category) throw new Error(`unknown category ${input.categoryCode}`);
    const pack = input.pack ?? 'standard';
    const net = input.netWeightGrams ?? (pack === 'business' ? 1000 : 400);
    const n = input.nutrition ?? {};
    const product = await this.products.insertProduct(
      manager,
      {
        code: input.code,
        line: input.line,
        categoryId: category.id,
        pack,
        netWeightGrams: net,
        shippingWeightGrams: input.shippingWeightGrams ?? Math.round(net * 1.06),
        piecesPerCarton: input.piecesPerCarton ?? (pack === 'business' ? 10 : 20),
        vatRate: input.vatRate ?? 25,
        kpdCode: parseKpdCode(input.kpdCode ?? DEFAULT_KPD_CODE),
        vatClass: input.vatClass ?? 'food',
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
      },
      LOCALES.map((locale) => ({ locale, ...input.texts[locale] })),
    );
    await this.prices.record(manager, product.id, input.priceCents, input.priceSince);
    return product;
  }

  /** Replaces the explicit related products of `code` (an empty list falls back to the same category). */
  async setRelated(manager: EntityManager, code: string, relatedCodes: string[]): Promise<void> {
    await this.products.replaceRelated(manager, code, relatedCodes);
  }

  // ---------------------------------------------------------------- internals

  /** Products by id (in the given order) with their texts in `locale`, category, price history and offers. */
  private async load(ids: number[], locale: Locale, manager: EntityManager = this.db.manager): Promise<Loaded[]> {
    if (!ids.length) return [];
    const { products, texts, history, offers, categories } = await this.products.productsWithTexts(ids, locale, manager);
    const byId = new Map(products.map((p) => [p.id, p]));
    const photos = await this.photos.first(manager, ids, locale);
    return ids
      .map((id) => byId.get(id))
      .filter((p): p is Product => !!p)
      .map((product) => ({
        product,
        text: texts.find((t) => t.productId === product.id)!,
        category: categories.find((c) => c.categoryId === product.categoryId)!,
        history: history.filter((h) => h.productId === product.id).map((h) => ({ amountCents: h.amountCents, validFrom: h.validFrom })),
        offers: offers.filter((o) => o.productId === product.id),
        ...(photos.has(product.id) ? { photo: photos.get(product.id)! } : {}),
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
      image: l.photo
        ? photoImage(l.photo.media, l.photo.alt ?? l.text.name)
        : p.imageSrc
          ? { src: p.imageSrc, width: p.imageWidth!, height: p.imageHeight!, alt: l.text.name }
          : null,
      price: priceView(l, at),
      availability: effectiveAvailability(p),
      stock_left: p.stock !== null && p.stock <= LOW_STOCK_THRESHOLD ? p.stock : null,
    };
  }

  private async related(p: Product, locale: Locale, at: Date): Promise<ProductSummary[]> {
    let ids = await this.products.explicitRelatedIds(p.id);
    if (!ids.length) {
      ids = await this.products.sameCategoryIds(p.categoryId, p.id, RELATED_COUNT);
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
