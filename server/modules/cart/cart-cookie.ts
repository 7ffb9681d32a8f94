import { createHmac, timingSafeEqual } from 'node:crypto';

/** Name of the guest cart cookie. */
export const CART_COOKIE = 'cart';
/** Guest carts live 30 days after the last change. */
export const CART_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, cartId: string): string {
  return createHmac('sha256', secret).update(`cart:${cartId}`).digest('base64url');
}

/** `<cart id>.<HMAC-SHA256(secret, "cart:" + id)>`: the browser holds it, cannot forge another. */
export function signCartId(secret: string, cartId: string): string {
  return `${cartId}.${mac(secret, cartId)}`;
}

/** The cart id of a genuine cookie value; undefined for anything forged, altered or malformed. */
export function verifyCartCookie(secret: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const id = value.slice(0, dot);
  if (!UUID.test(id)) return undefined;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
