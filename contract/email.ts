import { EMAIL_MAX_LENGTH } from './limits.js';

/** Pragmatic e-mail check (RFC 5321 lengths, one @, a dot in the domain, no spaces). */
const EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+\.[^\s@"<>()[\],;:]{2,}$/;

/**
 * The address trimmed and lower-cased when it is one the shop accepts, else null. The API's e-mail fields
 * (api/fields.ts) and the forms that must not load zod (the newsletter form in every page's footer) share it.
 */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) ? email : null;
}
