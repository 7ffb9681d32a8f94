import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AddItemBody,
  ApplyCouponBody,
  CartLineParams,
  CartQuery,
  CartResponse,
  isProductCode,
  SetDestinationBody,
  SetQuantityBody,
} from '../../../contract/api/cart.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { currentUser } from '../../platform/auth/index.js';
import { ApiZodBody, ApiZodParams, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodBody, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale, type Locale } from '../../platform/i18n/index.js';
import { CART_COOKIE, CART_COOKIE_MAX_AGE_MS, signCartId, verifyCartCookie } from './cart-cookie.js';
import { CartError } from './cart.errors.js';
import { CartService, type CartResult } from './cart.service.js';
import type { CartOwner, CartView } from './cart.types.js';

/**
 * The shopper's cart. Guests are recognised by the signed HttpOnly `cart` cookie (a forged or
 * altered cookie counts as none: a fresh, empty cart); a signed-in user (`currentUser`, platform/auth)
 * works on the cart of the account.
 */
@ApiTags('cart')
@ApiZodQuery(CartQuery)
@Controller('api/cart')
export class CartController {
  constructor(
    private readonly carts: CartService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The current cart with totals, VAT breakdown, delivery and free-delivery progress (money in cents).' })
  @ApiZodResponse(CartResponse)
  async get(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.answer(req, res, await this.carts.get(this.owner(req), localeOf(req)));
  }

  @Post('items')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds packs of a product (quantities of the same product add up, at most 99).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(AddItemBody)
  @ApiZodResponse(CartResponse)
  async add(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(AddItemBody)) body: Parsed<typeof AddItemBody>,
  ) {
    const input = {
      productCode: body.product_code,
      quantity: body.quantity,
      ...(body.expected_unit_price !== undefined ? { expectedUnitPrice: body.expected_unit_price } : {}),
    };
    return this.answer(req, res, await this.carts.addItem(this.owner(req), input, localeOf(req)));
  }

  @Patch('items/:product_code')
  @ApiOperation({ summary: "Sets a line's quantity (1 to 99)." })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CartLineParams)
  @ApiZodBody(SetQuantityBody)
  @ApiZodResponse(CartResponse)
  async setQuantity(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Param('product_code') code: string,
    @Body(new ZodBody(SetQuantityBody)) { quantity }: Parsed<typeof SetQuantityBody>,
  ) {
    if (!isProductCode(code)) throw new CartError('CART_LINE_NOT_FOUND', { code }, 'product_code');
    return this.answer(req, res, await this.carts.setQuantity(this.owner(req), code, quantity, localeOf(req)));
  }

  @Delete('items/:product_code')
  @ApiOperation({ summary: 'Removes a line (removing an absent line is not an error).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodParams(CartLineParams)
  @ApiZodResponse(CartResponse)
  async remove(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Param('product_code') code: string) {
    return this.answer(req, res, await this.carts.removeItem(this.owner(req), code, localeOf(req)));
  }

  @Put('coupon')
  @ApiOperation({
    summary:
      'Applies a coupon code (case-insensitive); each refusal has its own code and message. Too many wrong codes per IP or cart: 429 with Retry-After.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(ApplyCouponBody)
  @ApiZodResponse(CartResponse)
  async applyCoupon(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(ApplyCouponBody)) { code }: Parsed<typeof ApplyCouponBody>,
  ) {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    return this.answer(req, res, await this.carts.applyCoupon(this.owner(req), code, localeOf(req), ip));
  }

  @Delete('coupon')
  @ApiOperation({ summary: 'Removes the coupon.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodResponse(CartResponse)
  async removeCoupon(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.answer(req, res, await this.carts.removeCoupon(this.owner(req), localeOf(req)));
  }

  @Put('destination')
  @ApiOperation({ summary: 'Sets the delivery country (Croatia or EU) and postal code; delivery is priced for it.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(SetDestinationBody)
  @ApiZodResponse(CartResponse)
  async setDestination(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(SetDestinationBody)) body: Parsed<typeof SetDestinationBody>,
  ) {
    return this.answer(req, res, await this.carts.setDestination(this.owner(req), body.country, body.postal_code, localeOf(req)));
  }

  private owner(req: Request): CartOwner {
    const userId = currentUser(req)?.id;
    if (userId) return { userId };
    return { guestCartId: verifyCartCookie(this.config.secretKey, req.cookies?.[CART_COOKIE]) };
  }

  /** Binds a guest's (new) cart to the cookie, renewing its 30 days on every change, and answers `{ data }`. */
  private answer(req: Request, res: Response, result: CartResult): { data: CartView } {
    const guest = !currentUser(req);
    if (guest && result.cartId && req.method !== 'GET') {
      res.cookie(CART_COOKIE, signCartId(this.config.secretKey, result.cartId), {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.http.publicUrl.startsWith('https://'),
        path: '/',
        maxAge: CART_COOKIE_MAX_AGE_MS,
      });
    }
    res.setHeader('Cache-Control', 'no-store');
    return { data: result.cart };
  }
}

/** The language of product names and messages: the request's (`?locale=`, the page's cookie, Accept-Language). */
function localeOf(req: Request): Locale {
  return requestLocale(req);
}
