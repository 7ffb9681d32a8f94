import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminOffer,
  type AdminOfferBody,
  type AdminProductDetail,
  type AdminProductList,
  type AdminProductListQuery,
  type AdminProductRow,
  type AdminStockBody,
  type BulkEditResult,
  type OfferPreview,
} from '../../../../contract/api/admin-catalog.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../platform/audit/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { DomainError } from '../../../platform/http/domain-error.js';
import { DEFAULT_LOCALE, localizedMessage, type Locale } from '../../../platform/i18n/index.js';
import { effectiveAvailability } from '../availability.js';
import { CATALOG_ERRORS } from '../catalog.errors.js';
import { AvailabilityChanged, OfferScheduled } from '../events/catalog.events.js';
import { PriceService } from '../price.service.js';
import { discountPercent, lowestPriorPrice, offerAt, pricePerKg, type PricePoint } from '../pricing.js';
import type { ProductOffer } from '../product.entity.js';
import { CatalogAdminRepository, type AdminProductRecord } from './catalog-admin.repository.js';
import { offerRefusal, planBulk, previewOffer, type OfferPreviewNumbers, type ProposedOffer } from './catalog-admin.rules.js';
import { ReservedStock } from './reserved-stock.js';

/**
 * What the audit log keeps of the catalogue's back-office changes, each under the product's code:
 * 'stock' (stock, availability, threshold: staff may read these rows too), 'price' (the regular
 * price) and 'offer' (a scheduled offer with the numbers its preview showed).
 */
registerAuditFields('stock', ['stock', 'availability', 'low_stock_threshold']);
registerAuditFields('price', ['price_cents']);
registerAuditFields('offer', [
  'offer_id',
  'price_cents',
  'starts_at',
  'ends_at',
  'lowest_30d_cents',
  'struck_price_cents',
  'discount_percent',
]);

const stockFields = (r: { stock: number | null; availability: string; low_stock_threshold: number }) => ({
  stock: r.stock,
  availability: r.availability,
  low_stock_threshold: r.low_stock_threshold,
});

function notFound(code: string): DomainError {
  return new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'code');
}

function offerState(o: ProductOffer, now: Date): AdminOffer['state'] {
  if (o.endsAt.getTime() <= now.getTime()) return 'ended';
  return o.startsAt.getTime() <= now.getTime() ? 'running' : 'scheduled';
}

function previewView(p: OfferPreviewNumbers): OfferPreview {
  return {
    regular_price_cents: p.regularPriceCents,
    offer_price_cents: p.offerPriceCents,
    window_from: p.windowFrom.toISOString(),
    window_to: p.windowTo.toISOString(),
    lowest_30d_cents: p.lowest30dCents,
    struck_price_cents: p.struckPriceCents,
    discount_percent: p.discountPercent,
    offer_per_kg_cents: p.offerPerKgCents,
  };
}

/**
 * The back office's stock and price work (docs/admin.md 'Stock and prices API'): lists and details
 * with reserved stock, stock / availability / threshold, the regular price (through PriceService:
 * history and `catalog.price-changed`), special offers with their C-330/23 preview, and bulk edits
 * previewed or applied all or nothing. Every change publishes its event in its transaction, which
 * drops the render and answer caches of every web process (render-cache-invalidation.ts).
 */
