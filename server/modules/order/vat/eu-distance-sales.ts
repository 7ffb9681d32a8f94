import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EuDistanceSalesView } from '../../../../contract/api/admin-vat.js';
import { divideHalfUp } from '../../../../contract/money.js';
import { EU_DISTANCE_SALE_COUNTRIES, EU_DISTANCE_SALES_THRESHOLD_CENTS, distanceSalesWarning } from '../../../../contract/vat.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { PaymentService } from '../../payment/index.js';

/** The shop's calendar: a year runs from 1 January 00:00 to 31 December 24:00 in Croatia. */
const SHOP_TIME_ZONE = 'Europe/Zagreb';

/** One order counted towards the year's total (what the query reads). */
interface DistanceSaleRow {
  number: string;
  total: number;
  vat_base: number;
  /** Whether a refund was recorded for it (then the card ledger says how much went back). */
  refunded_partly: boolean;
}

/**
 * The year's intra-Community distance sales of goods (docs/invoicing/vat.md, 'The EUR 10,000
 * threshold'): the net value (VAT excluded, art. 59c(1)(c) of Directive 2006/112/EC counts the total
 * value excluding VAT) of the paid orders delivered to an EU country other than Croatia, placed in
 * the calendar year in Europe/Zagreb. An order refunded whole (payment `refunded`) is not a sale; a
 * partly refunded card order counts with its net less the refunded share (refund x net / total,
 * rounded half up, from the payment ledger). Delivery is part of the consideration (art. 78(b)),
 * so the order's VAT base with delivery is what counts.
 */
@Injectable()
export class EuDistanceSales {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly payments: PaymentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The calendar year (Europe/Zagreb) a moment falls in. */
  static yearOf(at: Date): number {
    return Number(new Intl.DateTimeFormat('en', { timeZone: SHOP_TIME_ZONE, year: 'numeric' }).format(at));
  }

  /** Net cents of the year's EU distance sales, refunds deducted. */
  async totalNetCents(year: number): Promise<number> {
    if (!Number.isSafeInteger(year) || year < 1970 || year > 9999) throw new RangeError(`year ${year} is out of range`);
    const rows = (await this.db.query(
      `SELECT o.number, o.total, o.vat_base,
              EXISTS (SELECT 1 FROM shop_order_history h WHERE h.order_id = o.id AND h.action = 'refunded') AS refunded_partly
         FROM shop_order o
        WHERE o.payment_status = 'paid'
          AND o.delivery_address ->> 'country' = ANY($2::text[])
          AND o.placed_at >= make_timestamptz($1, 1, 1, 0, 0, 0, '${SHOP_TIME_ZONE}')
          AND o.placed_at < make_timestamptz($1 + 1, 1, 1, 0, 0, 0, '${SHOP_TIME_ZONE}')`,
      [year, EU_DISTANCE_SALE_COUNTRIES],
    )) as DistanceSaleRow[];
    let total = 0;
    for (const r of rows) {
      let net = r.vat_base;
      if (r.refunded_partly && r.total > 0) {
        const refunded = Math.min(await this.payments.refundedCents(r.number), r.total);
        net -= divideHalfUp(refunded * r.vat_base, r.total);
      }
      total += net;
    }
    return total;
  }

  /** The year's total against the threshold, as the operator's API and page show it. */
  async report(year: number): Promise<EuDistanceSalesView> {
    const [total, previous] = await Promise.all([this.totalNetCents(year), this.totalNetCents(year - 1)]);
    return {
      year,
      total_net_cents: total,
      previous_year_net_cents: previous,
      threshold_cents: EU_DISTANCE_SALES_THRESHOLD_CENTS,
      share: Math.round((total / EU_DISTANCE_SALES_THRESHOLD_CENTS) * 10_000) / 10_000,
      warning: distanceSalesWarning(total, previous),
      oss_enabled: this.config.vat.oss,
    };
  }
}
