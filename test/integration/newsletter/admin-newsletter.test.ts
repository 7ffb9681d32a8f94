// The operators' newsletter API (docs/admin.md 'Newsletter') on the real shop (role all, mails over
// SMTP): subscribers with consent records, a campaign composed in two languages, previewed, tested
// on the operator's own address, sent paced to the confirmed subscribers only (pending and
// unsubscribed get nothing, a language not written is skipped, someone who leaves mid-send is
// stopped), with its headers, once per person whatever the queue repeats, its figures, roles,
// hostile input and the audit log.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  AdminCampaignDetailResponse,
  AdminCampaignListResponse,
  AdminSubscriptionListResponse,
  RenderedCampaignResponse,
  type AdminCampaignDetail,
} from '../../../contract/api/admin-newsletter.js';
import { NEWSLETTER_CONSENT_VERSION } from '../../../contract/newsletter.js';
import type { RunningShop } from '../../../server/main.js';
import { APP_CONFIG, type AppConfig } from '../../../server/config/index.js';
import { QueueName, QueueService } from '../../../server/platform/queue/index.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

type Shop = RunningShop & { url: string };

function exactly<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

const HR = {
  subject: 'Jesenski recepti',
  preheader: 'Tri jela za hladne dane',
  blocks: [
    { type: 'heading', text: 'Jesen je stigla' },
    { type: 'paragraph', text: 'Za hladne dane: fuži s tartufima.' },
    { type: 'image', src: '/images/fuzi.jpg', alt: 'Fuži na tanjuru' },
    { type: 'button', label: 'Pogledajte recepte', url: '/recepti' },
  ],
};
const DE = {
  subject: 'Herbstrezepte',
  blocks: [
    { type: 'heading', text: 'Der Herbst ist da' },
    { type: 'paragraph', text: 'Für kalte Tage: Fuži mit Trüffeln.' },
  ],
};

