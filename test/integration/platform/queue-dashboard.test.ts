// /admin/queues on the real shop (web role): bull-board behind basic auth, with its own CSP, on
// Redis and on BullMQ's PostgreSQL backend.
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { RunningShop } from '../../../server/main.js';
import { DASHBOARD_CSP, QueueName, QueueService } from '../../../server/platform/queue/index.js';

const PASSWORD = 'dashboard-test-password';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each([
  ['Redis', {}],
  ['the PostgreSQL backend', { REDIS_URL: '' }],
])('queue dashboard on %s', (_backend, env: Record<string, string>) => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop({ role: 'web', env: { ...env, QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: PASSWORD } });
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
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    expect(await mail.isPaused()).toBe(true);
    await request(shop.url)
      .put('/admin/queues/api/queues/mail/resume')
      .set('Authorization', auth)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(200);
    expect(await mail.isPaused()).toBe(false);
  });

  it('is part of readiness', async () => {
    const ready = await request(shop.url).get('/api/health/ready').expect(200);
    expect(ready.body.data.checks.queue).toEqual({ status: 'up' });
  });
});
