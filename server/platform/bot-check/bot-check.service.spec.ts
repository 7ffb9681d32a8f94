import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config/config.js';
import { DomainError, STATUS_BY_KIND } from '../http/domain-error.js';
import { BotCheckService } from './bot-check.service.js';

/** A stand-in for the provider's siteverify endpoint: each test says how it answers. */
let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void;
const received: URLSearchParams[] = [];
let server: Server;
let verifyUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(new URLSearchParams(body));
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => (received.length = 0));

const json = (value: unknown) => (_req: IncomingMessage, _body: string, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const service = (keys = true) =>
  new BotCheckService(
    loadConfig({
      PUBLIC_URL: 'https://shop.example.com',
      RECAPTCHA_VERIFY_URL: verifyUrl,
      RECAPTCHA_TIMEOUT_MS: '300',
      ...(keys ? { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'the-secret' } : {}),
    }),
  );
const human = { success: true, score: 0.9, action: 'contact', hostname: 'shop.example.com', challenge_ts: '2026-11-25T01:00:00Z' };
const request = { token: 'tok', action: 'contact' as const, ip: '203.0.113.7' };

async function thrown(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
  return err;
}

describe('BotCheckService', () => {
  it('posts secret, token and client address form-encoded and passes a human', async () => {
    answer = json(human);
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'passed', score: 0.9 });
    expect(Object.fromEntries(received[0]!)).toEqual({ secret: 'the-secret', response: 'tok', remoteip: '203.0.113.7' });
    await expect(service().assertHuman({ ...request, whenUnavailable: 'refuse' })).resolves.toBeUndefined();
  });

  it('is off without keys: everyone passes and nothing is sent', async () => {
    answer = json({ success: false });
    expect(service(false).enabled).toBe(false);
    expect(service(false).publicSettings()).toBeNull();
    await expect(service(false).verify({ ...request, token: undefined })).resolves.toEqual({ outcome: 'off' });
    await expect(service(false).assertHuman({ ...request, token: undefined, whenUnavailable: 'refuse' })).resolves.toBeUndefined();
    expect(received).toHaveLength(0);
  });

  it('refuses a missing token without asking the provider', async () => {
    await expect(service().verify({ ...request, token: undefined })).resolves.toEqual({ outcome: 'refused', reason: 'missing-token' });
    expect(received).toHaveLength(0);
  });

  it('throws BOT_CHECK_FAILED (403) for a refused token, whatever the fail policy', async () => {
    answer = json({ ...human, score: 0.1 });
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'refused', reason: 'low-score', score: 0.1 });
    for (const whenUnavailable of ['refuse', 'allow'] as const) {
      const err = await thrown(service().assertHuman({ ...request, whenUnavailable }));
      expect([err.code, STATUS_BY_KIND[err.kind], err.field]).toEqual(['BOT_CHECK_FAILED', 403, 'recaptcha_token']);
    }
    answer = json({ ...human, action: 'newsletter' });
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'refused', reason: 'wrong-action', score: 0.9 });
    await expect(service().verifyAnyAction({ ...request, action: null })).resolves.toEqual({ outcome: 'passed', score: 0.9 });
  });

  it('calls an error status, a hang past the timeout, a refused connection and a non-answer unavailable', async () => {
    answer = (_req, _body, res) => res.writeHead(500).end('oops');
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'unavailable', reason: 'the provider answered HTTP 500' });
    answer = () => undefined; // never answers
    const started = Date.now();
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'unavailable', reason: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    answer = (_req, _body, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    await expect(service().verify(request)).resolves.toEqual({ outcome: 'unavailable', reason: 'the provider gave no valid answer' });
    const closed = new BotCheckService(
      loadConfig({ RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET_KEY: 's', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/siteverify' }),
    );
    await expect(closed.verify(request)).resolves.toMatchObject({
      outcome: 'unavailable',
      reason: expect.stringContaining('could not be reached'),
    });
  });

  it('fails closed (503 with Retry-After) or open (passes) when unavailable, as asked', async () => {
    answer = (_req, _body, res) => res.writeHead(503).end();
    const err = await thrown(service().assertHuman({ ...request, whenUnavailable: 'refuse' }));
    expect([err.code, STATUS_BY_KIND[err.kind], err.headers['Retry-After']]).toEqual(['BOT_CHECK_UNAVAILABLE', 503, '30']);
    await expect(service().assertHuman({ ...request, whenUnavailable: 'allow' })).resolves.toBeUndefined();
  });

  it('gives the pages the site key and script URL, never the secret', () => {
    expect(service().publicSettings()).toEqual({ siteKey: 'site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' });
  });

  it('says once at boot that the check is off (a warning in production), and nothing when on or in a worker', () => {
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      service(false).onApplicationBootstrap();
      expect(info.mock.calls).toEqual([['bot check is off: no RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET_KEY']]);
      service(true).onApplicationBootstrap();
      new BotCheckService({ ...loadConfig({}), role: 'worker' }).onApplicationBootstrap();
      expect(info).toHaveBeenCalledTimes(1);
      expect(warn).not.toHaveBeenCalled();
      const production = loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        DATABASE_URL: 'postgres://shop@db/shop',
        PUBLIC_URL: 'https://shop.example.com',
        SMTP_URL: 'smtp://mail.example.com',
        MAIL_MARKETING_FROM: 'Zlatno zrno novosti <novosti@zlatnozrno.hr>',
        QUEUE_DASHBOARD_PASSWORD: 'operator-password',
        MONRI_KEY: 'k'.repeat(20),
        MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20),
        FISCAL_CERT_PATH: '/run/secrets/fiscal.p12',
        FISCAL_CERT_PASSWORD: 'fiscal-password',
      });
      new BotCheckService(production).onApplicationBootstrap();
      expect(warn.mock.calls).toEqual([
        ['bot check is off: no RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET_KEY (the contact, newsletter and registration forms are unprotected)'],
      ]);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });
});
