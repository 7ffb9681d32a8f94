import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { pressMailLink } from '../../support/mail-links.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { SEND_TEMPLATE_JOB } from '../../../server/platform/mail/index.js';
import { isSealed, QueueName, QueueService } from '../../../server/platform/queue/index.js';
import type { RunningShop } from '../../../server/main.js';

const DASHBOARD_PASSWORD = 'tokens-at-rest-dashboard';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * An SMTP hop the test can make fail: while `refusing`, every connection is dropped before the
 * greeting (the mail server is down); otherwise it pipes to the test mailbox.
 */
async function flakySmtp(targetPort: number) {
  const state = { refusing: false, refused: 0 };
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (state.refusing) {
      state.refused++;
      socket.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Everything stored under the shop's queue prefix in Redis, as one string. */
async function redisContents(prefix: string): Promise<{ keys: number; text: string }> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const parts: string[] = [];
  let keys = 0;
  try {
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of batch) {
        keys++;
        const type = await redis.type(key);
        let value: unknown;
        if (type === 'string') value = await redis.get(key);
        else if (type === 'hash') value = await redis.hgetall(key);
        else if (type === 'list') value = await redis.lrange(key, 0, -1);
        else if (type === 'set') value = await redis.smembers(key);
        else if (type === 'zset') value = await redis.zrange(key, 0, -1);
        else if (type === 'stream') value = await redis.xrange(key, '-', '+');
        else value = `(${type})`;
        parts.push(`${key} ${JSON.stringify(value)}`);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return { keys, text: parts.join('\n') };
}

/** Every row of every table in the shop's schemas (public, and bullmq when it exists), as text. */
async function databaseContents(db: DataSource): Promise<string> {
  const tables = (await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('public', 'bullmq') AND table_type = 'BASE TABLE'`,
  )) as Array<{ table_schema: string; table_name: string }>;
  const parts: string[] = [];
  for (const t of tables) {
    const rows = (await db.query(`SELECT t::text AS row FROM "${t.table_schema}"."${t.table_name}" t`)) as Array<{ row: string }>;
    parts.push(...rows.map((r) => `${t.table_name} ${r.row}`));
  }
  return parts.join('\n');
}

/**
 * Issue 8, F8: no token of a mailed link is kept in clear where jobs and events live (Redis, the
 * outbox and every other table, the dashboard), on the real shop (role all: relay, workers, SMTP).
 */
describe('tokens of mailed links are kept nowhere in clear (real PostgreSQL, Redis, SMTP)', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let smtp: Awaited<ReturnType<typeof flakySmtp>>;
  let db: DataSource;
  let PUBLIC_URL = '';
  const basic = `Basic ${Buffer.from(`operator:${DASHBOARD_PASSWORD}`).toString('base64')}`;

  beforeAll(async () => {
    mailbox = await startMailbox();
    smtp = await flakySmtp(Number(new URL(mailbox.url).port));
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({
      env: {
        SMTP_URL: smtp.url,
        PORT: String(port),
        PUBLIC_URL,
        AUTH_RATE_LIMIT_PER_IP: '1000',
        QUEUE_RETRY_DELAY_MS: '100',
        QUEUE_DASHBOARD_USER: 'operator',
        QUEUE_DASHBOARD_PASSWORD: DASHBOARD_PASSWORD,
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await smtp?.close();
    await mailbox?.close();
  });

  const registration = (address: string) => ({
    first_name: 'Vesna',
    last_name: 'Tajna',
    birthday: '1991-02-03',
    email: address,
    password: 'lozinka1',
    password_confirmation: 'lozinka1',
    terms_accepted: true,
    locale: 'en',
  });

  async function queuesIdle(): Promise<boolean> {
    const queues = shop.app.get(QueueService);
    for (const name of [QueueName.Events, QueueName.Mail]) {
      const counts = await queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).some((n) => n > 0)) return false;
    }
    return true;
  }

  /** The completed mail jobs to an address, read from the queue. */
  async function mailJobsTo(address: string) {
    const jobs = await shop.app.get(QueueService).queue(QueueName.Mail).getJobs(['completed'], 0, -1);
    return jobs.filter((j) => j?.name === SEND_TEMPLATE_JOB && j.data?.to === address);
  }

  it('mails working links for registration, reset, magic link, invitation and e-mail change, and keeps none of their tokens readable', async () => {
    const tokens: Record<string, string> = {};

    // registration: the activation link
    const newcomer = uniqueEmail('vesna');
    const visitor = await shopper(shop.url, 'en');
    await visitor.call('post', '/api/users', registration(newcomer)).expect(202);
    const activationLink = (await mailbox.next(newcomer)).links[0];
    tokens.activation = new URL(activationLink).searchParams.get('token')!;

    // forgot password: the reset link
    const customer = await createUser(db, { locale: 'en' });
    const anon = await shopper(shop.url, 'en');
    await anon.call('post', '/api/auth/password/request', { email: customer.email }).expect(202);
    tokens.reset = (await mailbox.next(customer.email)).links[0].split('/').pop()!;

    // magic link
    await anon.call('post', '/api/auth/magic-link', { email: customer.email, redirect: '/en/cart', locale: 'en' }).expect(202);
    tokens.magic = new URL((await mailbox.next(customer.email)).links[0]).searchParams.get('token')!;

    // an operator's invitation of a business buyer
    const admin = await createUser(db, { role: 'admin' });
    const adminSession = await signIn(shop.url, admin.email, admin.password);
    const invited = uniqueEmail('hotel');
    await adminSession
      .call('post', '/api/users/invite', {
        email: invited,
        company_name: 'Hotel Tajna d.o.o.',
        vat_number: '69435151530',
        first_name: 'Ivo',
        locale: 'en',
      })
      .expect(202);
    tokens.invitation = new URL((await mailbox.next(invited)).links[0]).searchParams.get('invite')!;

    // a change of e-mail address: the confirmation link goes to the new address
    const mover = await createUser(db, { locale: 'en' });
    const moverSession = await signIn(shop.url, mover.email, mover.password);
    const newAddress = uniqueEmail('moved');
    await moverSession.call('patch', '/api/users/me', { email: newAddress }).expect(200);
    tokens.emailChange = new URL((await mailbox.next(newAddress)).links[0]).searchParams.get('token')!;

    for (const [what, token] of Object.entries(tokens)) expect([what, token]).toEqual([what, expect.stringMatching(TOKEN)]);
    await waitFor('the events and mail queues idle', queuesIdle);

    // The mail jobs are still kept (completed, for a day): they show template, recipient and
    // language; the props (with the links) are sealed.
    for (const address of [newcomer, customer.email, invited, newAddress]) {
      const jobs = await mailJobsTo(address);
      expect(jobs.length).toBeGreaterThanOrEqual(1);
      for (const job of jobs) {
        expect(isSealed(job.data.props)).toBe(true);
        expect(Object.keys(job.data).sort()).toEqual(['locale', 'props', 'template', 'to']);
        expect(JSON.stringify(job.data)).not.toMatch(/token=|invite=|reset-password\//);
      }
    }

    // Nothing readable in Redis (every key of the shop's prefix: jobs, events stream, ...),
    // in any table (outbox payloads, inbox, user_token, ...) or on the dashboard.
    const redis = await redisContents(shop.config.queue.prefix);
    expect(redis.keys).toBeGreaterThan(0);
    expect(redis.text).toContain(newcomer); // the dump does hold the jobs
    const tables = await databaseContents(db);
    expect(tables).toContain(newcomer);
    const dashboard: string[] = [];
    for (const queue of [QueueName.Mail, QueueName.Events])
      for (const status of ['completed', 'failed', 'delayed', 'waiting']) {
        const res = await request(shop.url)
          .get(`/admin/queues/api/queues?activeQueue=${queue}&status=${status}`)
          .set('Authorization', basic)
          .expect(200);
        dashboard.push(res.text);
      }
    expect(dashboard.join('\n')).toContain(newAddress);
    for (const [what, token] of Object.entries(tokens)) {
      expect([what, redis.text.includes(token)]).toEqual([what, false]);
      expect([what, tables.includes(token)]).toEqual([what, false]);
      expect([what, dashboard.some((page) => page.includes(token))]).toEqual([what, false]);
    }

    // ... and the mailed links work.
    expect((await pressMailLink(shop.url, activationLink)).status).toBe(200);
    await signIn(shop.url, newcomer, 'lozinka1');
    expect((await (await shopper(shop.url, 'en')).call('post', '/api/auth/magic-link/verify', { token: tokens.magic })).status).toBe(200);
  });

  it('a mail job that failed and was retried still mails a valid link', async () => {
    const address = uniqueEmail('retried');
    smtp.state.refusing = true;
    smtp.state.refused = 0;
    try {
      const s = await shopper(shop.url, 'en');
      await s.call('post', '/api/users', registration(address)).expect(202);
      await waitFor('a refused delivery attempt', () => smtp.state.refused >= 1);
    } finally {
      smtp.state.refusing = false;
    }
    const mail = await mailbox.next(address, 30_000);
    const [job] = await waitFor('the completed mail job', async () => {
      const jobs = await mailJobsTo(address);
      return jobs.length ? jobs : undefined;
    });
    expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(isSealed(job.data.props)).toBe(true);
    const link = mail.links[0];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/en/activate-account\\?token=[A-Za-z0-9_-]{43}$`));
    expect((await pressMailLink(shop.url, link)).status).toBe(200);
    await signIn(shop.url, address, 'lozinka1');
  });
});
