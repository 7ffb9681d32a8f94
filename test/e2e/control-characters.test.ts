// Issue 8, F2 over HTTP against the built shop: an address with a control character or a broken
// percent-encoding is the 404 page (server-rendered, in the error layout), never a 500; the API
// answers 422 naming the field. The whole Express stack runs: static files, the page renderer,
// the input checks and Nest.
import { BASE_URL, HtmlPage, getHtml, readPage } from './site.js';

// eslint-disable-next-line no-control-regex -- no control character reaches a page
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('pages with control characters or broken encoding: the 404 page', () => {
  it.each([
    ['/proizvod/%00', 'hr'],
    ['/en/product/%00', 'en'],
    ['/proizvod/%E0%A4%A', 'hr'],
    ['/en/product/a%C2%85b', 'en'],
    ['/kosarica?x=%00', 'hr'],
    ['/de/cart?q=%1B', 'de'],
    ['/%00', 'hr'],
    ['/%E0%A4%A', 'hr'],
    ['/eng%00', 'hr'],
    ['/robots.txt%00', 'hr'],
  ])('%s', async (path, lang) => {
    for (const cookie of ['locale=hr', '']) {
      const res = await getHtml(path, { cookie, acceptLanguage: 'de' });
      expect([path, cookie, res.status]).toEqual([path, cookie, 404]);
      const page = await readPage(res);
      expect(page.lang).toBe(lang);
      const main = HtmlPage.elements(page.body, 'main')[0];
      expect(main.attrs).toMatchObject({ 'data-layout': 'error', 'data-route': 'error' });
      expect(page.meta('robots')).toEqual(['noindex']);
      expect(CONTROL.test(page.html)).toBe(false);
    }
  });

  it('static files and HEAD requests with a NUL are no 5xx', async () => {
    for (const path of ['/assets/%00', '/assets/a%E0%A4%A.js', '/favicon.svg%00']) {
      const res = await fetch(`${BASE_URL}${path}`, { redirect: 'manual' });
      expect([path, res.status < 500]).toEqual([path, true]);
    }
    const head = await fetch(`${BASE_URL}/proizvod/%00`, { method: 'HEAD', headers: { cookie: 'locale=hr', accept: 'text/html' } });
    expect(head.status).toBe(404);
  });
});

describe('the API of the built shop', () => {
  it.each([
    ['/api/catalog/products/%00', 'slug', 'CONTROL_CHARACTER'],
    ['/api/catalog/products/%E0%A4%A', 'slug', 'MALFORMED_ENCODING'],
    ['/api/catalog/products?q=%00', 'q', 'CONTROL_CHARACTER'],
  ])('GET %s: 422 naming %s', async (path, field, code) => {
    const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [expect.objectContaining({ code, field })] });
  });

  it('POST /api/auth/login with a NUL in the e-mail: 422 naming email', async () => {
    const csrf = await fetch(`${BASE_URL}/api/csrf`);
    const cookies = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { data } = (await csrf.json()) as { data: { token: string } };
    const res = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': data.token },
      body: JSON.stringify({ email: 'a\u0000b@x.test', password: 'abcdef1' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [expect.objectContaining({ code: 'CONTROL_CHARACTER', field: 'email' })] });
  });
});