describe("operators' newsletter API (/api/admin/newsletter)", () => {
  let shop: Shop;
  let mailbox: Mailbox;
  let db: DataSource;
  let admin: Shopper;
  let adminEmail: string;
  let PUBLIC_URL = '';

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        PORT: String(port),
        PUBLIC_URL,
        AUTH_RATE_LIMIT_PER_IP: '1000',
        MAIL_MARKETING_FROM: 'Zlatno zrno novosti <novosti@example.hr>',
        MAIL_MARKETING_REPLY_TO: 'obitelj@example.hr',
        NEWSLETTER_LIST_ID: '<novosti.example.hr>',
        // 300 a minute: 200 ms apart, so a send of a few mails takes a second and can be watched
        NEWSLETTER_RATE_PER_MINUTE: '300',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    adminEmail = operator.email;
    admin = await signIn(shop.url, operator.email, operator.password);
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  /** A subscription row as the double opt-in leaves it. */
  async function subscriber(status: 'pending' | 'confirmed' | 'unsubscribed', locale: string, prefix = 'nl-admin'): Promise<string> {
    const email = uniqueEmail(`${prefix}-${status}-${locale}`);
    const id = randomUUID();
    const nonce = randomUUID();
    // the unsubscribe token's hash as the module keeps it (docs/newsletter.md: HMAC of id and nonce), so its links work
    const secret = shop.app.get<AppConfig>(APP_CONFIG).secretKey;
    const token = createHmac('sha256', secret).update(`newsletter-unsubscribe|${id}|${nonce}`).digest('base64url');
    await db.query(
      `INSERT INTO newsletter_subscription (id, email, locale, status, source, consent_at, consent_ip, consent_text, consent_version,
         confirm_requested_at, confirmed_at, confirmed_ip, unsubscribe_nonce, unsubscribe_token_hash, unsubscribed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'home', now(), '198.51.100.7', 'Želim primati newsletter', $5, now(),
         CASE WHEN $4 <> 'pending' THEN now() END, CASE WHEN $4 <> 'pending' THEN '198.51.100.8' END,
         $6, $7, CASE WHEN $4 = 'unsubscribed' THEN now() END, now(), now())`,
      [id, email, locale, status, NEWSLETTER_CONSENT_VERSION, nonce, createHash('sha256').update(token).digest('hex')],
    );
    return email;
  }

  async function create(body: Record<string, unknown> = {}): Promise<AdminCampaignDetail> {
    const res = await admin.call('post', '/api/admin/newsletter/campaigns', { name: 'Jesen', content: { hr: HR }, ...body });
    expect(res.status).toBe(201);
    return exactly(AdminCampaignDetailResponse, res.body).data;
  }
  const detail = async (id: string) =>
    exactly(AdminCampaignDetailResponse, (await admin.call('get', `/api/admin/newsletter/campaigns/${id}`).expect(200)).body).data;

  it('answers an admin only: staff and customers 403, anonymous 401, on every route; mutations need the CSRF token', async () => {
    const c = await create();
    const customer = await createUser(db);
    const staffUser = await createUser(db, { role: 'staff' });
    const callers = {
      anonymous: await shopper(shop.url),
      customer: await signIn(shop.url, customer.email, customer.password),
      staff: await signIn(shop.url, staffUser.email, staffUser.password),
    };
    const routes: Array<['get' | 'post' | 'patch', string, unknown?]> = [
      ['get', '/api/admin/newsletter/subscriptions'],
      ['get', '/api/admin/newsletter/campaigns'],
      ['post', '/api/admin/newsletter/campaigns', { name: 'x', content: { hr: HR } }],
      ['get', `/api/admin/newsletter/campaigns/${c.id}`],
      ['patch', `/api/admin/newsletter/campaigns/${c.id}`, { name: 'y' }],
      ['post', '/api/admin/newsletter/preview', { locale: 'hr', version: HR }],
      ['get', `/api/admin/newsletter/campaigns/${c.id}/preview?locale=hr`],
      ['post', `/api/admin/newsletter/campaigns/${c.id}/test`, { locale: 'hr' }],
      ['post', `/api/admin/newsletter/campaigns/${c.id}/send`, {}],
    ];
    for (const [method, path, body] of routes) {
      const anon = await callers.anonymous.call(method, path, body);
      expect([method, path, anon.status]).toEqual([method, path, 401]);
      for (const who of [callers.customer, callers.staff]) {
        const res = await who.call(method, path, body);
        expect([method, path, res.status, res.body.errors?.[0]?.code]).toEqual([method, path, 403, 'AUTH_FORBIDDEN']);
      }
    }
    const noCsrf = await admin.agent.post('/api/admin/newsletter/campaigns').send({ name: 'x', content: { hr: HR } });
    expect(noCsrf.status).toBe(403);
    // nothing was sent by the refused calls
    expect((await detail(c.id)).status).toBe('draft');
  });

  it('lists subscribers with their consent records, by status and part of the address', async () => {
    const email = await subscriber('confirmed', 'sl', 'nl-list');
    await subscriber('pending', 'hr', 'nl-list');
    const res = await admin
      .call('get', `/api/admin/newsletter/subscriptions?status=confirmed&q=${encodeURIComponent(email.slice(0, 20))}`)
      .expect(200);
    const list = exactly(AdminSubscriptionListResponse, res.body).data;
    const row = list.subscriptions.find((s) => s.email === email)!;
    expect(row).toMatchObject({
      locale: 'sl',
      status: 'confirmed',
      source: 'home',
      consent_ip: '198.51.100.7',
      consent_text: 'Želim primati newsletter',
      consent_version: NEWSLETTER_CONSENT_VERSION,
      confirmed_ip: '198.51.100.8',
    });
    expect(list.subscriptions.every((s) => s.status === 'confirmed')).toBe(true);
    expect(list.counts.pending).toBeGreaterThanOrEqual(1);
    for (const bad of ['status=gone', 'page=0', 'page=abc', 'status=confirmed&status=pending']) {
      const r = await admin.call('get', `/api/admin/newsletter/subscriptions?${bad}`);
      expect([bad, r.status, r.body.errors?.[0]?.code]).toEqual([bad, 422, 'NEWSLETTER_FILTER_INVALID']);
    }
  });

  it('refuses hostile and invalid campaigns with localized 4xx, never a 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '', content: { hr: HR } }, 'NEWSLETTER_NAME_INVALID'],
      [{ name: 'x', content: { de: DE } }, 'NEWSLETTER_CROATIAN_REQUIRED'],
      [{ name: 'x', content: { hr: HR, xx: DE } }, 'NEWSLETTER_LOCALE_INVALID'],
      [{ name: 'x', content: { hr: { ...HR, subject: ' ' } } }, 'NEWSLETTER_SUBJECT_INVALID'],
      [{ name: 'x', content: { hr: { ...HR, blocks: [] } } }, 'NEWSLETTER_BLOCKS_INVALID'],
      [{ name: 'x', content: { hr: { ...HR, blocks: [{ type: 'script', text: 'x' }] } } }, 'NEWSLETTER_BLOCK_INVALID'],
      [
        { name: 'x', content: { hr: { ...HR, blocks: [{ type: 'button', label: 'x', url: 'javascript:alert(1)' }] } } },
        'NEWSLETTER_LINK_URL_INVALID',
      ],
      [
        { name: 'x', content: { hr: { ...HR, blocks: [{ type: 'image', src: '//evil.example/x.png', alt: 'x' }] } } },
        'NEWSLETTER_IMAGE_INVALID',
      ],
      [
        { name: 'x', content: { hr: { ...HR, blocks: [{ type: 'image', src: 'https://evil.example/x.png', alt: 'x' }] } } },
        'NEWSLETTER_IMAGE_NOT_SHOP',
      ],
      [{ name: 'x', content: { hr: HR }, other_languages: 'all' }, 'NEWSLETTER_OTHERS_INVALID'],
      [{ name: 'x'.repeat(500), content: { hr: HR } }, 'NEWSLETTER_NAME_INVALID'],
      [{ name: { $ne: 1 }, content: 'hr' }, 'NEWSLETTER_NAME_INVALID'],
      [[1, 2], 'NEWSLETTER_NAME_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await admin.call('post', '/api/admin/newsletter/campaigns', body).set('Accept-Language', 'de');
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 422]);
      expect(res.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const de = await admin.call('post', '/api/admin/newsletter/campaigns', { name: 'x', content: { de: DE } }).set('Accept-Language', 'de');
    expect(de.body.errors[0].message).toBe('Die Kampagne braucht eine kroatische Fassung.');
    expect((await admin.call('get', '/api/admin/newsletter/campaigns/not-a-uuid')).status).toBe(422);
    expect((await admin.call('get', `/api/admin/newsletter/campaigns/${randomUUID()}`)).status).toBe(404);
    expect((await admin.call('post', `/api/admin/newsletter/campaigns/${randomUUID()}/send`, {})).status).toBe(404);
    const c = await create();
    expect((await admin.call('patch', `/api/admin/newsletter/campaigns/${c.id}`, {})).body.errors[0].code).toBe('NEWSLETTER_CHANGE_EMPTY');
    expect((await admin.call('post', `/api/admin/newsletter/campaigns/${c.id}/test`, { locale: 'de' })).body.errors[0].code).toBe(
      'NEWSLETTER_VERSION_MISSING',
    );
    expect((await admin.call('post', '/api/admin/newsletter/preview', { locale: 'xx', version: HR })).status).toBe(422);
  });

  it('composes, previews, tests on the operator only, sends paced to confirmed subscribers only, once, with headers and figures; audited', async () => {
    mailbox.reset();
    // only this test's subscribers are confirmed
    await db.query(`UPDATE newsletter_subscription SET status = 'unsubscribed' WHERE status = 'confirmed'`);
    const hr1 = await subscriber('confirmed', 'hr');
    const hr2 = await subscriber('confirmed', 'hr');
    const de1 = await subscriber('confirmed', 'de');
    const en1 = await subscriber('confirmed', 'en'); // English is not written: skipped
    const leaver = await subscriber('confirmed', 'hr'); // unsubscribes before their turn
    const pending = await subscriber('pending', 'hr');
    const gone = await subscriber('unsubscribed', 'de');

    // compose in Croatian, then add German
    const c = await create({ name: 'Jesen 2026' });
    expect(c).toMatchObject({ status: 'draft', languages: ['hr'], subject: 'Jesenski recepti', other_languages: 'skip' });
    const edited = exactly(
      AdminCampaignDetailResponse,
      (await admin.call('patch', `/api/admin/newsletter/campaigns/${c.id}`, { content: { hr: HR, de: DE } }).expect(200)).body,
    ).data;
    expect(edited.languages).toEqual(['hr', 'de']);
    const audience = Object.fromEntries(edited.audience.map((a) => [a.locale, a]));
    expect(audience.de.gets).toBe('de');
    expect(audience.en.gets).toBeNull();
    expect(audience.hr.subscribers).toBeGreaterThanOrEqual(3);

    // preview: the rendered mail, images and links made absolute on the shop
    const preview = exactly(
      RenderedCampaignResponse,
      (await admin.call('post', '/api/admin/newsletter/preview', { locale: 'hr', version: HR }).expect(200)).body,
    ).data;
    expect(preview.subject).toBe('Jesenski recepti');
    expect(preview.html).toContain(`src="${PUBLIC_URL}/images/fuzi.jpg"`);
    expect(preview.html).toContain(`href="${PUBLIC_URL}/recepti"`);
    expect(preview.html).toContain('alt="Fuži na tanjuru"');
    expect(preview.text).toContain('Za hladne dane: fuži s tartufima.');
    // the saved version as the iframe's document: its own policy runs nothing, only the back office frames it
    const doc = await admin.call('get', `/api/admin/newsletter/campaigns/${c.id}/preview?locale=de`).expect(200);
    expect(doc.headers['content-type']).toMatch(/^text\/html/);
    expect(doc.headers['content-security-policy']).toContain("default-src 'none'");
    expect(doc.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(doc.headers['content-security-policy']).toContain('sandbox');
    expect(doc.text).toContain('Der Herbst ist da');
    expect((await admin.call('get', `/api/admin/newsletter/campaigns/${c.id}/preview?locale=sl`)).status).toBe(422);

    // test send: only to the operator, marked, counted nowhere
    const test = await admin.call('post', `/api/admin/newsletter/campaigns/${c.id}/test`, { locale: 'de' }).expect(200);
    expect(test.body).toEqual({ data: { to: adminEmail } });
    const testMail = await mailbox.next(adminEmail);
    expect(testMail.subject).toBe('[TEST] Herbstrezepte');
    expect(testMail.headers.from).toContain('novosti@example.hr');
    expect(mailbox.mails.filter((m) => !m.to.includes(adminEmail.toLowerCase()))).toHaveLength(0);
    expect((await detail(c.id)).counts.recipients).toBe(0);

    // someone leaves while the send is paced: their turn finds them unsubscribed
    await db.query(`UPDATE newsletter_campaign SET updated_at = now() WHERE id = $1`, [c.id]);
    const sent = exactly(
      AdminCampaignDetailResponse,
      (await admin.call('post', `/api/admin/newsletter/campaigns/${c.id}/send`, {}).expect(200)).body,
    ).data;
    expect(sent.status).toBe('sending');
    await db.query(`UPDATE newsletter_subscription SET status = 'unsubscribed', unsubscribed_at = now() WHERE email = $1`, [leaver]);
    // a second send (a double click, a retried request) changes nothing
    await admin.call('post', `/api/admin/newsletter/campaigns/${c.id}/send`, {}).expect(200);

    const hrMail = await mailbox.next(hr1);
    await mailbox.next(hr2);
    const deMail = await mailbox.next(de1);
    expect(hrMail.subject).toBe('Jesenski recepti');
    expect(deMail.subject).toBe('Herbstrezepte');
    expect(deMail.headers['content-language']).toBe('de');
    // the marketing sender, a Reply-To a person reads, the list's headers
    expect(hrMail.headers.from).toBe('Zlatno zrno novosti <novosti@example.hr>');
    expect(hrMail.headers['reply-to']).toBe('obitelj@example.hr');
    expect(hrMail.headers['list-id']).toBe('<novosti.example.hr>');
    expect(hrMail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}>$`),
    );
    expect(hrMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(hrMail.headers.precedence).toBe('bulk');
    // the body's own unsubscribe link, with this recipient's token
    const token = /token=([A-Za-z0-9_-]{43})/.exec(hrMail.headers['list-unsubscribe'])![1];
    expect(hrMail.links.some((l) => l.startsWith(`${PUBLIC_URL}/newsletter/odjava?token=${token}`))).toBe(true);
    expect(deMail.headers['list-unsubscribe']).not.toContain(token);

    const done = await waitFor('the send to finish', async () => {
      const d = await detail(c.id);
      return d.status === 'sent' ? d : null;
    });
    expect(done.counts).toEqual({ recipients: 5, queued: 0, sent: 3, failed: 0, skipped: 1, stopped: 1, unsubscribed_since: 1 });
    // nobody else got anything: pending, unsubscribed, the skipped English reader and the leaver
    for (const nobody of [pending, gone, en1, leaver]) expect(mailbox.to(nobody)).toHaveLength(0);
    // paced: the three mails left at least 2 x 200 ms apart in all
    const sentAt = (await db.query(`SELECT sent_at FROM newsletter_delivery WHERE campaign_id = $1 AND status = 'sent' ORDER BY sent_at`, [
      c.id,
    ])) as Array<{
      sent_at: Date;
    }>;
    expect(sentAt[2].sent_at.getTime() - sentAt[0].sent_at.getTime()).toBeGreaterThanOrEqual(350);

    // the queue repeating a job (a retry, a restart re-adding it) sends nothing again
    const queues = shop.app.get(QueueService);
    const [delivery] = (await db.query(`SELECT id FROM newsletter_delivery WHERE campaign_id = $1 AND status = 'sent' LIMIT 1`, [
      c.id,
    ])) as Array<{
      id: string;
    }>;
    await queues.add(QueueName.Newsletter, 'send-campaign-mail', { deliveryId: delivery.id }, { jobId: `again-${delivery.id}` });
    expect(await mailbox.quiet(hr1, 800)).toBe(0);
    expect(await mailbox.quiet(hr2, 0)).toBe(0);

    // unsubscribing by the mail's one-click link counts as 'unsubscribed since'
    await (
      await shopper(shop.url)
    ).agent
      .post(`/api/newsletter/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await detail(c.id)).counts.unsubscribed_since).toBe(2);

    // a sent campaign stays as it went out
    const locked = await admin.call('patch', `/api/admin/newsletter/campaigns/${c.id}`, { name: 'later' });
    expect([locked.status, locked.body.errors[0].code]).toEqual([409, 'NEWSLETTER_CAMPAIGN_SENT']);

    // the list shows it with its figures
    const list = exactly(AdminCampaignListResponse, (await admin.call('get', '/api/admin/newsletter/campaigns').expect(200)).body).data;
    expect(list.campaigns.find((x) => x.id === c.id)?.counts.sent).toBe(3);

    // the audit log: create, update, send, with allow-listed fields only
    const log = (await admin.call('get', `/api/admin/audit?entity_type=newsletter_campaign&entity_id=${c.id}`).expect(200)).body.data;
    const actions = log.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['newsletter_campaign.send', 'newsletter_campaign.update', 'newsletter_campaign.create']);
    expect(log.entries[0].after).toMatchObject({ status: 'sending', recipients: 5, skipped: 1 });
    expect(log.entries[1].after).toEqual({ name: 'Jesen 2026', languages: ['hr', 'de'] });
    expect(JSON.stringify(log)).not.toContain(hr1);
  });

  it("'send hr to the others' gives the Croatian version to a language not written; nobody confirmed: 409", async () => {
    await db.query(`UPDATE newsletter_subscription SET status = 'unsubscribed' WHERE status = 'confirmed'`);
    const empty = await create();
    const refused = await admin.call('post', `/api/admin/newsletter/campaigns/${empty.id}/send`, {});
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, 'NEWSLETTER_NO_RECIPIENTS']);

    const sl = await subscriber('confirmed', 'sl', 'nl-others');
    const c = await create({ other_languages: 'hr' });
    await admin.call('post', `/api/admin/newsletter/campaigns/${c.id}/send`, {}).expect(200);
    const mail = await mailbox.next(sl);
    expect(mail.subject).toBe('Jesenski recepti');
    expect(mail.headers['content-language']).toBe('hr');
  });
});
