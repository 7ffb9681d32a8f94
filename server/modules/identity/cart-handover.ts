import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { CART_COOKIE, CartService, verifyCartCookie } from '../cart/index.js';

/**
 * Signing in merges the guest's cart (the signed `cart` cookie) into the account's cart; the
 * cookie is dropped afterwards, since the account's cart follows the user from now on.
 */
@Injectable()
export class CartHandover {
  private readonly logger = new Logger('identity');

  constructor(
    private readonly carts: CartService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handOver(req: Request, res: Response, userId: string): Promise<void> {
    const guestCartId = verifyCartCookie(this.config.secretKey, (req.cookies as Record<string, unknown> | undefined)?.[CART_COOKIE]);
    if (!guestCartId) return;
    try {
      await this.carts.mergeGuestCart(guestCartId, userId);
      res.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.http.publicUrl.startsWith('https://') });
    } catch (err) {
      // Signing in must not fail because of the cart; the guest cart stays for a later try.
      this.logger.warn({ err }, 'could not merge the guest cart');
    }
  }
}
