import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The digests of Monri WebPay's form protocol, all hex SHA-512 over the merchant key followed by
 * the signed text (plain concatenation, no separators, UTF-8). Pure functions: the adapter and the
 * sandbox emulator both use them, and the unit tests pin them to vectors computed independently.
 */

export function sha512Hex(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

/** The form's `digest`: SHA-512(key + order_number + amount + currency), amount in integer cents. */
export function formDigest(key: string, orderNumber: string, amountCents: number | string, currency: string): string {
  return sha512Hex(`${key}${orderNumber}${amountCents}${currency}`);
}

/** The callback's signature: SHA-512(key + raw body), sent as `Authorization: WP3-callback <digest>`. */
export function callbackDigest(key: string, rawBody: string | Buffer): string {
  return createHash('sha512')
    .update(key, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

export const CALLBACK_AUTH_SCHEME = 'WP3-callback';

/**
 * The transaction-management API (order status, refund; docs/payments.md) signs with SHA-1, not
 * SHA-512: the order status `digest` is SHA-1(key + order_number), a refund's SHA-1(key + order_number
 * + amount + currency), hex.
 */
export function sha1Hex(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** `POST /orders/show`: SHA-1(key + order_number). */
export function orderStatusDigest(key: string, orderNumber: string): string {
  return sha1Hex(`${key}${orderNumber}`);
}

/**
 * `POST /transactions/{order_number}/capture.xml`, `void.xml` and `refund.xml`: SHA-1(key +
 * order_number + amount + currency), amount in integer cents (Monri's plugins compute it so for all three).
 */
export function transactionDigest(key: string, orderNumber: string, amountCents: number | string, currency: string): string {
  return sha1Hex(`${key}${orderNumber}${amountCents}${currency}`);
}

/** The refund's digest (the same as every transaction-management call's). */
export const refundDigest = transactionDigest;

/** Constant-time comparison of two SHA-1 hex digests (case-insensitive); false for anything that is not 40 hex digits. */
export function sha1DigestsEqual(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{40}$/.test(given) || !/^[0-9a-fA-F]{40}$/.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'ascii'), Buffer.from(given.toLowerCase(), 'ascii'));
}

/**
 * Splits a return URL (success or cancel) into the text that is signed and the `digest` it carries.
 * The signed text is the full URL with the `digest` parameter removed exactly as sent (no
 * re-encoding of the other parameters, which keep their order). Undefined when the URL carries no
 * digest, or more than one.
 */
export function splitReturnDigest(fullUrl: string): { signed: string; digest: string } | undefined {
  const hashAt = fullUrl.indexOf('#');
  const withoutFragment = hashAt >= 0 ? fullUrl.slice(0, hashAt) : fullUrl;
  const queryAt = withoutFragment.indexOf('?');
  if (queryAt < 0) return undefined;
  const base = withoutFragment.slice(0, queryAt);
  // Monri appends `?<its parameters>` even to a URL that has a query of its own (a second '?'): the
  // digest is always the last '&'-separated parameter of the whole text after the first '?'.
  const parts = withoutFragment.slice(queryAt + 1).split('&');
  const digests = parts.filter((p) => p.startsWith('digest='));
  if (digests.length !== 1) return undefined;
  const rest = parts.filter((p) => !p.startsWith('digest='));
  return { signed: rest.length ? `${base}?${rest.join('&')}` : base, digest: digests[0]!.slice('digest='.length) };
}

/**
 * What Monri does to the success or cancel URL: appends `?` and its parameters (a second `?` when
 * the URL has a query already, as Monri's plugins expect), then `&digest=` SHA-512(key + the URL as
 * it stands) as the last parameter.
 */
export function signReturnUrl(key: string, url: string, params?: URLSearchParams): string {
  const withParams = params && [...params.keys()].length ? `${url}?${params.toString()}` : url;
  return `${withParams}${withParams.includes('?') ? '&' : '?'}digest=${sha512Hex(`${key}${withParams}`)}`;
}

/**
 * The parameters of a return URL as Monri built it: everything after the first `?`, where a second
 * `?` (Monri's own, after a query the URL had) separates parameters like `&`.
 */
export function returnParameters(url: string): URLSearchParams {
  const hashAt = url.indexOf('#');
  const withoutFragment = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutFragment.indexOf('?');
  return new URLSearchParams(queryAt < 0 ? '' : withoutFragment.slice(queryAt + 1).replace(/\?/g, '&'));
}

/** Constant-time comparison of two hex digests (case-insensitive); false for anything that is not 128 hex digits. */
export function digestsEqual(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{128}$/.test(given) || !/^[0-9a-fA-F]{128}$/.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'ascii'), Buffer.from(given.toLowerCase(), 'ascii'));
}
