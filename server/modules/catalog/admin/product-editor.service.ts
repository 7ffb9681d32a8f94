import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  CATEGORY_TEXT_FIELDS,
  missingTexts,
  NUTRITION_FIELDS,
  type AdminCategory,
  type AdminCategoryCreateBody,
  type AdminCategoryPatchBody,
  type AdminProductCreateBody,
  type AdminProductEditable,
  type AdminProductPatchBody,
  type NutritionField,
  type ProductState,
} from '../../../../contract/api/admin-products.js';
import { LOCALES, type Locale } from '../../../../contract/locales.js';
import { slugify } from '../../../../contract/slug.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../platform/audit/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { DomainError, type ErrorDetail } from '../../../platform/http/domain-error.js';
import { localizedMessage } from '../../../platform/i18n/index.js';
import { releaseSlug, retiredSlugOwner, retiredSlugsOf, retireSlug } from '../../../platform/slug-history/index.js';
import { CATALOG_ERRORS } from '../catalog.errors.js';
import { CategoryChanged, ProductChanged } from '../events/catalog.events.js';
import { PriceService } from '../price.service.js';
import { ProductEditorRepository, type ProductRow, type ProductSwitch } from './product-editor.repository.js';
import {
  auditView,
  changedFields,
  EMPTY_TEXTS,
  missingProductTexts,
  planTexts,
  PRODUCT_AUDIT_FIELDS,
  type TextsByLocale,
} from './product-editor.rules.js';

registerAuditFields('product', PRODUCT_AUDIT_FIELDS);
registerAuditFields('category', ['code', 'position', ...LOCALES.flatMap((l) => [`name_${l}`, `slug_${l}`])]);

interface Loaded {
  row: ProductRow;
  texts: TextsByLocale;
  related: string[];
}

function err(
  code: string,
  kind: DomainError['kind'],
  field?: string,
  more: ErrorDetail[] = [],
  params: Record<string, string | number> = {},
) {
  return new DomainError(code, code, kind, field, more, params);
}

function detail(code: string, field: string, locale: Locale): ErrorDetail {
  return { code, field, message: localizedMessage(code, locale) ?? code };
}

const PAST = { publish: 'published', unpublish: 'unpublished', archive: 'archived', unarchive: 'unarchived' } as const;

function stateOf(r: { published: boolean; archived_at: Date | null }): ProductState {
  if (r.archived_at) return 'archived';
  return r.published ? 'published' : 'draft';
}

function nutritionOf(r: ProductRow): Record<NutritionField, number> {
  return Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, Number(r[f])])) as Record<NutritionField, number>;
}

function ownFields(r: ProductRow, related: string[]) {
  return {
    code: r.code,
    line: r.line,
    category: r.category,
    pack: r.pack,
    net_weight_grams: r.net_weight_grams,
    shipping_weight_grams: r.shipping_weight_grams,
    pieces_per_carton: r.pieces_per_carton,
    vat_rate: r.vat_rate,
    vat_class: r.vat_class,
    kpd_code: r.kpd_code,
    cooking_time_minutes: r.cooking_time_minutes,
    related,
    price_cents: r.price_cents,
    published: r.published,
    archived: r.archived_at !== null,
  };
}

/**
 * The back office's catalogue editing (docs/admin.md 'Products and categories'): products created,
 * edited in four languages, published, archived; categories named and ordered. Every change writes
 * its audit row and its event (which drops the shop's caches in every web process) in its own
 * transaction, with the product's row locked.
 */
