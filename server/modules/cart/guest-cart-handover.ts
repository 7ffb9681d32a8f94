import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { SignInHandovers, type SignInHandover } from '../identity/index.js';
import { CART_COOKIE, verifyCartCookie } from './cart-cookie.js';
import { CartService } from './cart.service.js';

/**
 * Signing in merges the guest's cart (the signed `cart` cookie) into the account's cart; the
 * cookie is dropped afterwards, since the account's cart follows the user from now on. The cart's
 * side of the identity module's SignInHandover port (registered when the module starts).
 */
@Injectable()
export class GuestCartHandover implements SignInHandover, OnModuleInit {
  private readonly logger = new Logger('cart');

  constructor(
    private readonly carts: CartService,
    private readonly handovers: SignInHandovers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.handovers.register(this);
  }

  async handOver(req: Request, res: Response, userId: string): Promise<void> {
    const guestCartId = verifyCartCookie(this.config.secretKey, (req.cookies as Record<string, unknown> | undefined)?.[CART_COOKIE]);
    if (!guestCartId) return;
    try {
      await this.carts.mergeGuestCart(guestCartId, userId);
      res.clearCookie(CART_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.http.publicUrl.startsWith('https://'),
      });
    } catch (err) {
      // Signing in must not fail because of the cart; the guest cart stays for a later try.
      this.logger.warn({ err }, 'could not merge the guest cart');
    }
  }
}
