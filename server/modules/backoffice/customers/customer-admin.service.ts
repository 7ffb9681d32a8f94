import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  CUSTOMER_EXPORT_FORMAT,
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminCustomerListQuery,
  type AdminCustomerRow,
  type AdminInvitationList,
  type CustomerExport,
} from '../../../../contract/api/admin-customers.js';
import { company } from '../../../../contract/brand/company.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../platform/audit/index.js';
import type { DataSubject } from '../../../platform/privacy/index.js';
import { ContactPersonalData } from '../../contact/index.js';
import { CustomerDirectory, type UserAccount } from '../../identity/index.js';
import { InvoiceRepository } from '../../invoicing/index.js';
import { NewsletterPersonalData } from '../../newsletter/index.js';
import { CustomerOrders } from '../../order/index.js';
import { CustomerError } from './customers.errors.js';

/**
 * What the audit log keeps of a customer's block, unblock, export and erasure ('customer' entries,
 * the entity id is the account's id). No name, e-mail or address: an erased person must not stay in
 * the entries written about the erasure itself.
 */
registerAuditFields('customer', ['blocked', 'reason', 'newsletter_paused', 'newsletter_resumed', 'erased', 'kept', 'removed', 'exported']);

/** The operator acting: their id and how the audit log names them. */
export type Operator = AuditActor & { id: string };

/**
 * The back office's customers (docs/admin.md 'Customers'): each part asked of the module that owns
 * it through its index (identity: the account and invitations; order: the orders; invoicing: invoice
 * references; newsletter: the subscription; contact: the messages; platform/audit: the entries), and
 * every change written to the audit log in the change's own transaction. Block, unblock and erasure
 * run in one transaction across the modules, so they happen whole or not at all.
 */
