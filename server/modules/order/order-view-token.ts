import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { isOrderNumber } from '../../../contract/api/order.js';

/** How long a view token lets its holder read the order: 30 days. */
export const VIEW_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Tokens are short; anything longer is not one (and is not hashed). */
const MAX_TOKEN_LENGTH = 200;

/**
 * View tokens: `<order number>.<expiry, unix seconds>.<HMAC-SHA256>` where the MAC is taken with the
 * server's SECRET_KEY over the number, the expiry and the order's own `view_secret`. So a token
 * reads one order until it expires; it cannot be made without the server's key (a leaked database
 * alone does not forge one) nor moved to another order; replacing an order's view_secret revokes
 * every token of it. Checked in constant time.
 */
@Injectable()
export class OrderViewTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(order: { number: string; viewSecret: string }, now: Date = new Date(), ttlMs = VIEW_TOKEN_TTL_MS): string {
    const expires = Math.floor((now.getTime() + ttlMs) / 1000);
    return `${order.number}.${expires}.${this.mac(order.number, expires, order.viewSecret)}`;
  }

  /** Whether `token` is a genuine, unexpired token of this order. Never throws, whatever `token` is. */
  verify(token: unknown, order: { number: string; viewSecret: string }, now: Date = new Date()): boolean {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return false;
    const parts = token.split('.');
    if (parts.length !== 3) return false;
    const [number, expiresText, mac] = parts;
    if (!isOrderNumber(number) || number !== order.number || !/^[0-9]{1,12}$/.test(expiresText)) return false;
    const expires = Number(expiresText);
    const expected = Buffer.from(this.mac(number, expires, order.viewSecret));
    const given = Buffer.from(mac);
    const genuine = given.length === expected.length && timingSafeEqual(given, expected);
    return genuine && expires * 1000 > now.getTime();
  }

  private mac(number: string, expires: number, viewSecret: string): string {
    return createHmac('sha256', this.config.secretKey).update(`order-view:${number}:${expires}:${viewSecret}`).digest('base64url');
  }
}