@Injectable()
export class ProductEditorService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly prices: PriceService,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
    private readonly editor: ProductEditorRepository,
  ) {}

  // ---------------------------------------------------------------- products

  async editable(code: string, manager: EntityManager = this.db.manager): Promise<AdminProductEditable> {
    const loaded = await this.load(manager, code);
    if (!loaded) throw err(CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'not_found', 'code');
    return this.view(manager, loaded);
  }

  async create(body: AdminProductCreateBody, actor: AuditActor, locale: Locale): Promise<AdminProductEditable> {
    return this.db.transaction(async (m) => {
      await this.editor.lockSlugs(m);
      if (await this.editor.productCodeTaken(m, body.code)) throw err(CATALOG_ERRORS.CODE_TAKEN, 'conflict', 'code');
      const categoryId = await this.categoryId(m, body.category);
      const relatedIds = await this.relatedIds(m, body.related, null);
      const plan = planTexts(Object.fromEntries(LOCALES.map((l) => [l, { ...EMPTY_TEXTS }])) as TextsByLocale, body.texts, false);
      await this.checkSlugs(m, plan.texts, null, locale);
      const position = await this.editor.nextProductPosition(m);
      const id = await this.editor.insertProduct(m, {
        code: body.code,
        line: body.line,
        categoryId,
        pack: body.pack,
        netWeightGrams: body.net_weight_grams,
        shippingWeightGrams: body.shipping_weight_grams,
        piecesPerCarton: body.pieces_per_carton,
        vatRate: body.vat_rate,
        vatClass: body.vat_class,
        kpdCode: body.kpd_code,
        priceCents: body.price_cents,
        nutrition: body.nutrition,
        cookingTimeMinutes: body.cooking_time_minutes,
        position,
      });
      await this.prices.record(m, id, body.price_cents);
      await this.writeTexts(m, id, plan.texts);
      await this.writeRelated(m, id, relatedIds);
      const loaded = (await this.load(m, body.code))!;
      await this.audit.record(m, {
        actor,
        action: 'product.create',
        entityType: 'product',
        entityId: body.code,
        before: null,
        after: this.auditOf(loaded),
      });
      await this.publishChange(m, loaded, 'created');
      return this.view(m, loaded);
    });
  }

  async update(code: string, body: AdminProductPatchBody, actor: AuditActor, locale: Locale): Promise<AdminProductEditable> {
    return this.db.transaction(async (m) => {
      await this.editor.lockSlugs(m);
      const before = await this.load(m, code, true);
      if (!before) throw err(CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'not_found', 'code');
      if (body.expected_updated_at && new Date(body.expected_updated_at).getTime() !== new Date(before.row.updated_at).getTime())
        throw err(CATALOG_ERRORS.PRODUCT_CHANGED, 'conflict');
      const r = before.row;
      const plan = planTexts(before.texts, body.texts, r.first_published_at !== null);
      if (plan.removedLockedSlug.length)
        throw err(
          CATALOG_ERRORS.SLUG_REQUIRED,
          'invalid',
          `texts.${plan.removedLockedSlug[0]}.slug`,
          plan.removedLockedSlug.slice(1).map((l) => detail(CATALOG_ERRORS.SLUG_REQUIRED, `texts.${l}.slug`, locale)),
        );
      if (r.published) {
        const missing = missingProductTexts(plan.texts);
        if (missing.length) throw this.missingError(missing, locale);
      }
      await this.checkSlugs(m, plan.texts, r.id, locale);
      const categoryId = body.category === undefined ? r.category_id : await this.categoryId(m, body.category);
      const related = body.related === undefined ? undefined : await this.relatedIds(m, body.related, r.id);
      const net = body.net_weight_grams ?? r.net_weight_grams;
      const shipping = body.shipping_weight_grams ?? r.shipping_weight_grams;
      if (shipping < net) throw err(CATALOG_ERRORS.WEIGHT_ORDER, 'invalid', 'shipping_weight_grams');
      const nutrition = { ...nutritionOf(r), ...(body.nutrition ?? {}) };
      await this.editor.updateProduct(m, r.id, {
        line: body.line ?? r.line,
        categoryId,
        pack: body.pack ?? r.pack,
        netWeightGrams: net,
        shippingWeightGrams: shipping,
        piecesPerCarton: body.pieces_per_carton ?? r.pieces_per_carton,
        vatRate: body.vat_rate ?? r.vat_rate,
        vatClass: body.vat_class ?? r.vat_class,
        kpdCode: body.kpd_code ?? r.kpd_code,
        cookingTimeMinutes: body.cooking_time_minutes ?? r.cooking_time_minutes,
        nutrition,
      });
      for (const change of plan.slugChanges) {
        if (change.from) await retireSlug(m, 'product', String(r.id), change.locale, change.from);
        if (change.to) await releaseSlug(m, 'product', change.locale, change.to);
      }
      await this.writeTexts(m, r.id, plan.texts);
      if (related) await this.writeRelated(m, r.id, related);
      const after = (await this.load(m, code))!;
      const diff = changedFields(this.auditOf(before), this.auditOf(after));
      if (diff) {
        await this.audit.record(m, { actor, action: 'product.update', entityType: 'product', entityId: code, ...diff });
        await this.publishChange(m, after, 'edited');
      }
      return this.view(m, after);
    });
  }

  /** publish | unpublish | archive | unarchive: one switch, its audit row and event; the same state twice changes nothing. */
  async setState(
    code: string,
    action: 'publish' | 'unpublish' | 'archive' | 'unarchive',
    actor: AuditActor,
    locale: Locale,
  ): Promise<AdminProductEditable> {
    return this.db.transaction(async (m) => {
      const before = await this.load(m, code, true);
      if (!before) throw err(CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'not_found', 'code');
      const r = before.row;
      let change: ProductSwitch | null = null;
      if (action === 'publish' && !r.published) {
        const missing = missingProductTexts(before.texts);
        if (missing.length) throw this.missingError(missing, locale);
        change = 'publish';
      }
      if (action === 'unpublish' && r.published) change = 'unpublish';
      if (action === 'archive' && !r.archived_at) change = 'archive';
      if (action === 'unarchive' && r.archived_at) change = 'unarchive';
      if (change === null) return this.view(m, before);
      await this.editor.switchState(m, r.id, change);
      const after = (await this.load(m, code))!;
      const diff = changedFields(this.auditOf(before), this.auditOf(after))!;
      await this.audit.record(m, { actor, action: `product.${action}`, entityType: 'product', entityId: code, ...diff });
      await this.publishChange(m, after, PAST[action]);
      return this.view(m, after);
    });
  }

  private missingError(missing: Array<{ locale: Locale; fields: string[] }>, locale: Locale): DomainError {
    const details = missing.flatMap((x) => x.fields.map((f) => detail(CATALOG_ERRORS.TEXT_MISSING, `texts.${x.locale}.${f}`, locale)));
    return err(CATALOG_ERRORS.PRODUCT_TEXTS_MISSING, 'invalid', undefined, details, {
      languages: missing.map((x) => x.locale.toUpperCase()).join(', '),
    });
  }

  private async load(m: EntityManager, code: string, lock = false): Promise<Loaded | undefined> {
    if (lock) await this.editor.lockProduct(m, code);
    const row = await this.editor.product(m, code);
    if (!row) return undefined;
    const rows = await this.editor.productTexts(m, row.id);
    const texts = Object.fromEntries(LOCALES.map((l) => [l, { ...EMPTY_TEXTS }])) as TextsByLocale;
    for (const t of rows) {
      const { locale, ...rest } = t;
      texts[locale] = { ...EMPTY_TEXTS, ...rest };
    }
    const related = await this.editor.relatedCodes(m, row.id);
    return { row, texts, related };
  }

  private auditOf(l: Loaded): Record<string, unknown> {
    return auditView({ fields: ownFields(l.row, l.related), nutrition: nutritionOf(l.row), texts: l.texts });
  }

  private async view(m: EntityManager, l: Loaded): Promise<AdminProductEditable> {
    const r = l.row;
    return {
      ...ownFields(r, l.related),
      nutrition: nutritionOf(r),
      texts: l.texts,
      missing: missingProductTexts(l.texts),
      state: stateOf(r),
      first_published_at: r.first_published_at ? new Date(r.first_published_at).toISOString() : null,
      archived_at: r.archived_at ? new Date(r.archived_at).toISOString() : null,
      slugs_locked: r.first_published_at !== null,
      old_slugs: await retiredSlugsOf(m, 'product', String(r.id)),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  }

  private async categoryId(m: EntityManager, code: string): Promise<number> {
    const id = await this.editor.categoryId(m, code);
    if (id === undefined) throw err(CATALOG_ERRORS.CATEGORY_UNKNOWN, 'invalid', 'category');
    return id;
  }

  private async relatedIds(m: EntityManager, codes: string[], selfId: number | null): Promise<number[]> {
    if (!codes.length) return [];
    const rows = await this.editor.productIdsByCodes(m, codes);
    const byCode = new Map(rows.map((x) => [x.code, x.id]));
    const unknown = codes.findIndex((c) => !byCode.has(c) || byCode.get(c) === selfId);
    if (unknown >= 0) throw err(CATALOG_ERRORS.RELATED_UNKNOWN, 'invalid', `related.${unknown}`, [], { code: codes[unknown] });
    return codes.map((c) => byCode.get(c)!);
  }

  /** Every slug unique in its language: not another product's slug now, nor one of its old slugs (409 CATALOG_SLUG_TAKEN). */
  private async checkSlugs(m: EntityManager, texts: TextsByLocale, selfId: number | null, locale: Locale): Promise<void> {
    const problems: ErrorDetail[] = [];
    for (const l of LOCALES) {
      const slug = texts[l].slug;
      if (!slug) continue;
      const other = await this.editor.productSlugTaken(m, l, slug, selfId);
      const old = await retiredSlugOwner(m, 'product', l, slug);
      if (other || (old !== undefined && old !== String(selfId)))
        problems.push(detail(CATALOG_ERRORS.SLUG_TAKEN, `texts.${l}.slug`, locale));
    }
    if (problems.length) throw err(problems[0].code, 'conflict', problems[0].field, problems.slice(1));
  }

  private async writeTexts(m: EntityManager, productId: number, texts: TextsByLocale): Promise<void> {
    for (const l of LOCALES) await this.editor.writeProductTexts(m, productId, l, texts[l]);
  }

  private async writeRelated(m: EntityManager, productId: number, ids: number[]): Promise<void> {
    await this.editor.replaceRelated(m, productId, ids);
  }

  private async publishChange(
    m: EntityManager,
    l: Loaded,
    change: 'created' | 'edited' | 'published' | 'unpublished' | 'archived' | 'unarchived',
  ): Promise<void> {
    await this.events.publish(
      m,
      new ProductChanged({ productId: l.row.id, productCode: l.row.code, change, effectiveAt: new Date().toISOString() }),
    );
  }

  // ---------------------------------------------------------------- categories

  async categories(manager: EntityManager = this.db.manager): Promise<AdminCategory[]> {
    const rows = await this.editor.categories(manager);
    const texts = await this.editor.categoryTexts(manager);
    return rows.map((c) => {
      const own = Object.fromEntries(
        LOCALES.map((l) => {
          const t = texts.find((x) => x.category_id === c.id && x.locale === l);
          return [l, { name: t?.name ?? null, slug: t?.slug ?? null }];
        }),
      ) as AdminCategory['texts'];
      return {
        code: c.code,
        position: c.position,
        product_count: c.product_count,
        all_products: c.all_products,
        texts: own,
        missing: missingTexts(own, CATEGORY_TEXT_FIELDS),
      };
    });
  }

  private async category(m: EntityManager, code: string): Promise<AdminCategory> {
    const found = (await this.categories(m)).find((c) => c.code === code);
    if (!found) throw err(CATALOG_ERRORS.CATEGORY_NOT_FOUND, 'not_found', 'code');
    return found;
  }

  private categoryAudit(c: AdminCategory): Record<string, unknown> {
    const out: Record<string, unknown> = { code: c.code, position: c.position };
    for (const l of LOCALES) {
      out[`name_${l}`] = c.texts[l].name;
      out[`slug_${l}`] = c.texts[l].slug;
    }
    return out;
  }

  async createCategory(body: AdminCategoryCreateBody, actor: AuditActor, locale: Locale): Promise<AdminCategory> {
    return this.db.transaction(async (m) => {
      await this.editor.lockCategories(m);
      if (await this.editor.categoryCodeTaken(m, body.code)) throw err(CATALOG_ERRORS.CATEGORY_CODE_TAKEN, 'conflict', 'code');
      const texts = this.categoryTexts({}, body.texts, false, locale);
      await this.checkCategorySlugs(m, texts, null, locale);
      const id = await this.editor.insertCategory(m, body.code);
      await this.writeCategoryTexts(m, id, texts);
      const after = await this.category(m, body.code);
      await this.audit.record(m, {
        actor,
        action: 'category.create',
        entityType: 'category',
        entityId: body.code,
        before: null,
        after: this.categoryAudit(after),
      });
      await this.events.publish(
        m,
        new CategoryChanged({ categoryId: id, categoryCode: body.code, change: 'created', effectiveAt: new Date().toISOString() }),
      );
      return after;
    });
  }

  async updateCategory(code: string, body: AdminCategoryPatchBody, actor: AuditActor, locale: Locale): Promise<AdminCategory> {
    return this.db.transaction(async (m) => {
      await this.editor.lockCategories(m);
      const before = await this.category(m, code);
      const id = (await this.editor.categoryId(m, code))!;
      const texts = this.categoryTexts(before.texts, body.texts, true, locale);
      await this.checkCategorySlugs(m, texts, id, locale);
      for (const l of LOCALES) {
        const from = before.texts[l].slug;
        const to = texts[l].slug;
        if (from && to && from !== to) {
          await retireSlug(m, 'category', String(id), l, from);
          await releaseSlug(m, 'category', l, to);
        }
      }
      await this.writeCategoryTexts(m, id, texts);
      const after = await this.category(m, code);
      const diff = changedFields(this.categoryAudit(before), this.categoryAudit(after));
      if (diff) {
        await this.audit.record(m, { actor, action: 'category.update', entityType: 'category', entityId: code, ...diff });
        await this.events.publish(
          m,
          new CategoryChanged({ categoryId: id, categoryCode: code, change: 'edited', effectiveAt: new Date().toISOString() }),
        );
      }
      return after;
    });
  }

  /** One place up or down in the shop's order (positions renumbered 1..n first, so ties never stall a move). */
  async moveCategory(code: string, direction: 'up' | 'down', actor: AuditActor): Promise<AdminCategory[]> {
    return this.db.transaction(async (m) => {
      await this.editor.lockCategories(m);
      const rows = await this.editor.lockCategoryPositions(m);
      const at = rows.findIndex((r) => r.code === code);
      if (at < 0) throw err(CATALOG_ERRORS.CATEGORY_NOT_FOUND, 'not_found', 'code');
      const to = direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= rows.length) return this.categories(m);
      const order = rows.map((r) => r.id);
      [order[at], order[to]] = [order[to], order[at]];
      for (const [i, id] of order.entries()) {
        const row = rows.find((r) => r.id === id)!;
        if (row.position !== i + 1) await this.editor.setCategoryPosition(m, id, i + 1);
      }
      await this.audit.record(m, {
        actor,
        action: 'category.move',
        entityType: 'category',
        entityId: code,
        before: { position: at + 1 },
        after: { position: to + 1 },
      });
      await this.events.publish(
        m,
        new CategoryChanged({ categoryId: rows[at].id, categoryCode: code, change: 'moved', effectiveAt: new Date().toISOString() }),
      );
      return this.categories(m);
    });
  }

  /**
   * A category is in the shop as soon as it exists, so every language needs its name (422
   * CATALOG_CATEGORY_NAME_REQUIRED). A new category's slug follows its name unless given; an existing
   * one's is locked (live): only a slug given explicitly changes it, leaving the old one as a 301.
   */
  private categoryTexts(
    current: Partial<AdminCategory['texts']>,
    input: AdminCategoryPatchBody['texts'],
    locked: boolean,
    locale: Locale,
  ): AdminCategory['texts'] {
    const out = {} as AdminCategory['texts'];
    const problems: ErrorDetail[] = [];
    for (const l of LOCALES) {
      const given = input[l];
      const name = given?.name === undefined ? (current[l]?.name ?? null) : given.name;
      let slug = current[l]?.slug ?? null;
      if (given?.slug) slug = given.slug;
      else if (!locked || slug === null) slug = name ? slugify(name) || null : null;
      if (!name) problems.push(detail(CATALOG_ERRORS.CATEGORY_NAME_REQUIRED, `texts.${l}.name`, locale));
      else if (!slug) problems.push(detail(CATALOG_ERRORS.SLUG_INVALID, `texts.${l}.slug`, locale));
      out[l] = { name, slug };
    }
    if (problems.length) throw err(problems[0].code, 'invalid', problems[0].field, problems.slice(1));
    return out;
  }

  private async checkCategorySlugs(m: EntityManager, texts: AdminCategory['texts'], selfId: number | null, locale: Locale): Promise<void> {
    const problems: ErrorDetail[] = [];
    for (const l of LOCALES) {
      const slug = texts[l].slug!;
      const other = await this.editor.categorySlugTaken(m, l, slug, selfId);
      const old = await retiredSlugOwner(m, 'category', l, slug);
      if (other || (old !== undefined && old !== String(selfId)))
        problems.push(detail(CATALOG_ERRORS.SLUG_TAKEN, `texts.${l}.slug`, locale));
    }
    if (problems.length) throw err(problems[0].code, 'conflict', problems[0].field, problems.slice(1));
  }

  private async writeCategoryTexts(m: EntityManager, id: number, texts: AdminCategory['texts']): Promise<void> {
    for (const l of LOCALES) await this.editor.writeCategoryTexts(m, id, l, texts[l].name, texts[l].slug);
  }
}
