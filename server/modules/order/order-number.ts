import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrderRepository } from './order.repository.js';

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
  constructor(private readonly orders: OrderRepository) {}

  /**
   * The next number of `now`'s year (Europe/Zagreb). `manager` must be the placing transaction's
   * (outside a transaction a failed placement would leave a gap, so that is refused).
   */
  async nextOrderNumber(manager: EntityManager, now: Date = new Date()): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('nextOrderNumber needs the placing transaction (manager of dataSource.transaction)');
    const year = orderYear(now);
    return formatOrderNumber(year, await this.orders.incrementNumberCounter(manager, year));
  }

  /**
   * Numbers an order written with a provisional number (OrderWriter.insertUnnumbered): the year's
   * counter incremented and the order's number set in ONE statement, so a placement that numbers its
   * order last, just before COMMIT, holds the counter's row lock for one round trip and the commit.
   * Same rules as nextOrderNumber: inside the placing transaction only, gapless, rolled back with it.
   */
  async numberOrder(manager: EntityManager, orderId: string, now: Date = new Date()): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('numberOrder needs the placing transaction (manager of dataSource.transaction)');
    const year = orderYear(now);
    const row = await this.orders.numberFromCounter(manager, year, orderId);
    if (!row) throw new Error(`numberOrder: no order ${orderId} in this transaction`);
    // the SQL and formatOrderNumber must agree; a mismatch is a bug worth a rollback
    const expected = formatOrderNumber(year, Number(row.last_value));
    if (row.number !== expected) throw new Error(`numberOrder: the database wrote ${row.number}, expected ${expected}`);
    return row.number;
  }
}

/**
 * A placeholder number for an order written before its number is taken: it passes the column's
 * CHECK (^ZZ-[0-9]{4}-[0-9]{6,}$) and unique index, uses the year 0000 no real order has, and lives
 * only inside the placing transaction (numberOrder replaces it before COMMIT; a rollback removes it).
 */
export function provisionalOrderNumber(): string {
  return `ZZ-0000-${randomBytes(8).readBigUInt64BE().toString().padStart(20, '0')}`;
}
