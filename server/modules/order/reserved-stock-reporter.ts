import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ReservedStock } from '../catalog/index.js';
import { OrderRepository } from './order.repository.js';

/**
 * Tells the catalogue's back office how many packs of each product orders hold (catalog's
 * `ReservedStock` port): the quantities of the lines of orders still `placed` (neither shipped nor
 * cancelled), `OrderRepository.reservedByCode`.
 */
@Injectable()
export class ReservedStockReporter implements OnModuleInit {
  constructor(
    private readonly reserved: ReservedStock,
    private readonly orders: OrderRepository,
  ) {}

  onModuleInit(): void {
    this.reserved.provide((manager, codes) => this.orders.reservedByCode(manager, codes));
  }
}
