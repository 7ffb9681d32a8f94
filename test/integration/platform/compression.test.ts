// Bytes on the wire: the build's assets come precompressed (brotli or gzip by Accept-Encoding, the
// plain file otherwise), pages and JSON above 1 kB are compressed on the fly, small answers and
// already encoded ones are left alone, and every variant says Vary: Accept-Encoding.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startShop } from '../../support/app.js';
import type { RunningShop } from '../../../server/main.js';

/** Raw bytes and headers, no decoding by the client (fetch would undo Content-Encoding). */
async function get(url: string, acceptEncoding: string | null, method = 'GET') {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    const req = request(
      url,
      { method, headers: { accept: '*/*', ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

const PUBLIC_DIR = resolve('dist/client/public');

describe('compression', () => {
  let shop: RunningShop & { url: string };
  let entryScript: string;

  beforeAll(async () => {
    shop = await startShop({ serveClient: true });
    // The build's largest script (the page's own entry is a small loader, below the 1 kB worth compressing).
    const scripts = readdirSync(resolve(PUBLIC_DIR, 'assets')).filter((f) => f.endsWith('.js'));
    const size = (f: string) => statSync(resolve(PUBLIC_DIR, 'assets', f)).size;
    entryScript = scripts.length > 0 ? `/assets/${scripts.sort((a, b) => size(b) - size(a))[0]}` : '';
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('serves the build twins of an asset by Accept-Encoding: brotli first, then gzip, else the file itself', async () => {
    expect(entryScript).not.toBe('');
    const plain = readFileSync(resolve(PUBLIC_DIR, `.${entryScript}`));
    expect(existsSync(resolve(PUBLIC_DIR, `.${entryScript}.br`))).toBe(true);

    const br = await get(`${shop.url}${entryScript}`, 'gzip, deflate, br, zstd');
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    expect(br.headers['content-type']).toMatch(/^text\/javascript/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);

    const gz = await get(`${shop.url}${entryScript}`, 'gzip');
    expect([gz.headers['content-encoding'], gz.headers.vary]).toEqual(['gzip', 'Accept-Encoding']);
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);

    for (const accept of [null, 'identity', 'br;q=0, gzip;q=0', 'compress']) {
      const raw = await get(`${shop.url}${entryScript}`, accept);
      expect([accept, raw.headers['content-encoding'], raw.headers.vary, raw.body.equals(plain)]).toEqual([
        accept,
        undefined,
        'Accept-Encoding',
        true,
      ]);
    }
    // The stylesheet too.
    const css = /href="(\/assets\/[^"]+\.css)"/.exec((await get(`${shop.url}/`, null)).body.toString('utf8'))?.[1];
    expect((await get(`${shop.url}${css}`, 'br')).headers['content-encoding']).toBe('br');
  });

  it("leaves a path that does not decode to the page renderer's 404 page (not the static files' bare 400)", async () => {
    for (const path of ['/%E0%A4%A', '/proizvod/%E0%A4%A']) {
      const res = await get(`${shop.url}${path}`, null);
      expect([path, res.status, res.body.toString('utf8')]).toEqual([path, 404, expect.stringContaining('<html')]);
    }
  });

  it('compresses a server-rendered page on the fly, and sends it plain to a client that asks for nothing', async () => {
    const page = await get(`${shop.url}/en/products`, 'br, gzip');
    expect([page.status, page.headers['content-encoding'], page.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    const html = brotliDecompressSync(page.body).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('</html>');
    expect(page.body.length).toBeLessThan(Buffer.byteLength(html) / 3);

    const gz = await get(`${shop.url}/en/products`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toContain('</html>');

    const plain = await get(`${shop.url}/en/products`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('</html>');
  });

  it('compresses JSON above 1 kB and leaves smaller answers and HEAD alone', async () => {
    const list = await get(`${shop.url}/api/catalog/products`, 'gzip, br');
    expect([list.status, list.headers['content-encoding']]).toEqual([200, 'br']);
    expect(JSON.parse(brotliDecompressSync(list.body).toString('utf8'))).toHaveProperty('data');

    const small = await get(`${shop.url}/api/health`, 'gzip, br');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toBeTruthy();

    const head = await get(`${shop.url}/en/products`, 'br', 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, undefined, 0]);
  });
});
