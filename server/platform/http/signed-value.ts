import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Values the browser keeps but cannot forge (cookies): `<value>.<HMAC-SHA256(secret, purpose:value)>`.
 * The purpose keeps a value signed for one use (the cart id) from being accepted for another.
 * Values must not contain '.' after their last character that matters: the signature follows the
 * LAST dot.
 */
export function signValue(secret: string, purpose: string, value: string): string {
  return `${value}.${mac(secret, purpose, value)}`;
}

/** The value of a genuine signed string, else undefined (forged, altered, other purpose, malformed). */
export function unsignValue(secret: string, purpose: string, signed: unknown, maxLength = 4000): string | undefined {
  if (typeof signed !== 'string' || signed.length > maxLength) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

function mac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}
