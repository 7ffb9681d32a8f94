import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ReservedStock } from '../catalog/index.js';

/**
 * Tells the catalogue's back office how many packs of each product orders hold (catalog's
 * `ReservedStock` port): the quantities of the lines of orders still `placed` (neither shipped nor
 * cancelled). Their stock was taken at placement and comes back only if they are cancelled or expire.
 */
@Injectable()
export class ReservedStockReporter implements OnModuleInit {
  constructor(private readonly reserved: ReservedStock) {}

  onModuleInit(): void {
    this.reserved.provide((manager, codes) => reservedByCode(manager, codes));
  }
}

export async function reservedByCode(manager: EntityManager, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = (await manager.query(
    `SELECT l.product_code AS code, sum(l.quantity)::int AS reserved
       FROM shop_order_line l JOIN shop_order o ON o.id = l.order_id
      WHERE o.fulfilment_status = 'placed' AND l.product_code = ANY($1::text[])
      GROUP BY l.product_code`,
    [[...codes]],
  )) as Array<{ code: string; reserved: number }>;
  return new Map(rows.map((r) => [r.code, r.reserved]));
}
