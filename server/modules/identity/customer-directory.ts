import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail, type AuditActor } from '../../platform/audit/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import type { Locale } from '../../platform/i18n/index.js';
import { BusinessBuyerInvited } from './events/identity.events.js';
import { CustomerDirectoryRepository, type InvitationRow } from './customer-directory.repository.js';
import type { User } from './user.entity.js';
import { UserRepository } from './user.repository.js';

/** What the back office's customer search asks (docs/admin.md 'Customers'). */
export interface CustomerSearch {
  /** part of a name, e-mail, company name or OIB/VAT number; case-insensitive */
  q?: string;
  /** a ready-made view: business buyers, blocked accounts, newsletter consent given in the profile */
  view?: 'business' | 'blocked' | 'newsletter';
  page: number;
  pageSize: number;
}

/** A pending business invitation: the newest unused, unexpired link of an address without an account. */
export interface PendingInvitation {
  id: string;
  email: string;
  companyName: string;
  vatNumber: string | null;
  locale: string;
  invitedAt: Date;
  expiresAt: Date;
}

/** What stands for an erased person's e-mail: unique per account, never deliverable (RFC 2606 `.invalid`). */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/** The text that replaces a person's name in their erased account (as platform/audit's ERASED). */
const ERASED_NAME = '[erased]';

/**
 * The identity module's side of the back office's customers (docs/admin.md 'Customers'): the
 * search, the account, blocking (no sign-in, every session revoked at once), unblocking, the
 * anonymization of an erased account (GDPR art. 17), and the pending business invitations. The
 * methods taking a manager run in the caller's transaction (the back office's customer service,
 * which writes the audit entry and asks the other modules in the same transaction).
 */
@Injectable()
export class CustomerDirectory {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UserRepository,
    private readonly customers: CustomerDirectoryRepository,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  /** One page of accounts, newest first, and how many match. */
  search(s: CustomerSearch): Promise<{ rows: User[]; total: number }> {
    return this.customers.search(s);
  }

  /** The account, or null (`lock`: row-locked until the caller's transaction ends). */
  account(id: string, m: EntityManager = this.db.manager, lock = false): Promise<User | null> {
    return this.users.byId(m, id, { lock });
  }

  /** Blocks the account: no sign-in from now on, every session and refresh token revoked, every open mailed link voided. */
  async block(m: EntityManager, id: string, reason: string, at: Date): Promise<void> {
    await this.users.update(m, id, { blockedAt: at, blockedReason: reason }, at);
    await this.customers.revokeSessionsAndLinks(m, id, at);
  }

  /** Lifts a block: the account may sign in again (its old sessions stay ended). */
  async unblock(m: EntityManager, id: string, at: Date): Promise<void> {
    await this.users.update(m, id, { blockedAt: null, blockedReason: null }, at);
  }

  /**
   * Anonymizes the account (GDPR art. 17): name, e-mail, username, phone, birthday, addresses,
   * company data, Google link, password and consents replaced or removed; every session and mailed
   * link deleted. The row stays (id, role, language, created, the terms version accepted) so that
   * orders and invoices keep a buyer reference; it can never sign in again (no password, no Google
   * link, an undeliverable address, `erased_at` refused by every sign-in path).
   */
  async erase(m: EntityManager, id: string, at: Date): Promise<void> {
    await this.users.update(
      m,
      id,
      {
        email: erasedEmail(id),
        username: null,
        passwordHash: null,
        firstName: ERASED_NAME,
        lastName: '',
        birthDate: null,
        phone: null,
        address: null,
        city: null,
        zipCode: null,
        country: null,
        companyName: null,
        vatNumber: null,
        companyAddress: null,
        billingSameAsDelivery: true,
        billingAddress: null,
        billingCity: null,
        billingZipCode: null,
        billingCountry: null,
        googleSubject: null,
        newsletterConsentAt: null,
        newsletterConsentVersion: null,
        blockedAt: null,
        blockedReason: null,
        erasedAt: at,
      },
      at,
    );
    await this.customers.deleteSessionsLinksAndBenefits(m, id);
  }

