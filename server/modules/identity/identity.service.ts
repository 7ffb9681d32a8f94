import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NEWSLETTER_CONSENT_VERSION } from '../../../contract/newsletter.js';
import { isOperatorRole } from '../../../contract/api/identity.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { AuthError } from '../../platform/auth/index.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../platform/audit/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import type { Locale } from '../../platform/i18n/index.js';
import { RateLimitService, type RateLimitRule } from '../../platform/rate-limit/index.js';
import { BotCheckService } from '../../platform/bot-check/index.js';
import type { Invitation, Registration } from './dto/identity.dto.js';
import {
  ActivationMailRequested,
  BusinessBuyerInvited,
  MagicLinkRequested,
  PasswordChanged,
  PasswordResetRequested,
  RegistrationOfKnownEmailAttempted,
  UserActivated,
  UserRegistered,
} from './events/identity.events.js';
import { googleIsAuthoritative, type GoogleIdentity } from './google-linking.js';
import { IdentityError } from './identity.errors.js';
import { sameSitePath } from './identity-links.js';
import { hashPassword, verifyPassword } from './password.js';
import { SessionService, type IssuedSession } from './session.service.js';
import { User } from './user.entity.js';
import { UserRepository } from './user.repository.js';
import { UserTokenService } from './user-token.service.js';

/** Versions of the texts a user agrees to; stored with each consent. */
export const TERMS_VERSION = '2026-01';
/** The newsletter tick box's wording (contract/newsletter.ts, shared with the newsletter's consent record). */
export { NEWSLETTER_CONSENT_VERSION };

const WINDOW = 15 * 60;
/** Per e-mail address: a handful of attempts per 15 minutes, whoever makes them. */
const PER_EMAIL = 5;
/** The slower, global login budget of one e-mail address (AUTH_LOGIN_LIMIT_PER_EMAIL per hour). */
const LOGIN_EMAIL_WINDOW = 60 * 60;

/**
 * Registration, activation, sign-in by password and by magic link, password reset and change,
 * business invitations. Every answer that could reveal whether an e-mail has an account is the
 * same for both cases; the owner of the address gets a mail instead.
 */
/** What the audit log keeps of a business invitation an operator sends ('invitation' entries). */
registerAuditFields('invitation', ['email', 'company_name', 'vat_number', 'locale']);

