import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The newsletter's link tokens. Both are 32 bytes of HMAC-SHA-256 under the server secret
 * (base64url, 43 characters), and the database keeps only their SHA-256:
 * - the confirmation token is derived from the id of the event that asked for the mail, so a
 *   retried mail job sends the same, valid link;
 * - the unsubscribe token is derived from the subscription's id and its nonce, so every later
 *   mail (welcome, campaigns) can carry it again without the token being stored; a new nonce (a new
 *   subscription after an unsubscribe) voids the older links.
 */
export class NewsletterTokens {
  constructor(private readonly secret: string) {}

  confirmation(eventId: string): string {
    return this.mac(`newsletter-confirm|${eventId}`);
  }

  unsubscribe(subscriptionId: string, nonce: string): string {
    return this.mac(`newsletter-unsubscribe|${subscriptionId}|${nonce}`);
  }

  private mac(input: string): string {
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue are base64url of 32 bytes; anything else is refused before touching the database. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
