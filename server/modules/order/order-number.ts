import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Order numbers count per calendar year in the shop's time zone. */
export const ORDER_NUMBER_TIME_ZONE = 'Europe/Zagreb';

const yearFormat = new Intl.DateTimeFormat('en-US', { timeZone: ORDER_NUMBER_TIME_ZONE, year: 'numeric' });

/** The calendar year of `now` in Europe/Zagreb (New Year's Eve 23:30 UTC is already next year there). */
export function orderYear(now: Date): number {
  if (Number.isNaN(now.getTime())) throw new RangeError('orderYear: invalid date');
  return Number(yearFormat.format(now));
}

/** `ZZ-<year>-<sequence, at least 6 digits>`, e.g. ZZ-2026-000123. */
export function formatOrderNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new RangeError(`order number sequence must be a positive integer, not ${sequence}`);
  return `ZZ-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Gapless order numbers: one counter row per year (`order_number_counter`), incremented inside the
 * placing transaction. The upsert locks the year's row until that transaction ends, so concurrent
 * placements queue for it and get consecutive numbers; a placement that rolls back undoes its
 * increment, and the next one gets the same number again.
 */
@Injectable()
export class OrderNumberService {
  /**
   * The next number of `now`'s year (Europe/Zagreb). `manager` must be the placing transaction's
   * (outside a transaction a failed placement would leave a gap, so that is refused).
   */
  async nextOrderNumber(manager: EntityManager, now: Date = new Date()): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('nextOrderNumber needs the placing transaction (manager of dataSource.transaction)');
    const year = orderYear(now);
    const rows = (await manager.query(
      `INSERT INTO order_number_counter (year, last_value) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last_value = order_number_counter.last_value + 1
       RETURNING last_value`,
      [year],
    )) as Array<{ last_value: number }>;
    return formatOrderNumber(year, rows[0].last_value);
  }
}
