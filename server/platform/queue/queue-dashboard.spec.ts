import express from 'express';
import request from 'supertest';
import { basicAuth, dashboardOpenTo, isLoopback, sameOriginWrites } from './queue-dashboard.js';

function app() {
  const a = express();
  a.use('/admin', basicAuth({ user: 'operator', password: 's3cret-pass', realm: 'Queue dashboard' }), sameOriginWrites, (_req, res) => {
    res.json({ ok: true });
  });
  return a;
}
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('queue dashboard guards', () => {
  it('answers 401 with a basic-auth challenge without credentials', async () => {
    const res = await request(app()).get('/admin').expect(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="Queue dashboard", charset="UTF-8"');
  });

  it.each([
    ['a wrong password', basic('operator', 'wrong')],
    ['a wrong user', basic('admin', 's3cret-pass')],
    ['a password prefix', basic('operator', 's3cret')],
    ['no colon', `Basic ${Buffer.from('operators3cret-pass').toString('base64')}`],
    ['another scheme', 'Bearer abc'],
  ])('answers 401 for %s', async (_what, header) => {
    await request(app()).get('/admin').set('Authorization', header).expect(401);
  });

  it('lets the right credentials through (a colon in the password is fine)', async () => {
    await request(app()).get('/admin').set('Authorization', basic('operator', 's3cret-pass')).expect(200, { ok: true });
    const colon = express().use(basicAuth({ user: 'op', password: 'a:b:c-long', realm: 'r' }), (_req, res) => void res.send('ok'));
    await request(colon).get('/').set('Authorization', basic('op', 'a:b:c-long')).expect(200);
  });

  it('refuses cross-site writes even with credentials, allows same-origin ones', async () => {
    const auth = basic('operator', 's3cret-pass');
    await request(app()).put('/admin').set('Authorization', auth).set('Sec-Fetch-Site', 'cross-site').expect(403);
    await request(app()).post('/admin').set('Authorization', auth).set('Origin', 'https://evil.example').expect(403);
    await request(app()).put('/admin').set('Authorization', auth).set('Sec-Fetch-Site', 'same-origin').expect(200);
    await request(app()).get('/admin').set('Authorization', auth).set('Sec-Fetch-Site', 'cross-site').expect(200);
  });
});

describe('who may try the dashboard password', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '::2', '1127.0.0.1', '127.0.0.1.evil', 'localhost', '', undefined])(
    '%s is not loopback',
    (address) => {
      expect(isLoopback(address)).toBe(false);
    },
  );

  it('opens the development default to loopback clients only, a configured password to everyone', () => {
    expect(dashboardOpenTo('127.0.0.1', false)).toBe(true);
    expect(dashboardOpenTo('::1', false)).toBe(true);
    expect(dashboardOpenTo('192.0.2.2', false)).toBe(false);
    expect(dashboardOpenTo(undefined, false)).toBe(false);
    expect(dashboardOpenTo('192.0.2.2', true)).toBe(true);
  });
});
