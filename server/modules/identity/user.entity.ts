import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { UserRole } from './identity.types.js';

export type UserStatus = 'pending' | 'active';

/** A registered user (customer, business buyer or operator). E-mail is stored lower-cased and unique. */
@Entity({ name: 'app_user' })
export class User {
  @PrimaryColumn('uuid') id: string;
  @Column('text') email: string;
  @Column('text', { nullable: true }) username: string | null;
  /** argon2id PHC string; null for an account that only signs in with Google or a magic link. */
  @Column('text', { nullable: true, select: true }) passwordHash: string | null;
  @Column('text') status: UserStatus;
  @Column('text') role: UserRole;
  @Column('text') locale: string;
  @Column('text') firstName: string;
  @Column('text') lastName: string;
  @Column('date', { nullable: true }) birthDate: string | null;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) address: string | null;
  @Column('text', { nullable: true }) city: string | null;
  @Column('text', { nullable: true }) zipCode: string | null;
  @Column('char', { length: 2, nullable: true }) country: string | null;
  @Column('text', { nullable: true }) companyName: string | null;
  @Column('text', { nullable: true }) vatNumber: string | null;
  @Column('text', { nullable: true }) companyAddress: string | null;
  @Column('boolean') billingSameAsDelivery: boolean;
  @Column('text', { nullable: true }) billingAddress: string | null;
  @Column('text', { nullable: true }) billingCity: string | null;
  @Column('text', { nullable: true }) billingZipCode: string | null;
  @Column('char', { length: 2, nullable: true }) billingCountry: string | null;
  /** Subject (`sub`) of the linked Google account. */
  @Column('text', { nullable: true }) googleSubject: string | null;
  @Column('timestamptz', { nullable: true }) termsAcceptedAt: Date | null;
  @Column('text', { nullable: true }) termsVersion: string | null;
  /** Newsletter consent: when and to which wording; null = no consent. */
  @Column('timestamptz', { nullable: true }) newsletterConsentAt: Date | null;
  @Column('text', { nullable: true }) newsletterConsentVersion: string | null;
  @Column('timestamptz', { nullable: true }) activatedAt: Date | null;
  @Column('timestamptz', { nullable: true }) passwordChangedAt: Date | null;
  /** Set while an operator has blocked the account (no sign-in, no session, no marketing). */
  @Column('timestamptz', { nullable: true }) blockedAt: Date | null;
  @Column('text', { nullable: true }) blockedReason: string | null;
  /** When the account was anonymized (GDPR art. 17): every personal field replaced, sign-in impossible. */
  @Column('timestamptz', { nullable: true }) erasedAt: Date | null;
  /** When the last session was started (null: never since this was recorded). */
  @Column('timestamptz', { nullable: true }) lastSignInAt: Date | null;
  @Column('timestamptz') createdAt: Date;
  @Column('timestamptz') updatedAt: Date;
}

export type TokenPurpose = 'activation' | 'magic_link' | 'password_reset' | 'invitation' | 'email_change';

/**
 * A single-use link token (activation, magic link, password reset, business invitation). Only the
 * SHA-256 of the token is stored; the token itself exists in the mail alone.
 */
@Entity({ name: 'user_token' })
export class UserToken {
  @PrimaryColumn('uuid') id: string;
  @Column('text') purpose: TokenPurpose;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text') tokenHash: string;
  @Column('jsonb', { default: {} }) data: Record<string, unknown>;
  @Column('timestamptz') expiresAt: Date;
  @Column('timestamptz', { nullable: true }) usedAt: Date | null;
  @Column('timestamptz') createdAt: Date;
}

/**
 * A refresh token: opaque, stored as SHA-256, rotated on every use. All tokens descending from one
 * sign-in share a family; presenting a used token revokes the whole family (theft detection).
 */
@Entity({ name: 'refresh_token' })
export class RefreshToken {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') userId: string;
  @Column('uuid') familyId: string;
  @Column('text') tokenHash: string;
  @Column('timestamptz') expiresAt: Date;
  @Column('timestamptz', { nullable: true }) usedAt: Date | null;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
  @Column('timestamptz') createdAt: Date;
}
