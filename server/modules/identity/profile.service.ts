import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { parseProfileUpdate } from './dto/identity.dto.js';
import { IdentityError } from './identity.errors.js';
import { AuthError } from '../../platform/auth/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { EmailChangeRequested, NewsletterPreferenceChanged } from './events/identity.events.js';
import type { ProfileUpdateResult, UserView } from './identity.types.js';
import { NEWSLETTER_CONSENT_VERSION } from './identity.service.js';
import type { User } from './user.entity.js';
import { UserRepository } from './user.repository.js';

/** The signed-in user's own profile: read and edit. Nothing here takes a user id from the request body. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventPublisher,
    private readonly users: UserRepository,
  ) {}

  async get(userId: string): Promise<UserView> {
    const user = await this.users.byId(this.db.manager, userId);
    if (!user) throw new AuthError('AUTH_REQUIRED');
    return toUserView(user);
  }

  /**
   * Edits the own profile. A new e-mail address is not applied here: a confirmation link goes to
   * the new address (a typo must not lock the owner out), and `pending_email` says so. The answer
   * is the same whether or not the address belongs to another account.
   */
  async update(userId: string, body: unknown, ip: string | null = null): Promise<ProfileUpdateResult> {
    return this.db.transaction(async (m) => {
      const user = await this.users.byId(m, userId, { lock: true });
      if (!user) throw new AuthError('AUTH_REQUIRED');
      const changes = parseProfileUpdate(body, { country: user.country });
      const { newsletter, ...fields } = changes;
      const patch: Partial<User> = { ...(fields as Partial<User>) };
      const newsletterChanged = typeof newsletter === 'boolean' && newsletter !== !!user.newsletterConsentAt;
      if (newsletterChanged) {
        patch.newsletterConsentAt = newsletter ? new Date() : null;
        patch.newsletterConsentVersion = newsletter ? NEWSLETTER_CONSENT_VERSION : null;
      }
      let pendingEmail: string | null = null;
      // A taken address is answered like a free one (no account enumeration): the handler of the
      // event mails the link to a free address, and a notice to the owner of a taken one.
      if (patch.email && patch.email !== user.email) pendingEmail = patch.email;
      delete patch.email;
      if (patch.username && patch.username.toLowerCase() !== user.username?.toLowerCase()) {
        if (await this.users.usernameTaken(m, patch.username, user.id)) throw new IdentityError('USER_USERNAME_TAKEN', {}, 'username');
      }
      // Billing equal to delivery: the separate billing fields are cleared, not left stale.
      const same = patch.billingSameAsDelivery ?? user.billingSameAsDelivery;
      if (same) Object.assign(patch, { billingAddress: null, billingCity: null, billingZipCode: null, billingCountry: null });
      if (Object.keys(patch).length) await this.users.update(m, user.id, patch);
      if (pendingEmail) await this.events.publish(m, new EmailChangeRequested({ userId: user.id, newEmail: pendingEmail }));
      // On: the newsletter module mails its confirmation link (double opt-in); off: unsubscribed at once.
      if (newsletterChanged) {
        await this.events.publish(
          m,
          new NewsletterPreferenceChanged({ userId: user.id, subscribed: newsletter, consentIp: ip, changedAt: new Date().toISOString() }),
        );
      }
      return { ...toUserView({ ...user, ...patch } as User), pending_email: pendingEmail };
    });
  }
}

export function toUserView(u: User): UserView {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    phone: u.phone,
    address: u.address,
    city: u.city,
    zip_code: u.zipCode,
    country: u.country,
    birth_date: u.birthDate,
    company_name: u.companyName,
    vat_number: u.vatNumber,
    company_address: u.companyAddress,
    billing_same_as_delivery: u.billingSameAsDelivery,
    billing_address: u.billingAddress,
    billing_city: u.billingCity,
    billing_zip_code: u.billingZipCode,
    billing_country: u.billingCountry,
    role: u.role,
    locale: u.locale,
    newsletter: !!u.newsletterConsentAt,
    has_password: !!u.passwordHash,
    google_linked: !!u.googleSubject,
    created_at: (u.createdAt instanceof Date ? u.createdAt : new Date(u.createdAt)).toISOString(),
  };
}

/** `?fields=a,b`: only those keys of the view (unknown names are ignored). */
export function pickFields(view: UserView, fields: unknown): Partial<UserView> {
  if (typeof fields !== 'string' || !fields.trim()) return view;
  const wanted = new Set(fields.split(',').map((f) => f.trim()));
  return Object.fromEntries(Object.entries(view).filter(([k]) => wanted.has(k))) as Partial<UserView>;
}
