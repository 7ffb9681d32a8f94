import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token a domain event stands for, derived with the server secret from the event id: a mail
 * job that runs twice (at-least-once delivery) sends the same link, and the token itself is never
 * stored anywhere (only its hash).
 */
export function tokenForEvent(secret: string, purpose: string, eventId: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${eventId}`).digest('base64url');
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue are base64url of 32 bytes; anything else is refused before touching the database. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
