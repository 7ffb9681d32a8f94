import { describe, expect, it } from '@jest/globals';
import cookieParser from 'cookie-parser';
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { createCsrf, sentToken } from './csrf.js';
import { FORM_ROUTES, formBodyParser, formCsrfToken, isFormMediaType, isFormPost, isFormRoute, type FormRoute } from './form-bodies.js';
import { jsonBodiesOnly, jsonBodyParser } from './json-bodies.js';

const INVOICE = '/admin/invoices/6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70';
const ACTION = `${INVOICE}/storno`;

function req(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Request {
  return { method, path, headers, body } as unknown as Request;
}

describe('form routes', () => {
  it("are exactly the operators' two invoice actions, with their reason (the orders moved into the back-office app)", () => {
    expect(FORM_ROUTES).toHaveLength(1);
    expect(FORM_ROUTES[0]!.reason).toMatch(/admin\/invoices/);
    const invoice = INVOICE;
    for (const action of ['retry', 'storno']) expect(isFormRoute(req('POST', `${invoice}/${action}`), FORM_ROUTES)).toBe(true);
    for (const path of [
      `${invoice}/delete`,
      `${invoice}/storno/`,
      '/admin/invoices/x/storno',
      `/api${invoice}/storno`,
      `${invoice.toUpperCase()}/retry`,
    ])
      expect(isFormRoute(req('POST', path), FORM_ROUTES)).toBe(false);
    expect(isFormRoute(req('GET', `${invoice}/retry`), FORM_ROUTES)).toBe(false);
    // the old order page's forms are gone: the app posts JSON to /api/admin/orders
    for (const action of ['ship', 'deliver', 'cash-received', 'cancel', 'refund'])
      expect(isFormRoute(req('POST', `/admin/orders/ZZ-2026-000001/${action}`), FORM_ROUTES)).toBe(false);
  });

  it('match only POST and the exact path shape (case, trailing slash, other actions, other paths)', () => {
    for (const [method, path] of [
      ['GET', ACTION],
      ['PUT', ACTION],
      ['post', ACTION],
      ['POST', `${ACTION}/`],
      ['POST', ACTION.toUpperCase()],
      ['POST', `${INVOICE}/Storno`],
      ['POST', `${INVOICE}/delete`],
      ['POST', INVOICE],
      ['POST', `${ACTION}/x`],
      ['POST', '/admin/invoices//storno'],
      ['POST', '/admin/invoices/a%2Fb/storno'],
      ['POST', `/api${ACTION}`],
      ['POST', `/x${ACTION}`],
      ['POST', '/api/auth/login'],
    ] as const) {
      expect([method, path, isFormRoute(req(method, path), FORM_ROUTES)]).toEqual([method, path, false]);
    }
  });

  it('take urlencoded bodies only', () => {
    expect(isFormMediaType('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormMediaType('Application/X-WWW-Form-Urlencoded; charset=UTF-8')).toBe(true);
    for (const t of [
      undefined,
      '',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/json',
      'application/x-www-form-urlencodedx',
    ])
      expect([t, isFormMediaType(t)]).toEqual([t, false]);
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9' };
    expect(isFormPost(req('POST', ACTION, form), FORM_ROUTES)).toBe(true);
    expect(isFormPost(req('POST', '/api/auth/login', form), FORM_ROUTES)).toBe(false);
    expect(isFormPost(req('POST', ACTION, { 'content-type': 'multipart/form-data; boundary=x' }), FORM_ROUTES)).toBe(false);
  });

  it('read the CSRF token from the _csrf field of a form body only; the header wins', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(formCsrfToken(req('POST', ACTION, form, { _csrf: 'abc' }))).toBe('abc');
    expect(formCsrfToken(req('POST', ACTION, { 'content-type': 'application/json' }, { _csrf: 'abc' }))).toBeUndefined();
    expect(formCsrfToken(req('POST', ACTION, form, { _csrf: ['a', 'b'] }))).toBeUndefined();
    expect(formCsrfToken(req('POST', ACTION, form, undefined))).toBeUndefined();
    expect(sentToken(req('POST', ACTION, { ...form, 'x-csrf-token': 'hdr' }, { _csrf: 'abc' }))).toBe('hdr');
    expect(sentToken(req('POST', ACTION, form, { _csrf: 'abc' }))).toBe('abc');
  });
});

/** The real middleware chain of main.ts in front of two handlers that echo what they got. */
function app(forms: readonly FormRoute[] = FORM_ROUTES) {
  const csrf = createCsrf({ secret: 'f'.repeat(32), secure: false, publicUrl: 'http://shop.test' });
  const web = express().set('case sensitive routing', true).set('strict routing', true);
  web.use(cookieParser());
  web.use(formBodyParser(forms), csrf.protect, jsonBodiesOnly([], forms), jsonBodyParser([]));
  web.get('/token', (rq: Request, rs: Response) => {
    rs.json({ token: csrf.tokenFor(rq, rs) });
  });
  web.post('/admin/invoices/:id/:action', (rq: Request, rs: Response) => {
    rs.json({ body: rq.body as unknown, action: rq.params.action });
  });
  web.post('/api/x', (rq: Request, rs: Response) => {
    rs.json({ body: rq.body as unknown });
  });
  return web;
}

async function session(web: express.Express) {
  const res = await request(web).get('/token').expect(200);
  const cookies = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  return { cookies, token: (res.body as { token: string }).token };
}

describe('a form post through the CSRF check and the body rule', () => {
  it('passes with the valid token in _csrf and hands the parsed fields to the handler', async () => {
    const web = app();
    const a = await session(web);
    const res = await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .type('form')
      .send(`_csrf=${encodeURIComponent(a.token)}&reason=returned`)
      .expect(200);
    expect(res.body).toEqual({ body: { _csrf: a.token, reason: 'returned' }, action: 'storno' });
  });

  it('refuses a form post without a token, with a forged one, or with another session token (403)', async () => {
    const web = app();
    const a = await session(web);
    const b = await session(web);
    const forged = `${a.token.slice(0, -4)}${a.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const body of [
      'reason=x',
      `_csrf=${encodeURIComponent(forged)}`,
      `_csrf=${encodeURIComponent(b.token)}`,
      '_csrf=',
      '_csrf=a&_csrf=b',
    ]) {
      const res = await request(web).post(ACTION).set('Cookie', a.cookies).type('form').send(body);
      expect([body, res.status, (res.body as { errors?: Array<{ code: string }> }).errors?.[0]?.code]).toEqual([
        body,
        403,
        'CSRF_TOKEN_INVALID',
      ]);
    }
    // A valid field does not rescue a wrong header: the header is the token when it is sent.
    await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .set('X-CSRF-Token', 'forged')
      .type('form')
      .send(`_csrf=${encodeURIComponent(a.token)}`)
      .expect(403);
  });

  it('reads _csrf from nowhere else: a form body elsewhere is 415, a JSON _csrf is no token', async () => {
    const web = app();
    const a = await session(web);
    const json = await request(web).post('/api/x').set('Cookie', a.cookies).send({ _csrf: a.token });
    expect(json.status).toBe(403);
    const elsewhere = await request(web).post('/api/x').set('Cookie', a.cookies).set('X-CSRF-Token', a.token).type('form').send('a=1');
    expect(elsewhere.status).toBe(415);
    // Another spelling of a form route is no form route: the token in the field is not even read.
    const upper = await request(web)
      .post(ACTION.toUpperCase())
      .set('Cookie', a.cookies)
      .type('form')
      .send(`_csrf=${encodeURIComponent(a.token)}`);
    expect(upper.status).toBe(403);
  });

  it('takes only urlencoded (no multipart, no text) on a form route, and only a small body', async () => {
    const web = app();
    const a = await session(web);
    const multipart = await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .set('X-CSRF-Token', a.token)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x\r\n\r\nx\r\n--x--');
    expect(multipart.status).toBe(415);
    const big = await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .type('form')
      .send(`_csrf=${encodeURIComponent(a.token)}&x=${'a'.repeat(5000)}`);
    expect(big.status).toBe(413);
    const many = await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .type('form')
      .send(`_csrf=${encodeURIComponent(a.token)}&${Array.from({ length: 20 }, (_, i) => `f${i}=1`).join('&')}`);
    expect(many.status).toBe(413);
    // JSON with the header still works on the same route.
    const viaJson = await request(web)
      .post(ACTION)
      .set('Cookie', a.cookies)
      .set('X-CSRF-Token', a.token)
      .send({ reason: 'X1' })
      .expect(200);
    expect(viaJson.body).toEqual({ body: { reason: 'X1' }, action: 'storno' });
  });
});
