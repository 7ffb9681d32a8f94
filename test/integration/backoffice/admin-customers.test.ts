// The operators' customer API (docs/admin.md 'Customers') on the real shop: roles, search and views,
// the profile, block (sign-in and refresh refused at once) and unblock, the data export, the erasure
// (account anonymized, audit rows scrubbed, invoice kept), its refusals, business invitations, and
// hostile ids and queries.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  AdminCustomerDetailResponse,
  AdminCustomerListResponse,
  AdminInvitationListResponse,
  CustomerExport,
  type AdminCustomerDetail,
} from '../../../contract/api/admin-customers.js';
import type { RunningShop } from '../../../server/main.js';
import { AuditTrail } from '../../../server/platform/audit/index.js';
import { InvoiceIssuer } from '../../../server/modules/invoicing/index.js';
import { createProduct } from '../../factories/catalog.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn, uniqueEmail, type CreatedUser } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

describe("operators' customer API (/api/admin/customers)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let adminUser: CreatedUser;
  let staff: Shopper;
  let customerCaller: Shopper;
  let anonymous: Shopper;
  const marker = randomBytes(4).toString('hex');

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    adminUser = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, adminUser.email, adminUser.password);
    const staffUser = await createUser(db, { role: 'staff' });
    staff = await signIn(shop.url, staffUser.email, staffUser.password);
    const someone = await createUser(db);
    customerCaller = await signIn(shop.url, someone.email, someone.password);
    anonymous = await shopper(shop.url);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  async function detail(id: string): Promise<AdminCustomerDetail> {
    const res = await admin.call('get', `/api/admin/customers/${id}`).expect(200);
    return AdminCustomerDetailResponse.parse(res.body).data;
  }
  async function subscribe(email: string, status: 'confirmed' | 'pending' = 'confirmed'): Promise<void> {
    await db.query(
      `INSERT INTO newsletter_subscription (id, email, locale, status, source, consent_at, consent_ip, consent_text, consent_version,
         confirm_requested_at, confirmed_at, unsubscribe_nonce, unsubscribe_token_hash)
       VALUES ($1, $2, 'hr', $3, 'footer', now(), '203.0.113.9', 'Želim primati newsletter.', '2026-01', now(), $4, 'n', $5)`,
      [randomUUID(), email, status, status === 'confirmed' ? new Date() : null, randomBytes(16).toString('hex')],
    );
  }
  async function contactMessage(email: string): Promise<void> {
    await db.query(
      `INSERT INTO contact_message (id, created_at, locale, name, email, phone, subject, message, consent_version, consent_at, ip)
       VALUES ($1, now(), 'hr', 'Ivana Kovačić', $2, NULL, 'Pitanje', 'Imate li bezglutensku tjesteninu?', '2026-01', now(), '203.0.113.9')`,
      [randomUUID(), email],
    );
  }
  const newsletterStatus = async (email: string): Promise<string | undefined> =>
    ((await db.query(`SELECT status FROM newsletter_subscription WHERE email = $1`, [email])) as Array<{ status: string }>)[0]?.status;

  describe('roles', () => {
    it('answers an admin only: staff and customers 403, anonymous 401, on every route', async () => {
      const target = await createUser(db);
      const routes: Array<['get' | 'post', string, unknown?]> = [
        ['get', '/api/admin/customers'],
        ['get', `/api/admin/customers/${target.id}`],
        ['get', `/api/admin/customers/${target.id}/export`],
        ['post', `/api/admin/customers/${target.id}/block`, { reason: 'test' }],
        ['post', `/api/admin/customers/${target.id}/unblock`, { reason: 'test' }],
        ['post', `/api/admin/customers/${target.id}/erase`, { confirm_email: target.email }],
        ['get', '/api/admin/customer-invitations'],
        ['post', '/api/admin/customer-invitations', { email: uniqueEmail('inv'), company_name: 'Firma d.o.o.' }],
        ['post', `/api/admin/customer-invitations/${randomUUID()}/resend`, {}],
        ['post', `/api/admin/customer-invitations/${randomUUID()}/revoke`, {}],
      ];
      for (const [method, path, body] of routes) {
        const anon = await anonymous.call(method, path, body);
        expect([path, anon.status, anon.body.errors?.[0]?.code]).toEqual([path, 401, 'AUTH_REQUIRED']);
        const cust = await customerCaller.call(method, path, body);
        expect([path, cust.status, cust.body.errors?.[0]?.code]).toEqual([path, 403, 'AUTH_FORBIDDEN']);
        const byStaff = await staff.call(method, path, body);
        expect([path, byStaff.status, byStaff.body.errors?.[0]?.code]).toEqual([path, 403, 'AUTH_FORBIDDEN']);
      }
      // nothing happened to the account
      expect((await detail(target.id)).blocked).toBe(false);
      // a change without the CSRF token is refused before anything else
      expect((await admin.agent.post(`/api/admin/customers/${target.id}/block`).send({ reason: 'no token' })).status).toBe(403);
    });
  });

  describe('search', () => {
    it('finds by name, e-mail, company and OIB; views business, blocked, newsletter; pages', async () => {
      const business = await createUser(db, {
        role: 'business',
        firstName: 'Zdenka',
        lastName: `Pekarić${marker}`,
        companyName: `Pekara Klas ${marker} d.o.o.`,
        vatNumber: `HR${String(Date.now()).slice(-11).padStart(11, '7')}`,
      });
      const subscriber = await createUser(db, { email: uniqueEmail(`news${marker}`), newsletter: true, lastName: `Vijest${marker}` });
      const list = async (query: string) =>
        AdminCustomerListResponse.parse((await admin.call('get', `/api/admin/customers${query}`).expect(200)).body).data;

      expect((await list(`?q=pekari%C4%87${marker}`)).customers.map((c) => c.id)).toEqual([business.id]);
      expect((await list(`?q=${encodeURIComponent(business.email.toUpperCase())}`)).customers.map((c) => c.id)).toEqual([business.id]);
      expect((await list(`?q=klas%20${marker}`)).customers.map((c) => c.id)).toEqual([business.id]);
      const oib = (await detail(business.id)).vat_number!;
      expect((await list(`?q=${oib.slice(2, 12)}`)).customers.map((c) => c.id)).toContain(business.id);

      const businessView = await list(`?view=business&q=${marker}`);
      expect(businessView.customers.map((c) => c.id)).toEqual([business.id]);
      expect(businessView.customers[0]).toMatchObject({ role: 'business', blocked: false, erased: false });
      expect((await list(`?view=newsletter&q=${marker}`)).customers.map((c) => c.id)).toEqual([subscriber.id]);
      expect((await list(`?view=blocked&q=${marker}`)).customers).toEqual([]);

      // pages of 25, newest first
      const all = await list('');
      expect(all.page_size).toBe(25);
      expect(all.total).toBeGreaterThanOrEqual(4);
      const created = all.customers.map((c) => c.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      const far = await list(`?page=${Math.ceil(all.total / 25) + 1}`);
      expect(far.customers).toEqual([]);
    });

    it('refuses hostile queries with a localized 422 and never a 500', async () => {
      for (const query of ['?view=evil', '?page=0', '?page=-1', '?page=abc', `?q=${'x'.repeat(101)}`, '?page=1e9']) {
        const res = await admin.call('get', `/api/admin/customers${query}`);
        expect([query, res.status, res.body.errors?.[0]?.code]).toEqual([query, 422, 'CUSTOMER_FILTER_INVALID']);
      }
      const hr = await shopper(shop.url, 'hr');
      const signedHr = await hr.call('post', '/api/auth/login', { email: adminUser.email, password: adminUser.password });
      expect(signedHr.status).toBe(200);
      expect((await hr.call('get', '/api/admin/customers?view=evil')).body.errors[0].message).toBe(
        'Ovaj filtar popisa kupaca nije valjan.',
      );
      for (const q of ["'; DROP TABLE app_user; --", '%', '_', '\\', '%_%\\', '\u0000', '🙂', '<script>', 'a\u0301']) {
        const res = await admin.call('get', `/api/admin/customers?q=${encodeURIComponent(q)}`);
        expect([q, res.status < 500]).toEqual([q, true]);
      }
      expect((await admin.call('get', '/api/admin/customers?q=%25')).body.data.customers).toEqual([]);
    });

    it('answers hostile ids with 422 or 404, never a 500', async () => {
      for (const id of ['not-a-uuid', '1', `${randomUUID()}x`, '..%2F..%2Fetc', "'%20OR%201=1"]) {
        const res = await admin.call('get', `/api/admin/customers/${id}`);
        expect([id, res.status, res.body.errors?.[0]?.code]).toEqual([id, 422, 'CUSTOMER_ID_INVALID']);
      }
      // a control character is refused by the platform before any route (docs/security.md)
      const nul = await admin.call('get', '/api/admin/customers/%00');
      expect([nul.status < 500, nul.body.errors?.[0]?.code]).toEqual([true, 'CONTROL_CHARACTER']);
      const missing = await admin.call('get', `/api/admin/customers/${randomUUID()}`);
      expect([missing.status, missing.body.errors[0].code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
      const blockMissing = await admin.call('post', `/api/admin/customers/${randomUUID()}/block`, { reason: 'nobody' });
      expect(blockMissing.status).toBe(404);
      const badInvitation = await admin.call('post', '/api/admin/customer-invitations/nope/resend', {});
      expect([badInvitation.status, badInvitation.body.errors[0].code]).toEqual([422, 'CUSTOMER_INVITATION_ID_INVALID']);
    });
  });

  describe('profile', () => {
    it('shows contact, addresses, consents with the newsletter record, orders and whether it may be erased', async () => {
      const person = await createUser(db, {
        phone: '+385 91 555 1234',
        address: 'Ilica 5',
        city: 'Zagreb',
        zipCode: '10000',
        country: 'HR',
        newsletter: true,
      });
      await subscribe(person.email);
      const p = await createProduct(shop.app, { price: 1200, stock: 10 });
      const open = await createOrder(db, {
        userId: person.id,
        email: person.email,
        lines: [{ productCode: p.code, name: 'Fusilli', unitPrice: 1200, quantity: 2 }],
      });
      const d = await detail(person.id);
      expect(d).toMatchObject({
        id: person.id,
        email: person.email,
        phone: '+385 91 555 1234',
        delivery_address: { street: 'Ilica 5', city: 'Zagreb', postal_code: '10000', country: 'HR' },
        consents: {
          terms_version: '2026-01',
          newsletter_consent_version: '2026-01',
          newsletter: { status: 'confirmed', consent_text: 'Želim primati newsletter.', consent_version: '2026-01', source: 'footer' },
        },
        orders_total: 1,
        open_orders: [open],
        erase_refusal: 'CUSTOMER_ERASE_OPEN_ORDERS',
      });
      expect(d.orders[0]).toMatchObject({ number: open, total: 2400, fulfilment_status: 'placed', as_guest: false });
      expect(typeof d.consents.terms_accepted_at).toBe('string');
      // the admin's own account
      expect((await detail(adminUser.id)).erase_refusal).toBe('CUSTOMER_ERASE_SELF');
    });
  });

  describe('block and unblock', () => {
    it('blocks: sessions and refresh tokens revoked at once, sign-in refused in the caller language, no newsletter; unblock restores', async () => {
      const person = await createUser(db);
      await subscribe(person.email);
      const session = await signIn(shop.url, person.email, person.password);
      await session.call('get', '/api/users/me').expect(200);

      // refusals first
      const noReason = await admin.call('post', `/api/admin/customers/${person.id}/block`, {});
      expect([noReason.status, noReason.body.errors[0].code, noReason.body.errors[0].field]).toEqual([
        422,
        'CUSTOMER_REASON_REQUIRED',
        'reason',
      ]);
      const tooLong = await admin.call('post', `/api/admin/customers/${person.id}/block`, { reason: 'x'.repeat(501) });
      expect(tooLong.body.errors[0].code).toBe('CUSTOMER_REASON_TOO_LONG');
      const self = await admin.call('post', `/api/admin/customers/${adminUser.id}/block`, { reason: 'myself' });
      expect([self.status, self.body.errors[0].code]).toEqual([409, 'CUSTOMER_BLOCK_SELF']);
      const notBlocked = await admin.call('post', `/api/admin/customers/${person.id}/unblock`, { reason: 'nothing to lift' });
      expect([notBlocked.status, notBlocked.body.errors[0].code]).toEqual([409, 'CUSTOMER_NOT_BLOCKED']);

      const blocked = AdminCustomerDetailResponse.parse(
        (await admin.call('post', `/api/admin/customers/${person.id}/block`, { reason: 'Tri neplaćene pouzeće pošiljke' }).expect(200))
          .body,
      ).data;
      expect(blocked).toMatchObject({ blocked: true, blocked_reason: 'Tri neplaćene pouzeće pošiljke' });
      expect(blocked.consents.newsletter).toMatchObject({ status: 'unsubscribed' });
      expect(await newsletterStatus(person.email)).toBe('unsubscribed');

      // the open session ends at once, its refresh token too
      expect((await session.call('get', '/api/users/me')).status).toBe(401);
      const refreshed = await session.call('post', '/api/auth/refresh', { refresh_token: session.tokens.refresh_token });
      expect([refreshed.status, refreshed.body.errors[0].code]).toEqual([401, 'AUTH_REFRESH_INVALID']);
      // sign-in refused with the localized message
      for (const [language, text] of [
        ['en', 'Sign-in is not possible: this account has been blocked.'],
        ['hr', 'Prijava nije moguća: ovaj je korisnički račun blokiran.'],
        ['de', 'Anmeldung nicht möglich: Dieses Konto wurde gesperrt.'],
        ['sl', 'Prijava ni mogoča: ta uporabniški račun je blokiran.'],
      ] as const) {
        const s = await shopper(shop.url, language);
        const login = await s.call('post', '/api/auth/login', { email: person.email, password: person.password });
        expect([language, login.status, login.body.errors[0].code]).toEqual([language, 403, 'AUTH_ACCOUNT_BLOCKED']);
        expect(login.body.errors[0].message).toContain(text);
      }
      // a wrong password still says only 'login failed' (the block is no oracle)
      const wrong = await (await shopper(shop.url)).call('post', '/api/auth/login', { email: person.email, password: 'wrong-one' });
      expect(wrong.body.errors[0].code).toBe('AUTH_LOGIN_FAILED');
      const twice = await admin.call('post', `/api/admin/customers/${person.id}/block`, { reason: 'again' });
      expect([twice.status, twice.body.errors[0].code]).toEqual([409, 'CUSTOMER_ALREADY_BLOCKED']);
      const blockedView = AdminCustomerListResponse.parse(
        (await admin.call('get', '/api/admin/customers?view=blocked').expect(200)).body,
      ).data;
      expect(blockedView.customers.map((c) => c.id)).toContain(person.id);

      const unblocked = AdminCustomerDetailResponse.parse(
        (await admin.call('post', `/api/admin/customers/${person.id}/unblock`, { reason: 'Platio je dug' }).expect(200)).body,
      ).data;
      expect(unblocked).toMatchObject({ blocked: false, blocked_reason: null, blocked_at: null });
      expect(await newsletterStatus(person.email)).toBe('confirmed');
      const again = await signIn(shop.url, person.email, person.password);
      await again.call('get', '/api/users/me').expect(200);
      expect((await detail(person.id)).last_sign_in_at).not.toBeNull();

      // both written to the audit log with their reasons, nothing personal
      const audit = await admin.call('get', `/api/admin/audit?entity_type=customer&entity_id=${person.id}`).expect(200);
      const entries = (audit.body.data.entries as Array<{ action: string; after: Record<string, unknown>; actor_id: string }>).reverse();
      expect(entries.map((e) => [e.action, e.after.reason, e.actor_id])).toEqual([
        ['customer.block', 'Tri neplaćene pouzeće pošiljke', adminUser.id],
        ['customer.unblock', 'Platio je dug', adminUser.id],
      ]);
      expect(entries[0]!.after).toEqual({ blocked: true, reason: 'Tri neplaćene pouzeće pošiljke', newsletter_paused: true });
      expect(JSON.stringify(entries)).not.toContain(person.email);
    });
  });

  describe('export and erasure', () => {
    it('exports everything the shop holds; erases the account, scrubs audit rows and keeps the invoice', async () => {
      const person = await createUser(db, {
        firstName: 'Marija',
        lastName: `Brisanić${marker}`,
        phone: '+385 98 111 2222',
        address: 'Vukovarska 3',
        city: 'Osijek',
        zipCode: '31000',
        country: 'HR',
        newsletter: true,
      });
      await subscribe(person.email);
      await contactMessage(person.email);
      const p = await createProduct(shop.app, { price: 990, stock: 10 });
      const number = await createOrder(db, {
        userId: person.id,
        email: person.email,
        paymentMethod: 'cod',
        lines: [{ productCode: p.code, name: 'Farfalle', unitPrice: 990, quantity: 3 }],
      });
      // older audit rows naming the person: inside a value, and as the entity (an invitation is filed under its address)
      for (const entityId of [`x-${marker}`, person.email]) {
        await db.transaction((m) =>
          shop.app.get(AuditTrail).record(m, {
            actor: { id: adminUser.id, label: adminUser.email, role: 'admin' },
            action: 'user.invite',
            entityType: 'invitation',
            entityId,
            after: { email: person.email, company_name: `Marija Brisanić${marker} obrt`, locale: 'hr' },
          }),
        );
      }

      // the export: account, orders with lines, invoices, newsletter, contact messages, audit entries
      const exported = await admin.call('get', `/api/admin/customers/${person.id}/export`).expect(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="customer-${person.id}.json"`);
      expect(exported.headers['cache-control']).toContain('no-store');
      const doc = CustomerExport.parse(exported.body);
      expect(doc).toMatchObject({
        format: 'zlatnozrno.customer-export.v1',
        subject: { id: person.id, email: person.email },
        account: { email: person.email, first_name: 'Marija', phone: '+385 98 111 2222', terms: { version: '2026-01' } },
        newsletter: { email: person.email, status: 'confirmed', consent_text: 'Želim primati newsletter.' },
        contact_messages: [{ email: person.email, subject: 'Pitanje' }],
      });
      expect(doc.orders).toEqual([
        expect.objectContaining({ number, lines: [expect.objectContaining({ product_code: p.code, quantity: 3, unit_price: 990 })] }),
      ]);
      expect(doc.invoices).toEqual([]);

      // refusals: an open order, a wrong confirmation, the operator's own account
      const open = await admin.call('post', `/api/admin/customers/${person.id}/erase`, { confirm_email: person.email });
      expect([open.status, open.body.errors[0].code]).toEqual([409, 'CUSTOMER_ERASE_OPEN_ORDERS']);
      expect(open.body.errors[0].message).toContain(number);
      const hr = await signIn(shop.url, adminUser.email, adminUser.password, 'hr');
      const openHr = await hr.call('post', `/api/admin/customers/${person.id}/erase`, { confirm_email: person.email });
      expect(openHr.body.errors[0].message).toBe(
        `Račun se još ne može izbrisati: narudžbe ${number} još nisu poslane ili plaćene. Najprije ih dovršite ili otkažite.`,
      );
      const self = await admin.call('post', `/api/admin/customers/${adminUser.id}/erase`, { confirm_email: adminUser.email });
      expect([self.status, self.body.errors[0].code]).toEqual([409, 'CUSTOMER_ERASE_SELF']);

      // the order is delivered and paid, its invoice issued: now the account may go
      await db.query(`UPDATE shop_order SET fulfilment_status = 'delivered', payment_status = 'paid' WHERE number = $1`, [number]);
      const invoice = await db.transaction((m) => shop.app.get(InvoiceIssuer).invoiceForOrder(m, number, new Date()));
      expect(invoice).not.toBeNull();
      const wrong = await admin.call('post', `/api/admin/customers/${person.id}/erase`, { confirm_email: 'someone@example.com' });
      expect([wrong.status, wrong.body.errors[0].code, wrong.body.errors[0].field]).toEqual([
        422,
        'CUSTOMER_ERASE_CONFIRMATION',
        'confirm_email',
      ]);
      const missing = await admin.call('post', `/api/admin/customers/${person.id}/erase`, {});
      expect(missing.body.errors[0].code).toBe('CUSTOMER_ERASE_CONFIRMATION');
      const withInvoice = CustomerExport.parse((await admin.call('get', `/api/admin/customers/${person.id}/export`).expect(200)).body);
      expect(withInvoice.invoices).toEqual([expect.objectContaining({ number: invoice!.number, kind: 'invoice', order_number: number })]);

      const erased = AdminCustomerDetailResponse.parse(
        (
          await admin
            .call('post', `/api/admin/customers/${person.id}/erase`, { confirm_email: `  ${person.email.toUpperCase()} ` })
            .expect(200)
        ).body,
      ).data;
      expect(erased).toMatchObject({
        erased: true,
        email: `erased-${person.id}@erased.invalid`,
        first_name: '[erased]',
        last_name: '',
        phone: null,
        delivery_address: { street: null, city: null, postal_code: null, country: null },
        consents: { newsletter: null, newsletter_consent_at: null },
        erase_refusal: 'CUSTOMER_ALREADY_ERASED',
      });
      const [row] = (await db.query(`SELECT password_hash, google_subject, erased_at FROM app_user WHERE id = $1`, [person.id])) as Array<
        Record<string, unknown>
      >;
      expect(row).toMatchObject({ password_hash: null, google_subject: null });
      expect(await db.query(`SELECT 1 FROM refresh_token WHERE user_id = $1`, [person.id])).toEqual([]);
      // sign-in impossible, by the old address and by the new one
      const login = await (await shopper(shop.url)).call('post', '/api/auth/login', { email: person.email, password: person.password });
      expect(login.status).toBe(401);
      // newsletter and contact messages gone
      expect(await newsletterStatus(person.email)).toBeUndefined();
      expect(await db.query(`SELECT 1 FROM contact_message WHERE email = $1`, [person.email])).toEqual([]);
      // the order stays with what the invoice needs; e-mail and phone are gone
      const [order] = (await db.query(`SELECT email, phone, delivery_address, total FROM shop_order WHERE number = $1`, [
        number,
      ])) as Array<{
        email: string;
        phone: string;
        delivery_address: Record<string, string>;
        total: number;
      }>;
      expect(order).toMatchObject({ email: `erased-${person.id}@erased.invalid`, phone: '', total: 2970 });
      expect(order!.delivery_address).toMatchObject({ street: 'Ilica 1', city: 'Zagreb' });
      // the invoice is exactly as issued
      const [kept] = (await db.query(`SELECT number, total, buyer FROM invoice WHERE id = $1`, [invoice!.id])) as Array<
        Record<string, unknown>
      >;
      expect(kept).toMatchObject({ number: invoice!.number, buyer: invoice!.buyer });
      expect(Number(kept!.total)).toBe(invoice!.total);
      // old audit rows: the person scrubbed inside them, the rows themselves kept
      const [scrubbed] = (await db.query(`SELECT after FROM audit_log WHERE entity_id = $1`, [`x-${marker}`])) as Array<{
        after: Record<string, string>;
      }>;
      expect(scrubbed!.after).toEqual({ email: '[erased]', company_name: '[erased] obrt', locale: 'hr' });
      const [entry] = (await db.query(
        `SELECT actor_id, after FROM audit_log WHERE entity_type = 'customer' AND entity_id = $1 AND action = 'customer.erase'`,
        [person.id],
      )) as Array<{ actor_id: string; after: Record<string, unknown> }>;
      expect(entry).toEqual({
        actor_id: adminUser.id,
        after: {
          erased: true,
          removed: { newsletter_subscriptions: 1, contact_messages: 1, audit_rows_scrubbed: 2 },
          kept: { orders_kept: 1 },
        },
      });
      // nothing of the person left in the log, the entity filed under their address included
      expect(await db.query(`SELECT 1 FROM audit_log WHERE lower(entity_id) = $1`, [person.email])).toEqual([]);
      const mentions = (await db.query(
        `SELECT 1 FROM audit_log WHERE strpos(lower(coalesce(after::text, '') || coalesce(before::text, '')), $1) > 0`,
        [person.email],
      )) as unknown[];
      expect(mentions).toEqual([]);
      const twice = await admin.call('post', `/api/admin/customers/${person.id}/erase`, { confirm_email: erased.email });
      expect([twice.status, twice.body.errors[0].code]).toEqual([409, 'CUSTOMER_ALREADY_ERASED']);
    });
  });

  describe('business invitations', () => {
    it('invites, lists the pending invitation, sends it again with a new link, withdraws it', async () => {
      const email = uniqueEmail(`b2b${marker}`);
      await admin
        .call('post', '/api/admin/customer-invitations', {
          email,
          company_name: 'Restoran Zrno d.o.o.',
          vat_number: '47193065287',
          locale: 'de',
        })
        .expect(202);
      const pending = async () =>
        AdminInvitationListResponse.parse(
          (await admin.call('get', '/api/admin/customer-invitations').expect(200)).body,
        ).data.invitations.filter((i) => i.email === email);
      const [first] = await waitFor('the invitation link', async () => ((await pending()).length ? await pending() : undefined));
      expect(first).toMatchObject({ email, company_name: 'Restoran Zrno d.o.o.', language: 'de' });

      await admin.call('post', `/api/admin/customer-invitations/${first!.id}/resend`, {}).expect(202);
      const [second] = await waitFor('the new link', async () => {
        const list = await pending();
        return list.length && list[0]!.id !== first!.id ? list : undefined;
      });
      expect(second).toMatchObject({ email, company_name: 'Restoran Zrno d.o.o.' });
      // the old link is no longer pending
      const stale = await admin.call('post', `/api/admin/customer-invitations/${first!.id}/revoke`, {});
      expect([stale.status, stale.body.errors[0].code]).toEqual([404, 'CUSTOMER_INVITATION_NOT_FOUND']);

      await admin.call('post', `/api/admin/customer-invitations/${second!.id}/revoke`, {}).expect(200);
      expect(await pending()).toEqual([]);
      const [{ n }] = (await db.query(
        `SELECT count(*)::int AS n FROM user_token WHERE purpose = 'invitation' AND data->>'email' = $1 AND used_at IS NULL`,
        [email],
      )) as Array<{ n: number }>;
      expect(n).toBe(0);
      const audit = await admin.call('get', `/api/admin/audit?entity_type=invitation&entity_id=${encodeURIComponent(email)}`).expect(200);
      expect((audit.body.data.entries as Array<{ action: string }>).map((e) => e.action).reverse()).toEqual([
        'user.invite',
        'invitation.resend',
        'invitation.revoke',
      ]);
      // an address with an account cannot be invited
      const taken = await admin.call('post', '/api/admin/customer-invitations', { email: adminUser.email, company_name: 'X d.o.o.' });
      expect([taken.status, taken.body.errors[0].code]).toEqual([409, 'USER_EMAIL_TAKEN']);
      const invalid = await admin.call('post', '/api/admin/customer-invitations', { email: 'nope', company_name: '' });
      expect(invalid.status).toBe(422);
    });
  });
});
