// The audit log (docs/admin.md 'Audit log') on the real shop and database: operator actions write
// their entry in their own transaction (a refused or failed one writes none), the rows cannot be
// changed or deleted (trigger), an erasure scrubs the person inside old rows, and the list API
// filters, pages and refuses hostile queries with 422. Also staff's limits on orders (no refunds).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { AdminAuditListResponse, type AdminAuditEntry } from '../../../contract/api/admin-audit.js';
import type { RunningShop } from '../../../server/main.js';
import { AuditTrail, ERASED, registerAuditFields } from '../../../server/platform/audit/index.js';
import { guestOrder } from '../../factories/checkout.js';
import { createUser, signIn, type CreatedUser } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { Shopper } from '../../support/shopper.js';

registerAuditFields('test_thing', ['email', 'name', 'note', 'list']);

describe('the audit log', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let audit: AuditTrail;
  let admin: Shopper;
  let staff: Shopper;
  let adminUser: CreatedUser;
  let staffUser: CreatedUser;

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' }, role: 'web' });
    db = shop.app.get(DataSource);
    audit = shop.app.get(AuditTrail);
    adminUser = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, adminUser.email, adminUser.password);
    staffUser = await createUser(db, { role: 'staff' });
    staff = await signIn(shop.url, staffUser.email, staffUser.password);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const rowsOf = async (entityType: string, entityId: string) =>
    (await db.query(`SELECT * FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id`, [entityType, entityId])) as Array<{
      id: string;
      actor_id: string | null;
      actor_label: string;
      actor_role: string;
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>;

  async function placeCodOrder(): Promise<string> {
    const { answer } = await guestOrder(shop, { method: 'cod', email: `audit-${randomUUID().slice(0, 8)}@example.com` });
    return answer.order.number;
  }

  async function list(
    who: Shopper,
    query: string,
  ): Promise<{ entries: AdminAuditEntry[]; total: number; page: number; page_size: number }> {
    const res = await who.call('get', `/api/admin/audit${query}`).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return AdminAuditListResponse.parse(res.body).data;
  }

  describe('order actions', () => {
    it('write one entry per action, with the operator, the role and the states before and after', async () => {
      const number = await placeCodOrder();
      await staff.call('post', `/api/admin/orders/${number}/ship`, { tracking_number: 'RR123456789HR' }).expect(200);
      const [row] = await rowsOf('order', number);
      expect(row).toMatchObject({
        actor_id: staffUser.id,
        actor_label: staffUser.email,
        actor_role: 'staff',
        action: 'order.ship',
        before: { payment_status: 'awaiting_payment', fulfilment_status: 'placed', tracking_number: null },
        after: { payment_status: 'awaiting_payment', fulfilment_status: 'shipped', tracking_number: 'RR123456789HR' },
      });
      // a repeated click changes nothing and logs nothing
      await staff.call('post', `/api/admin/orders/${number}/ship`, { tracking_number: 'RR123456789HR' }).expect(200);
      expect(await rowsOf('order', number)).toHaveLength(1);
    });

    it('a refused action writes no entry', async () => {
      const number = await placeCodOrder();
      expect((await admin.call('post', `/api/admin/orders/${number}/deliver`, {}).expect(409)).body.errors[0].code).toBe(
        'ORDER_TRANSITION_REFUSED',
      );
      await admin.call('post', `/api/admin/orders/${number}/ship`, { tracking_number: '!' }).expect(422);
      expect(await rowsOf('order', number)).toEqual([]);
    });

    it('staff cannot refund, nor cancel a paid order (its payment would go back); the order screen offers them neither; admin can', async () => {
      const number = await placeCodOrder();
      await staff.call('post', `/api/admin/orders/${number}/cash-received`, {}).expect(200);
      const detail = await staff.call('get', `/api/admin/orders/${number}`).expect(200);
      expect(detail.body.data.actions).toEqual(['ship']);
      expect(detail.body.data.refundable).toBe(false); // the screen shows no refund by line either
      expect((await staff.call('post', `/api/admin/orders/${number}/cancel`, {}).expect(403)).body.errors[0].code).toBe('AUTH_FORBIDDEN');
      await staff.call('post', `/api/admin/orders/${number}/refund`, {}).expect(403);
      expect((await rowsOf('order', number)).map((r) => r.action)).toEqual(['order.cash-received']);

      const adminDetail = await admin.call('get', `/api/admin/orders/${number}`).expect(200);
      expect(adminDetail.body.data.actions).toEqual(['ship', 'cancel', 'refund']);
      await admin.call('post', `/api/admin/orders/${number}/cancel`, {}).expect(200);
      const rows = await rowsOf('order', number);
      expect(rows.map((r) => [r.action, r.actor_role])).toEqual([
        ['order.cash-received', 'staff'],
        ['order.cancel', 'admin'],
      ]);
      expect(rows[1].after).toMatchObject({ payment_status: 'refunded', fulfilment_status: 'cancelled' });
    });

    it('staff may cancel an unpaid order', async () => {
      const number = await placeCodOrder();
      await staff.call('post', `/api/admin/orders/${number}/cancel`, {}).expect(200);
      expect((await rowsOf('order', number)).map((r) => r.action)).toEqual(['order.cancel']);
    });
  });

  it('a business invitation is logged with the invited address, nothing secret', async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@example.com`;
    await admin.call('post', '/api/users/invite', { email, company_name: 'Mlin d.o.o.' }).expect(202);
    await staff.call('post', '/api/users/invite', { email: `x${email}`, company_name: 'Mlin d.o.o.' }).expect(403);
    expect(await rowsOf('invitation', email)).toMatchObject([
      {
        actor_id: adminUser.id,
        actor_label: adminUser.email,
        action: 'user.invite',
        before: null,
        after: { email, company_name: 'Mlin d.o.o.', vat_number: null },
      },
    ]);
    expect(await rowsOf('invitation', `x${email}`)).toEqual([]);
  });

  describe('the table', () => {
    const entry = (entityId: string, extra: Partial<Parameters<AuditTrail['record']>[1]> = {}) => ({
      actor: { id: adminUser.id, label: adminUser.email, role: 'admin' },
      action: 'test.change',
      entityType: 'test_thing',
      entityId,
      before: null,
      after: { note: 'n' },
      ...extra,
    });

    it("is written in the caller's transaction: rolled back with it", async () => {
      const id = randomUUID();
      await expect(
        db.transaction(async (m) => {
          await audit.record(m, entry(id));
          throw new Error('the change failed after its entry');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rowsOf('test_thing', id)).toEqual([]);
      await db.transaction((m) => audit.record(m, entry(id)));
      expect(await rowsOf('test_thing', id)).toHaveLength(1);
    });

    it('keeps only the allow-listed fields and refuses an unregistered type', async () => {
      const id = randomUUID();
      await db.transaction((m) => audit.record(m, entry(id, { after: { note: 'kept', password_hash: 'x', token: 'y' } })));
      expect((await rowsOf('test_thing', id))[0].after).toEqual({ note: 'kept' });
      await expect(db.transaction((m) => audit.record(m, entry(id, { entityType: 'never_registered' })))).rejects.toThrow(/not registered/);
    });

    it('refuses UPDATE, DELETE and TRUNCATE; the scrub setting lets only the person fields change', async () => {
      const id = randomUUID();
      await db.transaction((m) => audit.record(m, entry(id)));
      await expect(db.query(`UPDATE audit_log SET action = 'x' WHERE entity_id = $1`, [id])).rejects.toThrow(
        /cannot be changed or deleted/,
      );
      await expect(db.query(`DELETE FROM audit_log WHERE entity_id = $1`, [id])).rejects.toThrow(/cannot be changed or deleted/);
      await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/cannot be changed or deleted/);
      await expect(
        db.transaction(async (m) => {
          await m.query(`SELECT set_config('audit_log.scrub', 'on', true)`);
          await m.query(`UPDATE audit_log SET action = 'x' WHERE entity_id = $1`, [id]);
        }),
      ).rejects.toThrow(/cannot be changed or deleted/);
      await expect(
        db.transaction(async (m) => {
          await m.query(`SELECT set_config('audit_log.scrub', 'on', true)`);
          await m.query(`DELETE FROM audit_log WHERE entity_id = $1`, [id]);
        }),
      ).rejects.toThrow(/cannot be changed or deleted/);
      // the setting is local to its transaction: gone afterwards
      await expect(db.query(`UPDATE audit_log SET actor_label = 'x' WHERE entity_id = $1`, [id])).rejects.toThrow(/cannot be changed/);
      expect(await rowsOf('test_thing', id)).toMatchObject([{ action: 'test.change', actor_label: adminUser.email }]);
    });

    it("an erasure scrubs the person inside old rows, which stay; other people's rows are untouched", async () => {
      const person = await createUser(db, { role: 'staff', firstName: 'Vesna', lastName: 'Perić' });
      const other = randomUUID();
      const id = randomUUID();
      const personActor = { id: person.id, label: person.email, role: 'staff' };
      await db.transaction(async (m) => {
        await audit.record(m, entry(id, { actor: personActor, after: { note: 'did it' } }));
        await audit.record(
          m,
          entry(id, {
            after: {
              email: person.email.toUpperCase(),
              name: 'Vesna Perić',
              note: `mail to Vesna Perić <${person.email}>`,
              list: [person.email],
            },
          }),
        );
        await audit.record(m, entry(other, { after: { email: 'someone@example.com', name: 'Vesna', note: 'other' } }));
      });
      const changed = await db.transaction((m) => audit.scrubPerson(m, { userId: person.id, values: [person.email, 'Vesna Perić'] }));
      expect(changed).toBe(2);
      const rows = await rowsOf('test_thing', id);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ actor_id: person.id, actor_label: ERASED, action: 'test.change', after: { note: 'did it' } });
      expect(rows[1]).toMatchObject({
        actor_label: adminUser.email,
        after: { email: ERASED, name: ERASED, note: `mail to ${ERASED} <${ERASED}>`, list: [ERASED] },
      });
      expect((await rowsOf('test_thing', other))[0].after).toEqual({ email: 'someone@example.com', name: 'Vesna', note: 'other' });
      // and the table is closed again after the scrub, in the same transaction too
      await expect(
        db.transaction(async (m) => {
          await audit.scrubPerson(m, { userId: person.id, values: [person.email] });
          await m.query(`UPDATE audit_log SET actor_label = 'x' WHERE entity_id = $1`, [id]);
        }),
      ).rejects.toThrow(/cannot be changed/);
    });
  });

  describe('GET /api/admin/audit', () => {
    const ids = { a: randomUUID(), b: randomUUID() };

    beforeAll(async () => {
      await db.transaction(async (m) => {
        for (let i = 0; i < 55; i++) {
          await audit.record(m, {
            actor: { id: adminUser.id, label: adminUser.email, role: 'admin' },
            action: i % 2 ? 'test.odd' : 'test.even',
            entityType: 'test_thing',
            entityId: ids.a,
            after: { note: String(i) },
          });
        }
        await audit.record(m, {
          actor: { id: staffUser.id, label: staffUser.email, role: 'staff' },
          action: 'order.ship',
          entityType: 'order',
          entityId: ids.b,
          after: { fulfilment_status: 'shipped' },
        });
      });
    });

    it('pages newest first, 50 a page, and filters by entity, action, actor and time', async () => {
      const first = await list(admin, `?entity_type=test_thing&entity_id=${ids.a}`);
      expect(first).toMatchObject({ total: 55, page: 1, page_size: 50 });
      expect(first.entries).toHaveLength(50);
      expect(first.entries[0].after).toEqual({ note: '54' });
      expect(Number(first.entries[0].id)).toBeGreaterThan(Number(first.entries[1].id));
      const second = await list(admin, `?entity_type=test_thing&entity_id=${ids.a}&page=2`);
      expect(second.entries.map((e) => e.after)).toEqual([{ note: '4' }, { note: '3' }, { note: '2' }, { note: '1' }, { note: '0' }]);
      expect((await list(admin, `?entity_id=${ids.a}&action=test.odd`)).total).toBe(27);
      expect((await list(admin, `?entity_id=${ids.b}&actor=${staffUser.id}`)).total).toBe(1);
      expect((await list(admin, `?entity_id=${ids.b}&actor=${encodeURIComponent(staffUser.email.slice(0, 8).toUpperCase())}`)).total).toBe(
        1,
      );
      expect((await list(admin, `?entity_id=${ids.b}&actor=${adminUser.id}`)).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(admin, `?entity_id=${ids.a}&from=${today}`)).total).toBe(55);
      expect((await list(admin, `?entity_id=${ids.a}&to=${today}`)).total).toBe(0);
      expect((await list(admin, `?entity_id=${ids.a}&from=2020-01-01T00:00:00Z&to=2999-01-01T00:00:00%2B02:00`)).total).toBe(55);
    });

    it('shows staff only the entries about their own work (orders, invoices, content, stock)', async () => {
      expect((await list(staff, `?entity_id=${ids.a}`)).total).toBe(0);
      const mine = await list(staff, `?entity_id=${ids.b}`);
      expect(mine.entries).toMatchObject([{ action: 'order.ship', actor_label: staffUser.email, actor_role: 'staff' }]);
      expect((await list(staff, '?entity_type=test_thing')).total).toBe(0);
    });

    it('answers a hostile query with 422 and its field, never a 500', async () => {
      const cases: Array<[string, string]> = [
        ['?page=0', 'page'],
        ['?page=abc', 'page'],
        ['?page=1&page=2', 'page'],
        ['?page=1e400', 'page'],
        ['?from=yesterday', 'from'],
        ['?from=2026-13-45', 'from'],
        ['?to=2026-02-30T25:00:00Z', 'to'],
        ['?from=2026-02-01&to=2026-01-01', 'to'],
        ['?entity_type=%3Cscript%3E', 'entity_type'],
        ['?entity_type=order&entity_type=invoice', 'entity_type'],
        ['?actor=%00', 'actor'],
        [`?entity_id=${'x'.repeat(201)}`, 'entity_id'],
        ["?action=order.ship'%20OR%201=1", 'action'],
      ];
      for (const [query, field] of cases) {
        const res = await admin.call('get', `/api/admin/audit${query}`);
        expect([query, res.status]).toEqual([query, 422]);
        expect(res.body.errors[0].field).toBe(field);
        // a NUL is refused by the platform for every input (CONTROL_CHARACTER) before the schema sees it
        expect(res.body.errors[0].code).toMatch(/^(AUDIT_(QUERY|DATE)_INVALID|CONTROL_CHARACTER)$/);
      }
      // a harmless but odd value is just a filter that finds nothing
      expect((await list(admin, `?actor=${encodeURIComponent("%_\\'")}`)).total).toBe(0);
    });
  });
});
