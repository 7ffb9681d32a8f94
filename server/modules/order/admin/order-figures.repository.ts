import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Orders placed on one calendar day (in the zone asked for): how many, and their gross cents. */
export interface OrdersOnDay {
  /** YYYY-MM-DD */
  date: string;
  orders: number;
  revenue: number;
}

/**
 * The order figures the back office's dashboard shows (docs/admin.md 'Dashboard'), read-only. An
 * order counts when it is not cancelled and its payment has not failed or been refunded: what the
 * family will be paid for.
 */
@Injectable()
export class OrderFigures {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Counted orders per calendar day in `timeZone`, from day `from` up to (not including) day `to`
   * (YYYY-MM-DD, midnight in that zone, so a day of a clock change is still one day); days without
   * orders are left out.
   */
  async perDay(from: string, to: string, timeZone: string): Promise<OrdersOnDay[]> {
    const rows = (await this.db.query(
      `SELECT to_char(placed_at AT TIME ZONE $3, 'YYYY-MM-DD') AS date, count(*)::int AS orders, coalesce(sum(total), 0)::bigint AS revenue
         FROM shop_order
        WHERE placed_at >= ($1::date::timestamp AT TIME ZONE $3) AND placed_at < ($2::date::timestamp AT TIME ZONE $3)
          AND fulfilment_status <> 'cancelled' AND payment_status NOT IN ('failed', 'refunded')
        GROUP BY 1 ORDER BY 1`,
      [from, to, timeZone],
    )) as Array<{ date: string; orders: number; revenue: string }>;
    return rows.map((r) => ({ date: r.date, orders: Number(r.orders), revenue: Number(r.revenue) }));
  }

  /**
   * Orders waiting to ship (what `allowedActions` offers 'ship' for, contract/api/admin-orders.ts):
   * placed, and cash on delivery not refunded or failed, or a paid card order. And the card orders
   * still awaiting their payment, not cancelled.
   */
  async waiting(): Promise<{ toShip: number; cardPaymentsPending: number }> {
    const [row] = (await this.db.query(
      `SELECT
         count(*) FILTER (WHERE fulfilment_status = 'placed' AND (
           (payment_method = 'cod' AND payment_status IN ('awaiting_payment', 'paid')) OR (payment_method = 'card' AND payment_status = 'paid')
         ))::int AS to_ship,
         count(*) FILTER (WHERE payment_method = 'card' AND payment_status = 'awaiting_payment' AND fulfilment_status <> 'cancelled')::int AS card_pending
       FROM shop_order
       WHERE fulfilment_status = 'placed' OR payment_status = 'awaiting_payment'`,
    )) as Array<{ to_ship: number; card_pending: number }>;
    return { toShip: Number(row?.to_ship ?? 0), cardPaymentsPending: Number(row?.card_pending ?? 0) };
  }
}
