// /admin/queues on the real shop (web role): bull-board behind basic auth, with its own CSP, on
// Redis and on BullMQ's PostgreSQL backend.
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { RunningShop } from '../../../server/main.js';
import { DASHBOARD_CSP, QueueName, QueueService } from '../../../server/platform/queue/index.js';

const PASSWORD = 'dashboard-test-password';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let backendSeq = 0;

describe.each([
  ['Redis', {}],
  ['the PostgreSQL backend', { REDIS_URL: '' }],
])('queue dashboard on %s', (_backend, env: Record<string, string>) => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    // behind one trusted proxy hop, so tests can speak from client addresses of their own (X-Forwarded-For)
    shop = await startShop({
      role: 'web',
      env: {
        ...env,
        QUEUE_DASHBOARD_USER: 'ops',
        QUEUE_DASHBOARD_PASSWORD: PASSWORD,
        TRUST_PROXY: 'true',
        QUEUE_DASHBOARD_FAILED_AUTH_LIMIT: '5',
      },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('answers 401 with a basic-auth challenge without (right) credentials', async () => {
    const none = await request(shop.url).get('/admin/queues').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm="Queue dashboard"/);
    await request(shop.url).get('/admin/queues').set('Authorization', basic('ops', 'wrong-password')).expect(401);
    await request(shop.url).get('/admin/queues/api/queues').expect(401);
  });

  it('serves the dashboard with its own CSP to an operator', async () => {
    const res = await request(shop.url).get('/admin/queues').set('Authorization', basic('ops', PASSWORD)).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists every queue with its job counts', async () => {
    await shop.app.get(QueueService).add(QueueName.Mail, 'dashboard-probe', { id: 'x' }, { jobId: 'dashboard-probe', delay: 60_000 });
    const res = await request(shop.url)
      .get('/admin/queues/api/queues?activeQueue=mail&status=delayed')
      .set('Authorization', basic('ops', PASSWORD))
      .expect(200);
    const queues = res.body.queues as Array<{ name: string; counts: Record<string, number>; jobs: Array<{ id: string }> }>;
    expect(queues.map((q) => q.name).sort()).toEqual(
      expect.arrayContaining(Object.values(QueueName).map((n) => expect.stringContaining(n))),
    );
    const mail = queues.find((q) => q.name.endsWith(QueueName.Mail))!;
    expect(mail.counts.delayed).toBeGreaterThanOrEqual(1);
    expect(mail.jobs.map((j) => j.id)).toContain('dashboard-probe');
    await (await shop.app.get(QueueService).queue(QueueName.Mail).getJob('dashboard-probe'))?.remove();
  });

  it('refuses a cross-site write from an authenticated browser, takes a same-origin one', async () => {
    const mail = shop.app.get(QueueService).queue(QueueName.Mail);
    const auth = basic('ops', PASSWORD);
    await request(shop.url)
      .put('/admin/queues/api/queues/mail/pause')
      .set('Authorization', auth)
      .set('Sec-Fetch-Site', 'cross-site')
      .expect(403);
    expect(await mail.isPaused()).toBe(false);
    await request(shop.url)
      .put('/admin/queues/api/queues/mail/pause')
      .set('Authorization', auth)
      .set('Origin', shop.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    expect(await mail.isPaused()).toBe(true);
    await request(shop.url)
      .put('/admin/queues/api/queues/mail/resume')
      .set('Authorization', auth)
      .set('Origin', shop.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    expect(await mail.isPaused()).toBe(false);
  });

  it('limits failed sign-ins per client address: 429 with Retry-After, while the right password from elsewhere works', async () => {
    const attacker = `203.0.113.${backendSeq++ * 10 + 1}`;
    const guess = (password: string, from = attacker) =>
      request(shop.url).get('/admin/queues/api/queues').set('X-Forwarded-For', from).set('Authorization', basic('ops', password));
    // a browser's first request without credentials is not a failure
    for (let i = 0; i < 3; i++) await request(shop.url).get('/admin/queues').set('X-Forwarded-For', attacker).expect(401);
    for (let i = 1; i <= 5; i++) await guess(`guess-${i}`).expect(401);
    const limited = await guess('guess-6').expect(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.text).toBe(`Too many failed sign-in attempts. Please try again in ${retryAfter} s.`);
    expect(limited.headers['www-authenticate']).toBeUndefined();
    // from that address even the right password waits; the operator elsewhere gets in
    await guess(PASSWORD).expect(429);
    await guess(PASSWORD, `198.51.100.${backendSeq * 10 + 2}`).expect(200);
  });

  it('is part of readiness', async () => {
    const ready = await request(shop.url).get('/api/health/ready').expect(200);
    expect(ready.body.data.checks.queue).toEqual({ status: 'up' });
  });
});

/** A non-loopback address of this machine (the tests connect to the shop through it), if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('queue dashboard without QUEUE_DASHBOARD_PASSWORD (outside production)', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    // listening on every interface, as the default HOST does; no password configured: operator / operator-dev
    shop = await startShop({ role: 'web', env: { HOST: '0.0.0.0' } });
    expect(shop.config.queue.dashboardPasswordConfigured).toBe(false);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('serves the development default to a loopback client (a forwarded-for header changes nothing without TRUST_PROXY)', async () => {
    await request(shop.url).get('/admin/queues').set('Authorization', basic('operator', 'operator-dev')).expect(200);
    await request(shop.url)
      .get('/admin/queues')
      .set('Authorization', basic('operator', 'operator-dev'))
      .set('X-Forwarded-For', '192.0.2.99')
      .expect(200);
    await request(shop.url).get('/admin/queues').set('Authorization', basic('operator', 'wrong-password')).expect(401);
  });

  (external ? it : it.skip)(
    `is closed to a client on another address (${external ?? 'this machine has none'}), even with the right password`,
    async () => {
      const remote = `http://${external!}:${new URL(shop.url).port}`;
      // the address the shop is known by (PUBLIC_URL's host: another host would be redirected there first)
      const host = new URL(shop.url).host;
      const res = await request(remote)
        .get('/admin/queues')
        .set('Host', host)
        .set('Authorization', basic('operator', 'operator-dev'))
        .expect(403);
      expect(res.text).toMatch(/set QUEUE_DASHBOARD_PASSWORD/);
      // a spoofed header claiming loopback does not open it
      await request(remote)
        .get('/admin/queues/api/queues')
        .set('Host', host)
        .set('Authorization', basic('operator', 'operator-dev'))
        .set('X-Forwarded-For', '127.0.0.1')
        .expect(403);
      // the rest of the shop answers that client as usual
      await request(remote).get('/api/health').set('Host', host).expect(200);
    },
  );
});
