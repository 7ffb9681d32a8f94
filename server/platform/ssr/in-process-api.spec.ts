import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import cookieParser from 'cookie-parser';
import express, { type Request, type Response } from 'express';
import { createLogger, httpLogger } from '../logger/logger.js';
import { cspNonce, securityHeaders } from '../http/security-headers.js';
import { InProcessApi } from './in-process-api.js';

/**
 * A page route that calls the API through the port in the middle of its own request, on a real
 * Express app with the shop's own request-id logger, CSP nonce and cookie parser: what the inner call
 * does stays in the inner call.
 */
function shop() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  const api = new InProcessApi(app);
  const connections: string[] = [];
  const server = http.createServer(app);
  server.on('connection', () => connections.push('tcp'));
  api.server.on('connection', () => connections.push('in-process'));
  app.use(httpLogger(createLogger('debug', {}, destination)));
  app.use(cspNonce, securityHeaders({ dev: false, secure: false }));
  app.use(cookieParser());
  const log = createLogger('info', {}, destination);

  app.get('/api/echo', (req: Request, res: Response) => {
    log.info('inner');
    res.cookie('renewed', 'inner-value', { httpOnly: true });
    res.setHeader('X-Inner', 'yes');
    res.locals.touched = 'inner';
    res.json({
      data: {
        cookies: req.cookies as unknown,
        language: req.headers['accept-language'],
        encoding: req.headers['accept-encoding'] ?? null,
        ip: req.ip,
        protocol: req.protocol,
        nonce: res.locals.cspNonce as string,
        requestId: res.getHeader('x-request-id'),
      },
    });
  });
  app.post('/api/echo', express.json(), (req: Request, res: Response) => {
    res.status(201).json({ data: { body: req.body as unknown, type: req.headers['content-type'] } });
  });
  app.get('/api/missing', (_req, res) => {
    res.status(404).json({ errors: [{ code: 'NOT_FOUND', message: 'no' }] });
  });
  app.get('/page', async (req: Request, res: Response) => {
    const before = { url: req.url, cookie: req.headers.cookie, nonce: res.locals.cspNonce as string };
    log.info('outer before');
    const inner = await api.port({
      method: 'GET',
      path: '/api/echo',
      headers: { Accept: 'application/json', 'Accept-Language': 'de', Cookie: req.headers.cookie ?? '' },
    });
    log.info('outer after');
    res.json({
      before,
      after: {
        url: req.url,
        cookie: req.headers.cookie,
        nonce: res.locals.cspNonce as string,
        touched: (res.locals.touched as string | undefined) ?? null,
      },
      inner,
    });
  });
  return { app, api, server, lines, connections };
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('InProcessApi (the SSR data port)', () => {
  it("answers an API call of a page in process, isolated from the page's own request and response", async () => {
    const { server, lines, connections } = shop();
    const url = await listen(server);
    try {
      const res = await fetch(`${url}/page`, { headers: { cookie: 'sid=abc; locale=de', 'x-request-id': 'outer-request-1' } });
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        before: { url: string; cookie: string; nonce: string };
        after: { url: string; cookie: string; nonce: string; touched: string | null };
        inner: { status: number; headers: Record<string, string>; body: string };
      };
      // One socket: the page's. The API call took none.
      expect(connections).toEqual(['tcp', 'in-process']);

      // The page's response: none of the inner call's cookies or headers, its own nonce and request id.
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('x-inner')).toBeNull();
      expect(res.headers.get('x-request-id')).toBe('outer-request-1');
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-${page.before.nonce}'`);
      // The page's request and locals are what they were before the call.
      expect(page.after).toEqual({ ...page.before, touched: null });

      // The inner call: a request of its own through the whole chain.
      expect(page.inner.status).toBe(200);
      expect(page.inner.headers['x-inner']).toBe('yes');
      expect(page.inner.headers['set-cookie']).toBeUndefined();
      expect(page.inner.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
      const inner = (JSON.parse(page.inner.body) as { data: Record<string, unknown> }).data;
      expect(inner).toMatchObject({
        cookies: { sid: 'abc', locale: 'de' },
        language: 'de',
        encoding: null,
        ip: '127.0.0.1',
        protocol: 'http',
      });
      expect(inner.nonce).not.toBe(page.before.nonce);
      expect(inner.requestId).not.toBe('outer-request-1');
      expect(page.inner.headers['x-request-id']).toBe(inner.requestId);

      // Log lines: the inner call's under its own request id, the page's before and after it under the page's.
      const idOf = (msg: string) => lines.find((l) => l.msg === msg)?.req_id;
      expect(idOf('outer before')).toBe('outer-request-1');
      expect(idOf('inner')).toBe(inner.requestId);
      expect(idOf('outer after')).toBe('outer-request-1');
    } finally {
      server.close();
    }
  });

  it("leaves Express's shared request and response prototypes alone (light-my-request re-parents them for the whole process)", async () => {
    const { app, api, server } = shop();
    const url = await listen(server);
    const chain = () =>
      [Object.getPrototypeOf(Object.getPrototypeOf(app.request)), Object.getPrototypeOf(Object.getPrototypeOf(app.response))] as unknown[];
    expect(chain()).toEqual([http.IncomingMessage.prototype, http.ServerResponse.prototype]);
    await api.port({ method: 'GET', path: '/api/echo', headers: {} });
    expect(chain()).toEqual([http.IncomingMessage.prototype, http.ServerResponse.prototype]);
    try {
      // A page request after in-process calls still writes its own headers to its socket.
      const res = await fetch(`${url}/page`);
      expect([res.status, res.headers.get('x-request-id')?.length, res.headers.get('content-type')]).toEqual([
        200,
        36,
        'application/json; charset=utf-8',
      ]);
    } finally {
      server.close();
    }
  });

  it('carries bodies and statuses both ways, errors as answers', async () => {
    const { api } = shop();
    const created = await api.port({
      method: 'POST',
      path: '/api/echo',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ q: 'čšž €' }),
    });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual({ data: { body: { q: 'čšž €' }, type: 'application/json' } });
    const missing = await api.port({ method: 'GET', path: '/api/missing', headers: {} });
    expect([missing.status, JSON.parse(missing.body)]).toEqual([404, { errors: [{ code: 'NOT_FOUND', message: 'no' }] }]);
    const unknown = await api.port({ method: 'GET', path: '/api/nothing-here', headers: {} });
    expect(unknown.status).toBe(404);
  });

  it('carries API calls only, and refuses what Node would not send, without throwing', async () => {
    const { api, connections } = shop();
    await expect(api.port({ method: 'GET', path: '/admin/queues', headers: {} })).rejects.toThrow(/API calls only/);
    await expect(api.port({ method: 'GET', path: 'http://127.0.0.1:1/api/x', headers: {} })).rejects.toThrow(/API calls only/);
    await expect(api.port({ method: 'TRACE' as 'GET', path: '/api/echo', headers: {} })).rejects.toThrow(/API calls only/);
    await expect(api.port({ method: 'GET', path: '//127.0.0.1:1/api/x', headers: {} })).rejects.toThrow(/API calls only/);
    await expect(api.port({ method: 'GET', path: '/api/../admin/queues', headers: {} })).rejects.toThrow(/API calls only/);
    await expect(api.port({ method: 'GET', path: '/api/echo', headers: { Cookie: 'a=b\r\nX-Evil: 1' } })).rejects.toThrow();
    expect(connections).toEqual([]);
  });

  it('sends a path as fetch would: unencoded characters encoded, the fragment dropped', async () => {
    const { app, api } = shop();
    app.get('/api/path/:rest', (req: Request, res: Response) => {
      res.json({ data: { url: req.url } });
    });
    const urlOf = async (path: string) =>
      (JSON.parse((await api.port({ method: 'GET', path, headers: {} })).body) as { data: { url: string } }).data.url;
    expect(await urlOf('/api/path/a b?q=č ž')).toBe('/api/path/a%20b?q=%C4%8D%20%C5%BE');
    expect(await urlOf('/api/path/x#fragment')).toBe('/api/path/x');
    expect(await urlOf('/api/path/%C4%8D')).toBe('/api/path/%C4%8D');
  });

  it('leaves no connection open behind its calls', async () => {
    const { api } = shop();
    const open = new Set<unknown>();
    api.server.on('connection', (socket: NodeJS.EventEmitter) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    });
    await Promise.all(Array.from({ length: 20 }, () => api.port({ method: 'GET', path: '/api/echo', headers: {} })));
    await new Promise((r) => setImmediate(r));
    expect(open.size).toBe(0);
  });
});