@Injectable()
export class IdentityService {
  private readonly logger = new Logger('identity');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventPublisher,
    private readonly sessions: SessionService,
    private readonly tokens: UserTokenService,
    private readonly users: UserRepository,
    private readonly limits: RateLimitService,
    private readonly botCheck: BotCheckService,
    private readonly audit: AuditTrail,
  ) {}

  /** Counts an attempt per IP and per e-mail (rules named `<action>-ip` / `<action>-email`). */
  async limit(action: string, ip: string, email?: string | null): Promise<void> {
    await this.limits.consume(this.ipRule(action), ip);
    if (email) await this.limits.consume(emailRule(action), email);
  }

  async register(input: Registration, ip: string): Promise<void> {
    await this.limit('register', ip, input.email);
    // Before any work (docs/bot-check.md): a refused token is a 403; a provider that cannot be
    // reached lets registration through (the mailed activation link is the second gate).
    await this.botCheck.assertHuman({ token: input.botCheckToken, action: 'register', ip, whenUnavailable: 'allow' });
    // Hash first, whatever happens next: a taken e-mail answers as slowly as a new one.
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    try {
      await this.db.transaction(async (m) => {
        const existing = await this.users.byEmail(m, input.email);
        if (existing) {
          // Never overwrite a pending account's password: whoever activates it would then sign in with ours.
          await this.events.publish(
            m,
            existing.status === 'pending'
              ? new ActivationMailRequested({ userId: existing.id })
              : new RegistrationOfKnownEmailAttempted({ userId: existing.id }),
          );
          return;
        }
        const user = m.create(User, {
          id: randomUUID(),
          email: input.email,
          username: null,
          passwordHash,
          status: 'pending',
          role: 'customer',
          locale: input.locale,
          firstName: input.firstName,
          lastName: input.lastName,
          birthDate: input.birthDate,
          billingSameAsDelivery: true,
          termsAcceptedAt: now,
          termsVersion: TERMS_VERSION,
          newsletterConsentAt: input.newsletter ? now : null,
          newsletterConsentVersion: input.newsletter ? NEWSLETTER_CONSENT_VERSION : null,
          activatedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await this.users.insert(m, user);
        // The newsletter module starts its double opt-in when the tick box was set (docs/newsletter.md).
        await this.events.publish(
          m,
          new UserRegistered({ userId: user.id, newsletter: input.newsletter, consentIp: input.newsletter ? ip : null }),
        );
      });
    } catch (err) {
      // Two registrations of one address at the same moment: the second is a 'known e-mail'.
      // The other one's mail goes out; this caller gets the same answer as always.
      if ((err as { code?: string }).code === '23505') return;
      throw err;
    }
  }

  /**
   * Activates by the mailed link, once. Says what happened and in which language to answer (the
   * user's, when the token is known).
   */
  async activate(token: unknown): Promise<{ outcome: 'activated' | 'used' | 'invalid'; locale: string | null }> {
    return this.db.transaction(async (m) => {
      const result = await this.tokens.consume(m, 'activation', token);
      const user = result.token?.userId ? await this.users.byId(m, result.token.userId, { lock: true }) : null;
      if (!user) return { outcome: 'invalid', locale: null };
      if (!result.ok) return { outcome: result.reason === 'used' && user.status === 'active' ? 'used' : 'invalid', locale: user.locale };
      if (user.status !== 'active') {
        await this.users.update(m, user.id, { status: 'active', activatedAt: new Date() });
        await this.events.publish(m, new UserActivated({ userId: user.id }));
      }
      await this.tokens.voidAll(m, user.id, 'activation');
      return { outcome: 'activated', locale: user.locale };
    });
  }

  /**
   * The language of the page a mailed link of an older mail leads to: its user's, when the token is
   * known; null otherwise. Reads only: a GET of an old link uses nothing up.
   */
  async linkLocale(purpose: 'activation' | 'magic_link' | 'email_change', token: unknown): Promise<string | null> {
    const userId = await this.tokens.peekUserId(this.db.manager, purpose, token);
    const user = userId ? await this.users.byId(this.db.manager, userId) : null;
    return user?.locale ?? null;
  }

  async resendActivation(email: string, ip: string): Promise<void> {
    await this.limit('resend', ip, email);
    // As for a reset: no lookup here; the worker mails only a pending account.
    await this.db.transaction(async (m) => {
      await this.events.publish(m, new ActivationMailRequested({ email }));
    });
  }

  /**
   * E-mail and password. Any failure is the one 'Login failed' answer, in the same time. Attempts
   * count per client IP, per (e-mail, IP) pair and, more slowly, per e-mail from everywhere: one
   * attacker's address exhausts only its own pair, so the owner signing in from elsewhere is not
   * locked out; a distributed attack still meets the e-mail's global budget.
   */
  async login(email: string | null, password: string, ip: string): Promise<IssuedSession & { user: User }> {
    await this.limits.consume(this.ipRule('login'), ip);
    if (email) {
      await this.limits.consume(this.loginPairRule(), pairKey(email, ip));
      await this.limits.consume(this.loginEmailRule(), email);
    }
    const user = email ? await this.users.byEmail(this.db.manager, email) : null;
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!ok || !user) throw new IdentityError('AUTH_LOGIN_FAILED');
    // Only someone who knows the password learns that the account waits for activation.
    if (user.status !== 'active') throw new IdentityError('AUTH_NOT_ACTIVATED');
    // Likewise for a block (docs/admin.md 'Customers'): only the password's owner learns of it.
    if (user.blockedAt || user.erasedAt) throw new IdentityError('AUTH_ACCOUNT_BLOCKED');
    // The pair's failures are forgotten; the global count is not (the owner's success must not
    // reopen the budget of a distributed attack).
    await this.limits.reset(this.loginPairRule(), pairKey(email!, ip));
    return { ...(await this.sessions.start(user)), user };
  }

  /**
   * The same work for a known and an unknown address (the limits, one outbox row of the same
   * shape), so neither the answer nor its time tells them apart: whether a mail goes out is
   * decided by the worker, after the answer.
   */
  async requestPasswordReset(email: string, locale: Locale, ip: string): Promise<void> {
    await this.limit('reset', ip, email);
    await this.db.transaction(async (m) => {
      await this.events.publish(m, new PasswordResetRequested({ email, locale }));
    });
  }

  /** A new password by a reset link: single use, every session of the user ends. */
  async resetPassword(token: unknown, password: string): Promise<{ locale: string }> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (m) => {
      const outcome = await this.tokens.consume(m, 'password_reset', token);
      if (!outcome.ok || !outcome.token.userId) throw new IdentityError('AUTH_RESET_LINK_INVALID');
      const user = await this.users.byId(m, outcome.token.userId);
      if (!user) throw new IdentityError('AUTH_RESET_LINK_INVALID');
      const now = new Date();
      // The link proves the mailbox: a pending account becomes active too.
      await this.users.update(
        m,
        user.id,
        { passwordHash, passwordChangedAt: now, status: 'active', activatedAt: user.activatedAt ?? now },
        now,
      );
      await this.tokens.voidAll(m, user.id, 'password_reset');
      await this.sessions.endAll(user.id, m);
      await this.events.publish(m, new PasswordChanged({ userId: user.id, changedAt: now.toISOString(), via: 'reset' }));
      return { locale: user.locale };
    });
  }

  async requestMagicLink(email: string, redirect: unknown, locale: Locale, ip: string): Promise<void> {
    await this.limit('magic-link', ip, email);
    // As for a reset: no lookup here; the worker mails only an existing account.
    await this.db.transaction(async (m) => {
      await this.events.publish(m, new MagicLinkRequested({ email, redirect: sameSitePath(redirect), locale }));
    });
  }

  /** Signs in by a one-time link (15 minutes, single use). */
  async verifyMagicLink(token: unknown): Promise<IssuedSession & { user: User; redirect: string | null }> {
    return this.db.transaction(async (m) => {
      const outcome = await this.tokens.consume(m, 'magic_link', token);
      if (!outcome.ok || !outcome.token.userId) throw new IdentityError('AUTH_MAGIC_LINK_INVALID');
      const user = await this.users.byId(m, outcome.token.userId);
      if (!user) throw new IdentityError('AUTH_MAGIC_LINK_INVALID');
      if (user.blockedAt || user.erasedAt) throw new IdentityError('AUTH_ACCOUNT_BLOCKED');
      if (user.status !== 'active') {
        const now = new Date();
        await this.users.update(m, user.id, { status: 'active', activatedAt: now }, now);
        user.status = 'active';
        await this.events.publish(m, new UserActivated({ userId: user.id }));
      }
      const session = await this.sessions.start(user, m);
      return { ...session, user, redirect: sameSitePath(outcome.token.data.redirect) };
    });
  }

  /** Change by the signed-in user: the current password is required (unless the account has none yet). */
  async changePassword(userId: string, current: string, password: string): Promise<IssuedSession> {
    const user = await this.users.byId(this.db.manager, userId);
    if (!user) throw new AuthError('AUTH_REQUIRED');
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, current))) {
      throw new IdentityError('USER_CURRENT_PASSWORD_WRONG', {}, 'current_password');
    }
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (m) => {
      const now = new Date();
      await this.users.update(m, user.id, { passwordHash, passwordChangedAt: now }, now);
      await this.tokens.voidAll(m, user.id, 'password_reset');
      // Every session ends; this one continues in a new one.
      await this.sessions.endAll(user.id, m);
      await this.events.publish(m, new PasswordChanged({ userId: user.id, changedAt: now.toISOString(), via: 'change' }));
      return this.sessions.start(user, m);
    });
  }

  /** Applies a new e-mail address by the link mailed to it (single use, 24 hours, still unique). */
  async confirmEmailChange(token: unknown): Promise<{ locale: string }> {
    return this.db.transaction(async (m) => {
      const outcome = await this.tokens.consume(m, 'email_change', token);
      if (!outcome.ok || !outcome.token.userId) throw new IdentityError('AUTH_EMAIL_CHANGE_INVALID');
      const email = outcome.token.data.email;
      const user = await this.users.byId(m, outcome.token.userId, { lock: true });
      if (!user || typeof email !== 'string') throw new IdentityError('AUTH_EMAIL_CHANGE_INVALID');
      const taken = await this.users.byEmail(m, email);
      if (taken && taken.id !== user.id) throw new IdentityError('USER_EMAIL_TAKEN', {}, 'email');
      await this.users.update(m, user.id, { email });
      await this.tokens.voidAll(m, user.id, 'email_change');
      return { locale: user.locale };
    });
  }

  async invite(invitedBy: AuditActor & { id: string }, input: Invitation): Promise<void> {
    await this.db.transaction(async (m) => {
      const existing = await this.users.byEmail(m, input.email);
      if (existing) throw new IdentityError('USER_EMAIL_TAKEN', {}, 'email');
      await this.events.publish(m, new BusinessBuyerInvited({ ...input, invitedBy: invitedBy.id }));
      await this.audit.record(m, {
        actor: invitedBy,
        action: 'user.invite',
        entityType: 'invitation',
        entityId: input.email,
        after: { email: input.email, company_name: input.companyName, vat_number: input.vatNumber, locale: input.locale },
      });
    });
  }

  /** Accepts a business invitation: an activated business account with the invitation's company data. */
  async acceptInvitation(input: {
    token: unknown;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<IssuedSession & { user: User }> {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (m) => {
      const outcome = await this.tokens.consume(m, 'invitation', input.token);
      if (!outcome.ok) throw new IdentityError('AUTH_INVITE_INVALID');
      const d = outcome.token.data as Partial<Invitation>;
      if (!d.email || (await this.users.byEmail(m, d.email))) throw new IdentityError('AUTH_INVITE_INVALID');
      const now = new Date();
      const user = m.create(User, {
        id: randomUUID(),
        email: d.email,
        username: null,
        passwordHash,
        status: 'active',
        role: 'business',
        locale: d.locale ?? 'hr',
        firstName: input.firstName,
        lastName: input.lastName,
        birthDate: null,
        companyName: d.companyName ?? null,
        vatNumber: d.vatNumber ?? null,
        companyAddress: d.companyAddress ?? null,
        billingSameAsDelivery: true,
        termsAcceptedAt: now,
        termsVersion: TERMS_VERSION,
        activatedAt: now,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await this.users.insert(m, user);
      return { ...(await this.sessions.start(user, m)), user };
    });
  }

  /**
   * Google sign-in with a verified e-mail. The Google subject (`sub`) is the key, never the e-mail:
   * - the account linked to that subject is entered;
   * - else an account with the same e-mail is linked and entered only when it has no subject yet, is
   *   not an admin, and Google is authoritative for the address (a Gmail address, or the ID token
   *   carries `hd`, a Workspace account). A pending account is then activated and its password, never
   *   proven by its mailbox, removed (whoever registered the address first cannot sign in with it).
   *   Any other existing account is refused: AUTH_GOOGLE_OTHER_ACCOUNT when it is linked to another
   *   subject, AUTH_GOOGLE_LINK_REQUIRED otherwise (sign in with password or magic link, then link
   *   Google from the profile);
   * - else a new, activated customer account without a password.
   */
  async signInWithGoogle(claims: GoogleIdentity & { locale: Locale }): Promise<IssuedSession & { user: User }> {
    return this.db.transaction(async (m) => {
      let user = await this.users.byGoogleSubject(m, claims.sub, { lock: true });
      const now = new Date();
      if (!user) {
        const byEmail = await this.users.byEmail(m, claims.email, { lock: true });
        if (byEmail) {
          if (byEmail.googleSubject) throw new IdentityError('AUTH_GOOGLE_OTHER_ACCOUNT');
          if (isOperatorRole(byEmail.role) || !googleIsAuthoritative(claims)) throw new IdentityError('AUTH_GOOGLE_LINK_REQUIRED');
          const changes: Partial<User> = { googleSubject: claims.sub };
          if (byEmail.status !== 'active') Object.assign(changes, { status: 'active', activatedAt: now, passwordHash: null });
          await this.users.update(m, byEmail.id, changes, now);
          Object.assign(byEmail, changes);
          if (changes.status) await this.events.publish(m, new UserActivated({ userId: byEmail.id }));
          user = byEmail;
        }
      }
      if (user?.blockedAt || user?.erasedAt) throw new IdentityError('AUTH_ACCOUNT_BLOCKED');
      if (!user) {
        user = m.create(User, {
          id: randomUUID(),
          email: claims.email,
          username: null,
          passwordHash: null,
          status: 'active',
          role: 'customer',
          locale: claims.locale,
          firstName: (claims.givenName ?? claims.email.split('@')[0]).slice(0, 100),
          lastName: (claims.familyName ?? '').slice(0, 100),
          birthDate: null,
          billingSameAsDelivery: true,
          googleSubject: claims.sub,
          activatedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await this.users.insert(m, user);
        await this.events.publish(m, new UserActivated({ userId: user.id }));
      } else if (user.status !== 'active') {
        await this.users.update(m, user.id, { status: 'active', activatedAt: now }, now);
        user.status = 'active';
        await this.events.publish(m, new UserActivated({ userId: user.id }));
      }
      return { ...(await this.sessions.start(user, m)), user };
    });
  }

  /**
   * Links a Google subject to the signed-in user (the profile's 'Link Google account'): refused when
   * the account already has one or the subject belongs to another account. The e-mails need not match.
   */
  async linkGoogle(userId: string, sub: string): Promise<User> {
    try {
      return await this.db.transaction(async (m) => {
        const user = await this.users.byId(m, userId, { lock: true });
        if (!user) throw new AuthError('AUTH_REQUIRED');
        const owner = await this.users.byGoogleSubject(m, sub);
        if (owner && owner.id !== user.id) throw new IdentityError('AUTH_GOOGLE_SUBJECT_TAKEN');
        if (user.googleSubject && user.googleSubject !== sub) throw new IdentityError('AUTH_GOOGLE_ALREADY_LINKED');
        await this.users.update(m, user.id, { googleSubject: sub });
        return Object.assign(user, { googleSubject: sub });
      });
    } catch (err) {
      // Two accounts linking one subject at the same moment: the unique index lets one win.
      if ((err as { code?: string }).code === '23505') throw new IdentityError('AUTH_GOOGLE_SUBJECT_TAKEN');
      throw err;
    }
  }

  /** Removes the Google link; only an account with a password (else it could not sign in any more but by magic link). */
  async unlinkGoogle(userId: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const user = await this.users.byId(m, userId, { lock: true });
      if (!user) throw new AuthError('AUTH_REQUIRED');
      if (!user.passwordHash) throw new IdentityError('AUTH_GOOGLE_UNLINK_NEEDS_PASSWORD');
      await this.users.update(m, user.id, { googleSubject: null });
    });
  }

  private ipRule(action: string): RateLimitRule {
    return { name: `${action}-ip`, points: this.config.auth.rateLimitPerIp, durationSeconds: WINDOW };
  }

  private loginPairRule(): RateLimitRule {
    return { name: 'login-email-ip', points: this.config.auth.loginLimitPerEmailIp, durationSeconds: WINDOW };
  }

  private loginEmailRule(): RateLimitRule {
    return { name: 'login-email', points: this.config.auth.loginLimitPerEmail, durationSeconds: LOGIN_EMAIL_WINDOW };
  }
}

/** Registration, reset, magic link and resend: a handful per e-mail, whoever asks. */
function emailRule(action: string): RateLimitRule {
  return { name: `${action}-email`, points: PER_EMAIL, durationSeconds: WINDOW };
}

const pairKey = (email: string, ip: string) => `${email}|${ip}`;
