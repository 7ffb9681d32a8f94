import { signValue, unsignValue } from '../../platform/http/signed-value.js';
import { COOKIE_NAMES } from '../../../contract/cookies.js';

/** Name of the guest cart cookie. */
export const CART_COOKIE = COOKIE_NAMES.cart;
/** Guest carts live 30 days after the last change. */
export const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<cart id>.<HMAC-SHA256(secret, "cart:" + id)>`: the browser holds it, cannot forge another. */
export function signCartId(secret: string, cartId: string): string {
  return signValue(secret, 'cart', cartId);
}

/** The cart id of a genuine cookie value; undefined for anything forged, altered or malformed. */
export function verifyCartCookie(secret: string, value: unknown): string | undefined {
  const id = unsignValue(secret, 'cart', value, 200);
  return id && UUID.test(id) ? id : undefined;
}
