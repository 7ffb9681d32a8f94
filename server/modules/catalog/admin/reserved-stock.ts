import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Packs per product code taken by orders that are not shipped yet (placed, not cancelled): the
 * catalogue took them out of `product.stock` when the order was placed (reserveStock) and gives them
 * back if the order is cancelled or expires, so they are still on the shelf but no longer for sale.
 * Codes without such orders are absent.
 */
export type ReservedStockReader = (manager: EntityManager, codes: readonly string[]) => Promise<Map<string, number>>;

/**
 * The catalogue's port to the orders for 'reserved stock' (the back office shows it beside the
 * stock). The catalogue knows no order: the order module, which already depends on the catalogue,
 * hands its reader in at start (order.module.ts, `ReservedStockReporter`), as a platform piece
 * hands subscribers to the event registry. Without one the back office cannot tell, and says so.
 */
@Injectable()
export class ReservedStock {
  private reader: ReservedStockReader | undefined;

  provide(reader: ReservedStockReader): void {
    this.reader = reader;
  }

  async of(manager: EntityManager, codes: readonly string[]): Promise<Map<string, number>> {
    if (!this.reader) throw new Error('reserved stock: no reader was provided (the order module provides it at start)');
    if (!codes.length) return new Map();
    return this.reader(manager, codes);
  }
}
