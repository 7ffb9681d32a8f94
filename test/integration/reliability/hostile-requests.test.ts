// Issue 19: requests no browser sends answer 4xx, never 500. Request targets that are not a plain
// path (asterisk, absolute and authority form), written by hand on a raw socket; and signed payment
// callbacks whose fields carry a NUL or an unpaired surrogate (as JSON escapes or raw bytes).
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { DataSource } from 'typeorm';
import { SANDBOX_MONRI_KEY } from '../../../server/config/config.js';
import type { RunningShop } from '../../../server/main.js';
import { paymentCallbackPath } from '../../../server/modules/payment/index.js';
import { startShop } from '../../support/app.js';

/** Sends `head` (request line and headers, CRLF-separated, no body) and resolves with the raw answer. */
function rawRequest(url: string, head: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('hostile requests answer no 500 (issue 19)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    shop = await startShop();
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  describe('request targets that are not a plain path: 400', () => {
    const host = () => `Host: ${new URL(shop.url).host}`;
    const api = [
      'GET http://other.example/api/health HTTP/1.1',
      'POST http://other.example/api/cart/items HTTP/1.1',
      'GET https://other.example:8443/api/catalog/products?q=x HTTP/1.1',
      'GET HTTP://OTHER.EXAMPLE/admin/queues HTTP/1.1',
    ];
    const pages = [
      'GET * HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'GET http://other.example/ HTTP/1.1',
      'GET http://other.example/hr/proizvodi HTTP/1.1',
      'GET http://other.example HTTP/1.1',
      'GET *?x=1 HTTP/1.1',
    ];

    it.each(api)('%s: JSON errors', async (line) => {
      const res = await rawRequest(shop.url, `${line}\r\n${host()}\r\nConnection: close\r\nContent-Length: 0`);
      expect(res.status).toBe(400);
      expect(res.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(res.body)).toEqual({ errors: [{ code: 'REQUEST_TARGET_INVALID', message: expect.stringContaining('/') }] });
    });

    it.each(pages)('%s: a small plain page', async (line) => {
      const res = await rawRequest(shop.url, `${line}\r\n${host()}\r\nConnection: close`);
      expect(res.status).toBe(400);
      expect(res.headers).toMatch(/content-type: text\/html/i);
      expect(res.headers).toMatch(/content-security-policy: default-src 'none'/i);
      expect(res.body).toContain('<h1>');
    });

    it('the authority form: a plain 400 (CONNECT: the shop is no proxy; another method: Node refuses it itself)', async () => {
      for (const line of ['CONNECT other.example:443 HTTP/1.1', 'GET other.example:80 HTTP/1.1']) {
        const res = await rawRequest(shop.url, `${line}\r\n${host()}\r\nConnection: close`);
        expect([line, res.status]).toEqual([line, 400]);
      }
    });

    it('in the caller language, and a plain path still works on the same kind of socket', async () => {
      const de = await rawRequest(
        shop.url,
        `GET http://x.example/api/health HTTP/1.1\r\n${host()}\r\nAccept-Language: de\r\nConnection: close`,
      );
      expect(JSON.parse(de.body).errors[0].message).toMatch(/Ziel der Anfrage/);
      const hr = await rawRequest(shop.url, `GET * HTTP/1.1\r\n${host()}\r\nAccept-Language: hr\r\nConnection: close`);
      expect(hr.body).toMatch(/Neispravan zahtjev/);
      const ok = await rawRequest(shop.url, `GET /api/health HTTP/1.1\r\n${host()}\r\nConnection: close`);
      expect(ok.status).toBe(200);
    });
  });

  describe('signed payment callbacks with bytes no field may hold: 400 before anything is read, nothing stored', () => {
    const sign = (raw: Buffer) =>
      `WP3-callback ${createHash('sha512')
        .update(Buffer.concat([Buffer.from(SANDBOX_MONRI_KEY), raw]))
        .digest('hex')}`;
    const body = (over: Record<string, string>) =>
      JSON.stringify({
        id: randomBytes(8).toString('hex'),
        acquirer: 'sandbox',
        order_number: 'ZZ-2026-00000001',
        amount: 1250,
        currency: 'EUR',
        approval_code: '123456',
        response_code: '0000',
        response_message: 'approved',
        status: 'approved',
        transaction_type: 'purchase',
        created_at: new Date().toISOString(),
        ...over,
      });
    const cases: Array<[string, Buffer]> = [
      ['a \\u0000 escape in id', Buffer.from(body({ id: 'abc\u0000def' }))],
      ['a \\u0000 escape in order_number', Buffer.from(body({ order_number: 'ZZ\u0000' }))],
      ['a \\ud800 escape in response_message', Buffer.from(body({ response_message: 'ok\ud800' }))],
      ['a \\udc00 escape in a key', Buffer.from(body({ ['x\udc00']: '1' }))],
      ['a raw NUL byte', Buffer.from(body({}).replace('"approved"', '"appr\u0000oved"'))],
      [
        'bytes that are not UTF-8',
        Buffer.concat([Buffer.from(body({}).slice(0, -1)), Buffer.from(',"x":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
      ],
    ];

    it.each(cases)('%s', async (_what, raw) => {
      const before = await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM payment_callback`);
      const res = await fetch(`${shop.url}${paymentCallbackPath('monri')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: sign(raw), 'accept-language': 'hr' },
        body: new Uint8Array(raw),
      });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { errors: Array<{ code: string; message: string }> };
      expect(answer.errors[0]).toMatchObject({ code: 'PAYMENT_CALLBACK_MALFORMED', message: expect.stringMatching(/nije prihvaćena/) });
      expect(await db.query(`SELECT count(*)::int AS n FROM payment_callback`)).toEqual(before);
    });
  });
});