  /** Everything the identity module holds about the account, for the export (GDPR art. 15 and 20). */
  async exportOf(id: string): Promise<Record<string, unknown> | null> {
    const user = await this.users.byId(this.db.manager, id);
    if (!user) return null;
    const { sessions, links, benefits } = await this.customers.exportRows(id);
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      birth_date: user.birthDate,
      phone: user.phone,
      role: user.role,
      status: user.status,
      language: user.locale,
      delivery_address: { street: user.address, city: user.city, postal_code: user.zipCode, country: user.country },
      billing_same_as_delivery: user.billingSameAsDelivery,
      billing_address: {
        street: user.billingAddress,
        city: user.billingCity,
        postal_code: user.billingZipCode,
        country: user.billingCountry,
      },
      company: { name: user.companyName, vat_number: user.vatNumber, address: user.companyAddress },
      google_linked: user.googleSubject !== null,
      has_password: user.passwordHash !== null,
      terms: { version: user.termsVersion, accepted_at: iso(user.termsAcceptedAt) },
      newsletter_consent: { given_at: iso(user.newsletterConsentAt), version: user.newsletterConsentVersion },
      created_at: iso(user.createdAt),
      activated_at: iso(user.activatedAt),
      password_changed_at: iso(user.passwordChangedAt),
      last_sign_in_at: iso(user.lastSignInAt),
      blocked: user.blockedAt ? { at: iso(user.blockedAt), reason: user.blockedReason } : null,
      sessions: sessions.map((s) => ({
        started_at: iso(s.created_at),
        expires_at: iso(s.expires_at),
        renewed_at: iso(s.used_at),
        ended_at: iso(s.revoked_at),
      })),
      mailed_links: links.map((l) => ({
        purpose: l.purpose,
        created_at: iso(l.created_at as Date),
        expires_at: iso(l.expires_at as Date),
        used_at: iso(l.used_at as Date | null),
      })),
      birthday_benefit_years: benefits.map((b) => b.year),
    };
  }

  // ---------------------------------------------------------------- business invitations

  /** The pending invitations, newest first: one per address (its newest link), none for an address that has an account. */
  async pendingInvitations(limit = 200): Promise<PendingInvitation[]> {
    const rows = await this.customers.pendingInvitations(limit);
    return rows.map(toInvitation);
  }

  /** A pending invitation by its link's id, or null. */
  async pendingInvitation(id: string, m: EntityManager = this.db.manager): Promise<PendingInvitation | null> {
    const row = await this.customers.pendingInvitation(m, id);
    return row ? toInvitation(row) : null;
  }

  /**
   * Sends the invitation again: its open links are voided and a new one (7 days) is mailed with the
   * same company data. False when the invitation is not pending (used, revoked, expired, or the
   * address has an account by now).
   */
  async resendInvitation(id: string, actor: AuditActor & { id: string }): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const inv = await this.pendingInvitation(id, m);
      if (!inv) return false;
      const d = (await this.customers.tokenData(m, id))!;
      await this.customers.voidInvitations(m, inv.email);
      await this.events.publish(
        m,
        new BusinessBuyerInvited({
          email: inv.email,
          companyName: inv.companyName,
          vatNumber: inv.vatNumber,
          companyAddress: typeof d.companyAddress === 'string' ? d.companyAddress : null,
          firstName: typeof d.firstName === 'string' ? d.firstName : null,
          lastName: typeof d.lastName === 'string' ? d.lastName : null,
          locale: inv.locale as Locale,
          invitedBy: actor.id,
        }),
      );
      await this.audit.record(m, {
        actor,
        action: 'invitation.resend',
        entityType: 'invitation',
        entityId: inv.email,
        after: { email: inv.email, company_name: inv.companyName, vat_number: inv.vatNumber, locale: inv.locale },
      });
      return true;
    });
  }

  /** Withdraws the invitation: every open link of its address stops working. False when it is not pending. */
  async revokeInvitation(id: string, actor: AuditActor): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const inv = await this.pendingInvitation(id, m);
      if (!inv) return false;
      await this.customers.voidInvitations(m, inv.email);
      await this.audit.record(m, {
        actor,
        action: 'invitation.revoke',
        entityType: 'invitation',
        entityId: inv.email,
        before: { email: inv.email, company_name: inv.companyName, vat_number: inv.vatNumber, locale: inv.locale },
      });
      return true;
    });
  }
}

function toInvitation(row: InvitationRow): PendingInvitation {
  const d = row.data;
  return {
    id: row.id,
    email: String(d.email ?? ''),
    companyName: String(d.companyName ?? ''),
    vatNumber: typeof d.vatNumber === 'string' ? d.vatNumber : null,
    locale: typeof d.locale === 'string' ? d.locale : 'hr',
    invitedAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

function iso(d: Date | null | undefined): string | null {
  return d ? new Date(d).toISOString() : null;
}
