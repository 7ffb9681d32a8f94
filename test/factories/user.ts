import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { TokenPair, UserRole } from '../../server/modules/identity/index.js';
// eslint-disable-next-line local/import-boundaries -- the factory hashes exactly as the identity module does (not part of its public face)
import { hashPassword } from '../../server/modules/identity/password.js';
import { shopper, type Shopper } from '../support/shopper.js';

export interface UserOverrides {
  email?: string;
  /** Plain password (default 'lozinka1'); null: an account without a password (Google / magic link only). */
  password?: string | null;
  status?: 'pending' | 'active';
  role?: UserRole;
  locale?: 'hr' | 'en' | 'de' | 'sl';
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD or null. */
  birthDate?: string | null;
  username?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  zipCode?: string | null;
  country?: string | null;
  companyName?: string | null;
  vatNumber?: string | null;
  companyAddress?: string | null;
  billingSameAsDelivery?: boolean;
  billingAddress?: string | null;
  billingCity?: string | null;
  billingZipCode?: string | null;
  billingCountry?: string | null;
  /** Newsletter consent given now (default false). */
  newsletter?: boolean;
  createdAt?: Date;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

let seq = 0;

/** A unique test address: `<prefix>-<time>-<pid><seq>@example.com`. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}${seq}@example.com`.toLowerCase();
}

/**
 * Inserts an `app_user` row directly (argon2id hash as the identity module makes it), by default
 * an activated customer in Croatian. Returns its id, e-mail and plain password.
 */
export async function createUser(dataSource: DataSource, o: UserOverrides = {}): Promise<CreatedUser> {
  const id = randomUUID();
  const email = (o.email ?? uniqueEmail()).trim().toLowerCase();
  const password = o.password === undefined ? 'lozinka1' : o.password;
  const status = o.status ?? 'active';
  const now = o.createdAt ?? new Date();
  await dataSource.query(
    `INSERT INTO app_user (
       id, email, username, password_hash, status, role, locale, first_name, last_name, birth_date,
       phone, address, city, zip_code, country, company_name, vat_number, company_address,
       billing_same_as_delivery, billing_address, billing_city, billing_zip_code, billing_country,
       terms_accepted_at, terms_version, newsletter_consent_at, newsletter_consent_version,
       activated_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
             $24, '2026-01', $25, $26, $27, $24, $24)`,
    [
      id,
      email,
      o.username ?? null,
      password === null ? null : await hashPassword(password),
      status,
      o.role ?? 'customer',
      o.locale ?? 'hr',
      o.firstName ?? 'Ivana',
      o.lastName ?? 'Kovačić',
      o.birthDate ?? null,
      o.phone ?? null,
      o.address ?? null,
      o.city ?? null,
      o.zipCode ?? null,
      o.country ?? null,
      o.companyName ?? null,
      o.vatNumber ?? null,
      o.companyAddress ?? null,
      o.billingSameAsDelivery ?? true,
      o.billingAddress ?? null,
      o.billingCity ?? null,
      o.billingZipCode ?? null,
      o.billingCountry ?? null,
      now,
      o.newsletter ? now : null,
      o.newsletter ? '2026-01' : null,
      status === 'active' ? now : null,
    ],
  );
  return { id, email, password: password ?? '' };
}

/** A browser-like client (cookies, CSRF token) signed in by e-mail and password; `tokens` is the login's JSON. */
export async function signIn(shopUrl: string, email: string, password: string, language = 'en'): Promise<Shopper & { tokens: TokenPair }> {
  const s = await shopper(shopUrl, language);
  const res = await s.call('post', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`signIn(${email}) answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...s, tokens: (res.body as { data: TokenPair }).data };
}
