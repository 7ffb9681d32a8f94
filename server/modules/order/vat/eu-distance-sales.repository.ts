import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The shop's calendar: a year runs from 1 January 00:00 to 31 December 24:00 in Croatia. */
export const SHOP_TIME_ZONE = 'Europe/Zagreb';

/** One order counted towards a year's EU distance sales. */
export interface DistanceSaleRow {
  number: string;
  /** Gross cents. */
  total: number;
  /** Net cents (delivery included). */
  vat_base: number;
  /** Whether a refund was recorded for it (then the card ledger says how much went back). */
  refunded_partly: boolean;
}

/** The order rows the year's EU distance sales are summed from (docs/invoicing/vat.md). */
@Injectable()
export class EuDistanceSalesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The paid orders delivered to one of `countries`, placed in calendar year `year` in Europe/Zagreb,
   * with whether a refund was recorded for them.
   */
  async paidOrders(year: number, countries: readonly string[]): Promise<DistanceSaleRow[]> {
    return (await this.db.query(
      `SELECT o.number, o.total, o.vat_base,
              EXISTS (SELECT 1 FROM shop_order_history h WHERE h.order_id = o.id AND h.action = 'refunded') AS refunded_partly
         FROM shop_order o
        WHERE o.payment_status = 'paid'
          AND o.delivery_address ->> 'country' = ANY($2::text[])
          AND o.placed_at >= make_timestamptz($1, 1, 1, 0, 0, 0, '${SHOP_TIME_ZONE}')
          AND o.placed_at < make_timestamptz($1 + 1, 1, 1, 0, 0, 0, '${SHOP_TIME_ZONE}')`,
      [year, countries],
    )) as DistanceSaleRow[];
  }
}
