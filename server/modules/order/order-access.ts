import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OrderNumberParams } from '../../../contract/api/order.js';
import { currentUser } from '../../platform/auth/index.js';
import type { Order } from './order.entity.js';
import { OrderError } from './order.errors.js';
import { OrderViewTokens } from './order-view-token.js';
import { OrderReadService } from './order.service.js';

/**
 * Who may see an order (docs/orders.md 'Reading an order'): its signed-in owner, or whoever holds a
 * valid view token of it (`?view_token=` given by the caller, or header `X-Order-Token`). Everyone
 * else, an unknown number and a malformed one get the same 404 ORDER_NOT_FOUND. Used by the order's
 * own routes and by the routes of what belongs to an order (its invoices).
 */
@Injectable()
export class OrderAccess {
  constructor(
    private readonly orders: OrderReadService,
    private readonly tokens: OrderViewTokens,
  ) {}

  async visibleOrder(req: Request, rawNumber: string, viewToken: unknown): Promise<Order> {
    const { number } = OrderNumberParams.parse({ number: rawNumber });
    const order = number === null ? null : await this.orders.findByNumber(number);
    const userId = currentUser(req)?.id || undefined;
    const token = viewToken ?? req.headers['x-order-token'];
    const allowed = !!order && ((!!userId && order.userId === userId) || this.tokens.verify(token, order));
    if (!order || !allowed) throw new OrderError('ORDER_NOT_FOUND');
    return order;
  }
}
