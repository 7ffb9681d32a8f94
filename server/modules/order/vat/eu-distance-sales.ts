import { Inject, Injectable } from '@nestjs/common';
import type { EuDistanceSalesView } from '../../../../contract/api/admin-vat.js';
import { divideHalfUp } from '../../../../contract/money.js';
import { EU_DISTANCE_SALE_COUNTRIES, EU_DISTANCE_SALES_THRESHOLD_CENTS, distanceSalesWarning } from '../../../../contract/vat.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { PaymentService } from '../../payment/index.js';
import { EuDistanceSalesRepository, SHOP_TIME_ZONE } from './eu-distance-sales.repository.js';

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
    private readonly rows: EuDistanceSalesRepository,
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
    const rows = await this.rows.paidOrders(year, EU_DISTANCE_SALE_COUNTRIES);
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