@Injectable()
export class CustomerAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly directory: CustomerDirectory,
    private readonly orders: CustomerOrders,
    private readonly invoices: InvoiceRepository,
    private readonly newsletter: NewsletterPersonalData,
    private readonly contact: ContactPersonalData,
    private readonly audit: AuditTrail,
  ) {}

  async list(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
    const page = query.page ?? 1;
    const { rows, total } = await this.directory.search({ q: query.q, view: query.view, page, pageSize: ADMIN_CUSTOMERS_PAGE_SIZE });
    return { customers: rows.map(toRow), page, page_size: ADMIN_CUSTOMERS_PAGE_SIZE, total };
  }

  async detail(id: string, operatorId: string): Promise<AdminCustomerDetail> {
    const user = await this.directory.account(id);
    if (!user) throw new CustomerError('CUSTOMER_NOT_FOUND');
    const subject = subjectOf(user);
    const [orders, open, newsletter] = await Promise.all([
      this.orders.list(subject),
      this.orders.openOrders(subject),
      user.erasedAt ? Promise.resolve(null) : this.newsletter.subscriptionOf(user.email),
    ]);
    return {
      ...toRow(user),
      phone: user.phone,
      birth_date: user.birthDate,
      language: user.locale,
      username: user.username,
      delivery_address: { street: user.address, postal_code: user.zipCode, city: user.city, country: user.country },
      billing_same_as_delivery: user.billingSameAsDelivery,
      billing_address: {
        street: user.billingAddress,
        postal_code: user.billingZipCode,
        city: user.billingCity,
        country: user.billingCountry,
      },
      company_address: user.companyAddress,
      google_linked: user.googleSubject !== null,
      activated_at: iso(user.activatedAt),
      blocked_at: iso(user.blockedAt),
      blocked_reason: user.blockedReason,
      erased_at: iso(user.erasedAt),
      consents: {
        terms_version: user.termsVersion,
        terms_accepted_at: iso(user.termsAcceptedAt),
        newsletter_consent_at: iso(user.newsletterConsentAt),
        newsletter_consent_version: user.newsletterConsentVersion,
        newsletter: newsletter && {
          status: newsletter.status as 'pending' | 'confirmed' | 'unsubscribed',
          language: newsletter.language,
          source: newsletter.source,
          consent_at: newsletter.consent_at,
          consent_text: newsletter.consent_text,
          consent_version: newsletter.consent_version,
          confirmed_at: newsletter.confirmed_at,
          unsubscribed_at: newsletter.unsubscribed_at,
          suspended_at: newsletter.suspended_at,
        },
      },
      orders: orders.rows,
      orders_total: orders.total,
      open_orders: open,
      erase_refusal: user.erasedAt
        ? 'CUSTOMER_ALREADY_ERASED'
        : user.id === operatorId
          ? 'CUSTOMER_ERASE_SELF'
          : open.length
            ? 'CUSTOMER_ERASE_OPEN_ORDERS'
            : null,
    };
  }

  /**
   * Blocks the account (docs/admin.md 'Customers'): it cannot sign in, every session and refresh token
   * is revoked at once, its confirmed newsletter subscription is paused (no marketing).
   */
  async block(id: string, reason: string, operator: Operator): Promise<AdminCustomerDetail> {
    await this.db.transaction(async (m) => {
      const user = await this.directory.account(id, m, true);
      if (!user) throw new CustomerError('CUSTOMER_NOT_FOUND');
      if (user.erasedAt) throw new CustomerError('CUSTOMER_ALREADY_ERASED');
      if (user.id === operator.id) throw new CustomerError('CUSTOMER_BLOCK_SELF');
      if (user.blockedAt) throw new CustomerError('CUSTOMER_ALREADY_BLOCKED');
      const now = new Date();
      await this.directory.block(m, id, reason, now);
      const paused = await this.newsletter.suspend(m, user.email, now);
      await this.audit.record(m, {
        actor: operator,
        action: 'customer.block',
        entityType: 'customer',
        entityId: id,
        before: { blocked: false },
        after: { blocked: true, reason, newsletter_paused: paused },
      });
    });
    return this.detail(id, operator.id);
  }

  /** Lifts the block: sign-in works again, a subscription paused by the block is confirmed again. */
  async unblock(id: string, reason: string, operator: Operator): Promise<AdminCustomerDetail> {
    await this.db.transaction(async (m) => {
      const user = await this.directory.account(id, m, true);
      if (!user) throw new CustomerError('CUSTOMER_NOT_FOUND');
      if (user.erasedAt) throw new CustomerError('CUSTOMER_ALREADY_ERASED');
      if (!user.blockedAt) throw new CustomerError('CUSTOMER_NOT_BLOCKED');
      const now = new Date();
      await this.directory.unblock(m, id, now);
      const resumed = await this.newsletter.resume(m, user.email, now);
      await this.audit.record(m, {
        actor: operator,
        action: 'customer.unblock',
        entityType: 'customer',
        entityId: id,
        before: { blocked: true, reason: user.blockedReason },
        after: { blocked: false, reason, newsletter_resumed: resumed },
      });
    });
    return this.detail(id, operator.id);
  }

  /**
   * Everything the shop holds about the person (GDPR art. 15 and 20), one part per module. Handing
   * out personal data is itself written to the audit log ('customer.export').
   */
  async export(id: string, operator: Operator): Promise<CustomerExport> {
    const user = await this.directory.account(id);
    if (!user) throw new CustomerError('CUSTOMER_NOT_FOUND');
    const subject = subjectOf(user);
    const [account, orders, newsletter, messages, entries] = await Promise.all([
      this.directory.exportOf(id),
      this.orders.exportOf(subject),
      this.newsletter.exportOf(subject),
      this.contact.exportOf(subject),
      this.audit.aboutPerson(id, user.email),
    ]);
    const invoices = await this.invoices.refsOfOrders(orders.map((o) => o.number));
    await this.db.transaction(async (m) => {
      await this.audit.record(m, {
        actor: operator,
        action: 'customer.export',
        entityType: 'customer',
        entityId: id,
        after: { exported: true },
      });
    });
    return {
      format: CUSTOMER_EXPORT_FORMAT,
      generated_at: new Date().toISOString(),
      controller: { name: company.legalName, oib: company.oib, email: company.email },
      subject: { id: user.id, email: user.email },
      account: account ?? {},
      orders: orders as unknown as Array<Record<string, unknown>>,
      invoices,
      newsletter: newsletter as unknown as Record<string, unknown> | null,
      contact_messages: messages as unknown as Array<Record<string, unknown>>,
      audit_entries: entries,
    };
  }

  /**
   * Erases the account (GDPR art. 17; docs/admin.md 'Erasure'), in one transaction: refused for the
   * operator's own account, an erased one, and while an order is open; the confirmation must be the
   * account's e-mail. The account is anonymized, its newsletter subscription and contact messages
   * deleted, its orders kept without e-mail and phone, its invoices untouched, and the person
   * scrubbed from old audit rows (`scrubPerson`).
   */
  async erase(id: string, confirmEmail: string, operator: Operator): Promise<AdminCustomerDetail> {
    await this.db.transaction(async (m) => {
      const user = await this.directory.account(id, m, true);
      if (!user) throw new CustomerError('CUSTOMER_NOT_FOUND');
      if (user.erasedAt) throw new CustomerError('CUSTOMER_ALREADY_ERASED');
      if (user.id === operator.id) throw new CustomerError('CUSTOMER_ERASE_SELF');
      if (confirmEmail !== user.email.toLowerCase()) throw new CustomerError('CUSTOMER_ERASE_CONFIRMATION', {}, 'confirm_email');
      const subject = subjectOf(user);
      const open = await this.orders.openOrders(subject, m);
      if (open.length) throw new CustomerError('CUSTOMER_ERASE_OPEN_ORDERS', { orders: open.join(', ') });
      const now = new Date();
      const removed = {
        ...(await this.newsletter.erase(m, subject)),
        ...(await this.contact.erase(m, subject)),
      };
      const kept = await this.orders.erase(m, subject);
      await this.directory.erase(m, id, now);
      const fullName = `${user.firstName} ${user.lastName}`.trim();
      const audit_rows = await this.audit.scrubPerson(m, { userId: id, values: [user.email, fullName] });
      await this.audit.record(m, {
        actor: operator,
        action: 'customer.erase',
        entityType: 'customer',
        entityId: id,
        before: { erased: false },
        after: { erased: true, removed: { ...removed, audit_rows_scrubbed: audit_rows }, kept },
      });
    });
    return this.detail(id, operator.id);
  }

  async invitations(): Promise<AdminInvitationList> {
    const rows = await this.directory.pendingInvitations();
    return {
      invitations: rows.map((r) => ({
        id: r.id,
        email: r.email,
        company_name: r.companyName,
        vat_number: r.vatNumber,
        language: r.locale,
        invited_at: r.invitedAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
      })),
    };
  }

  async resendInvitation(id: string, operator: Operator): Promise<void> {
    if (!(await this.directory.resendInvitation(id, operator))) throw new CustomerError('CUSTOMER_INVITATION_NOT_FOUND');
  }

  async revokeInvitation(id: string, operator: Operator): Promise<void> {
    if (!(await this.directory.revokeInvitation(id, operator))) throw new CustomerError('CUSTOMER_INVITATION_NOT_FOUND');
  }
}

function subjectOf(user: UserAccount): DataSubject {
  return { userId: user.id, email: user.email };
}

function toRow(u: UserAccount): AdminCustomerRow {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    status: u.status,
    company_name: u.companyName,
    vat_number: u.vatNumber,
    blocked: u.blockedAt !== null,
    erased: u.erasedAt !== null,
    newsletter: u.newsletterConsentAt !== null,
    created_at: u.createdAt.toISOString(),
    last_sign_in_at: iso(u.lastSignInAt),
  };
}

function iso(d: Date | null | undefined): string | null {
  return d ? new Date(d).toISOString() : null;
}