@Injectable()
export class CatalogAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repo: CatalogAdminRepository,
    private readonly prices: PriceService,
    private readonly events: EventPublisher,
    private readonly reserved: ReservedStock,
    private readonly audit: AuditTrail,
  ) {}

  // ---------------------------------------------------------------- reading

  async list(query: AdminProductListQuery): Promise<AdminProductList> {
    const page = query.page ?? 1;
    const { rows, total } = await this.repo.list({
      locale: query.locale ?? DEFAULT_LOCALE,
      q: query.q,
      category: query.category,
      availability: query.availability,
      lowStock: query.low_stock,
      untranslated: query.translation === 'missing',
      sort: query.sort ?? 'position',
      page,
    });
    const reserved = await this.reserved.of(
      this.db.manager,
      rows.map((r) => r.code),
    );
    return {
      items: rows.map((r) => this.row(r, reserved.get(r.code) ?? 0)),
      total,
      page,
      page_size: ADMIN_PRODUCTS_PAGE_SIZE,
      low_stock_count: await this.repo.lowStockCount(),
    };
  }

  async detail(code: string, locale: Locale = DEFAULT_LOCALE, manager: EntityManager = this.db.manager): Promise<AdminProductDetail> {
    const record = await this.repo.byCode(manager, code, locale);
    if (!record) throw notFound(code);
    const { history, offers } = await this.repo.pricesOf(manager, record.id);
    const reserved = await this.reserved.of(manager, [code]);
    const now = new Date();
    const points: PricePoint[] = history;
    const running = offerAt(offers, now);
    return {
      ...this.row(record, reserved.get(code) ?? 0),
      pieces_per_carton: record.pieces_per_carton,
      lowest_30d_cents: lowestPriorPrice(points, offers, running ? running.startsAt : now),
      offers: offers.map((o) => offerView(o, points, offers, now)),
      price_history: history.map((h) => ({ price_cents: h.amountCents, valid_from: h.validFrom.toISOString() })).reverse(),
      updated_at: new Date(record.updated_at).toISOString(),
    };
  }

  private row(r: AdminProductRecord, reserved: number): AdminProductRow {
    const offer = r.offer_cents === null ? null : Number(r.offer_cents);
    const paid = offer === null ? r.price_cents : Math.min(offer, r.price_cents);
    return {
      code: r.code,
      name: r.name,
      category: r.category,
      category_name: r.category_name,
      availability: r.availability,
      shown_availability: effectiveAvailability(r),
      stock: r.stock,
      reserved,
      low_stock_threshold: r.low_stock_threshold,
      low_stock: r.stock !== null && r.stock <= r.low_stock_threshold,
      price_cents: r.price_cents,
      offer_price_cents: offer,
      per_kg_cents: pricePerKg(paid, r.net_weight_grams),
      net_weight_grams: r.net_weight_grams,
    };
  }

  // ---------------------------------------------------------------- stock

  /** Sets stock, availability and/or the low-stock threshold of one product (admin, staff). */
  async setStock(code: string, body: AdminStockBody, operator: AuditActor, locale: Locale): Promise<AdminProductDetail> {
    return this.db.transaction(async (m) => {
      const before = await this.repo.byCode(m, code, locale, true);
      if (!before) throw notFound(code);
      if (body.stock !== undefined && body.expected_stock !== undefined && before.stock !== body.expected_stock) {
        throw new DomainError(
          CATALOG_ERRORS.STOCK_CHANGED,
          `The stock of ${code} is now ${before.stock ?? 'untracked'}.`,
          'conflict',
          'stock',
          [],
          {
            stock: before.stock ?? '-',
          },
        );
      }
      await this.applyStock(m, before, operator, 'stock.set', {
        stock: body.stock,
        availability: body.availability,
        lowStockThreshold: body.low_stock_threshold,
      });
      return this.detail(code, locale, m);
    });
  }

  /** Writes a stock change and publishes `catalog.availability-changed` when what shoppers see may change. */
  private async applyStock(
    m: EntityManager,
    before: AdminProductRecord,
    operator: AuditActor,
    action: string,
    change: { stock?: number | null; availability?: AdminProductRecord['availability']; lowStockThreshold?: number },
  ): Promise<void> {
    const after = await this.repo.setStock(m, before.id, change);
    await this.audit.record(m, {
      actor: operator,
      action,
      entityType: 'stock',
      entityId: before.code,
      before: stockFields(before),
      after: stockFields(after),
    });
    const oldShown = effectiveAvailability(before);
    const newShown = effectiveAvailability(after);
    if (after.stock !== before.stock || oldShown !== newShown) {
      await this.events.publish(
        m,
        new AvailabilityChanged({
          productId: before.id,
          productCode: before.code,
          oldStock: before.stock,
          newStock: after.stock,
          oldAvailability: oldShown,
          newAvailability: newShown,
          effectiveAt: new Date(after.at).toISOString(),
        }),
      );
    }
  }

  // ---------------------------------------------------------------- prices

  /** The regular price from now on (admin): history row, product price and event through PriceService. */
  async changePrice(code: string, cents: number, operator: AuditActor, locale: Locale): Promise<AdminProductDetail> {
    return this.db.transaction(async (m) => {
      const before = await this.repo.byCode(m, code, locale, true);
      if (!before) throw notFound(code);
      if (before.price_cents === cents) {
        throw new DomainError(CATALOG_ERRORS.PRICE_UNCHANGED, 'That is already the price.', 'invalid', 'price_cents');
      }
      await this.applyPrice(m, before, cents, operator, 'price.change');
      return this.detail(code, locale, m);
    });
  }

  /** A regular price through PriceService (history row, `catalog.price-changed`), audited in the same transaction. */
  private async applyPrice(
    m: EntityManager,
    before: AdminProductRecord,
    cents: number,
    operator: AuditActor,
    action: string,
  ): Promise<void> {
    await this.prices.changePrice(before.code, cents, { manager: m });
    await this.audit.record(m, {
      actor: operator,
      action,
      entityType: 'price',
      entityId: before.code,
      before: { price_cents: before.price_cents },
      after: { price_cents: cents },
    });
  }

  /** What a proposed offer will show, refused as saving it would be (no write). */
  async previewOffer(code: string, body: AdminOfferBody, locale: Locale): Promise<OfferPreview> {
    const { preview } = await this.checkedOffer(this.db.manager, code, body, locale, false);
    return previewView(preview);
  }

  /** Saves a special offer (admin) after the same checks as the preview, with the product's row locked. */
  async createOffer(
    code: string,
    body: AdminOfferBody,
    operator: AuditActor,
    locale: Locale,
  ): Promise<{ offer: AdminOffer; preview: OfferPreview; product: AdminProductDetail }> {
    return this.db.transaction(async (m) => {
      const { record, preview, offer } = await this.checkedOffer(m, code, body, locale, true);
      const saved = await this.prices.addOffer(code, offer, m);
      await this.events.publish(
        m,
        new OfferScheduled({
          productId: record.id,
          productCode: code,
          offerId: saved.id,
          priceCents: saved.priceCents,
          startsAt: saved.startsAt.toISOString(),
          endsAt: saved.endsAt.toISOString(),
        }),
      );
      await this.audit.record(m, {
        actor: operator,
        action: 'offer.schedule',
        entityType: 'offer',
        entityId: code,
        before: null,
        after: {
          offer_id: saved.id,
          price_cents: saved.priceCents,
          starts_at: saved.startsAt,
          ends_at: saved.endsAt,
          lowest_30d_cents: preview.lowest30dCents,
          struck_price_cents: preview.struckPriceCents,
          discount_percent: preview.discountPercent,
        },
      });
      const product = await this.detail(code, locale, m);
      const offerRow = product.offers.find((o) => o.id === saved.id)!;
      return { offer: offerRow, preview: previewView(preview), product };
    });
  }

  private async checkedOffer(m: EntityManager, code: string, body: AdminOfferBody, locale: Locale, lock: boolean) {
    const record = await this.repo.byCode(m, code, locale, lock);
    if (!record) throw notFound(code);
    const { history, offers } = await this.repo.pricesOf(m, record.id);
    const offer: ProposedOffer = { priceCents: body.price_cents, startsAt: new Date(body.starts_at), endsAt: new Date(body.ends_at) };
    const preview = previewOffer(history, offers, offer, record.price_cents, record.net_weight_grams);
    const refusal = offerRefusal(offer, preview, offers, new Date());
    if (refusal) throw new DomainError(refusal.code, localizedMessage(refusal.code, 'en') ?? refusal.code, refusal.kind, refusal.field);
    return { record, preview, offer };
  }

  // ---------------------------------------------------------------- bulk

  /** Stock of many products: previewed (`dryRun`) or applied in one transaction, all or nothing. */
  bulkStock(rows: Array<{ code: string; stock: number }>, dryRun: boolean, operator: AuditActor, locale: Locale): Promise<BulkEditResult> {
    return this.bulk(
      rows.map((r) => ({ code: r.code, value: r.stock })),
      dryRun,
      locale,
      (r) => r.stock,
      async (m, record, value) => this.applyStock(m, record, operator, 'stock.bulk_set', { stock: value }),
    );
  }

  /** Regular prices of many products (admin): previewed or applied in one transaction, all or nothing. */
  bulkPrices(
    rows: Array<{ code: string; price_cents: number }>,
    dryRun: boolean,
    operator: AuditActor,
    locale: Locale,
  ): Promise<BulkEditResult> {
    return this.bulk(
      rows.map((r) => ({ code: r.code, value: r.price_cents })),
      dryRun,
      locale,
      (r) => r.price_cents,
      async (m, record, value) => this.applyPrice(m, record, value, operator, 'price.bulk_change'),
    );
  }

  private bulk(
    rows: Array<{ code: string; value: number }>,
    dryRun: boolean,
    locale: Locale,
    valueOf: (r: AdminProductRecord) => number | null,
    apply: (m: EntityManager, record: AdminProductRecord, value: number) => Promise<void>,
  ): Promise<BulkEditResult> {
    return this.db.transaction(async (m) => {
      const records = await this.repo.byCodes(m, [...new Set(rows.map((r) => r.code))], locale, !dryRun);
      const byCode = new Map(records.map((r) => [r.code, r]));
      const plan = planBulk(rows, new Map(records.map((r) => [r.code, { name: r.name, value: valueOf(r) }])));
      const result: BulkEditResult = {
        dry_run: dryRun,
        applied: false,
        count: plan.changes.length,
        rows: plan.changes.map((c) => ({ code: c.code, name: c.name, old: c.old, new: c.new })),
        unchanged: plan.unchanged,
        refused: plan.refused.map((r) => ({
          row: r.row,
          code: r.code,
          reason: r.reason,
          message: localizedMessage(r.reason, locale) ?? r.reason,
        })),
      };
      if (dryRun) return result;
      if (plan.refused.length) {
        throw new DomainError(
          CATALOG_ERRORS.BULK_REFUSED,
          `Nothing was changed: ${plan.refused.length} row(s) cannot be applied.`,
          'invalid',
          'rows',
          plan.refused.map((r) => ({ code: r.reason, message: localizedMessage(r.reason, 'en') ?? r.reason, field: `rows.${r.row}.code` })),
          { count: plan.refused.length },
        );
      }
      for (const change of plan.changes) await apply(m, byCode.get(change.code)!, change.new);
      return { ...result, applied: true };
    });
  }
}

function offerView(o: ProductOffer, history: readonly PricePoint[], offers: readonly ProductOffer[], now: Date): AdminOffer {
  const lowest = lowestPriorPrice(
    history,
    offers.filter((x) => x.id !== o.id),
    o.startsAt,
  );
  return {
    id: o.id,
    price_cents: o.priceCents,
    starts_at: o.startsAt.toISOString(),
    ends_at: o.endsAt.toISOString(),
    reference_date: o.referenceDate,
    state: offerState(o, now),
    lowest_30d_cents: lowest,
    discount_percent: discountPercent(lowest, o.priceCents),
  };
}
