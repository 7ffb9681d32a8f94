import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { OrderListResponse } from '../../../contract/api/order.js';
import { ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { OrderError } from './order.errors.js';
import { OrderReadService } from './order.service.js';
import type { OrderSummaryView } from './order.types.js';

/**
 * The signed-in user's orders (the profile's order history). The caller is `req.user`, which the
 * identity module's global IdentifyCaller guard sets from a valid access token; without one the
 * request is refused with the order module's own 401 ORDER_AUTH_REQUIRED ('sign in to see your
 * orders', in the caller's language) rather than RequireAuth's general AUTH_REQUIRED.
 */
@ApiTags('orders')
@Controller('api/orders')
export class OrderController {
  constructor(private readonly orders: OrderReadService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's orders, newest first, with their lines (money in cents)." })
  @ApiZodResponse(OrderListResponse)
  @ApiZodResponse(ErrorResponseSchema, 401, 'Not signed in (ORDER_AUTH_REQUIRED).')
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ data: OrderSummaryView[] }> {
    // private to one user: never cached, the refusal neither
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.orders.listForUser(userIdOf(req)) };
  }
}

/** The signed-in user's id, or a 401 refusal. */
function userIdOf(req: Request): string {
  const userId = (req as Request & { user?: { id?: string } }).user?.id;
  if (!userId) throw new OrderError('ORDER_AUTH_REQUIRED');
  return userId;
}
