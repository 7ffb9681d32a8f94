/**
 * Render test of the server entry through Vite's SSR module loader (the same path as `npm run dev`):
 * real routes, real translations, real head tags, status codes and redirects.
 *
 * Vite (rolldown's native bindings) does not run inside Jest's VM sandbox, so the renderer lives in a
 * child Node process started by this test; it answers one JSON request per line on stdin.
 *
 * The render's data port (`ctx.api`, contract/ssr.ts) is the child's: it hands each call to the test's
 * stand-in API when the job names one (`stubApi`), else it fails as an unreachable API would. The child's
 * global fetch fails and counts: a render never reaches the API any other way than through the port.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SsrRequestContext } from '../../contract/ssr';

const ORIGIN = 'https://shop.example';
/** The context without its data port: the child adds one per job (below). */
const ctx: Omit<SsrRequestContext, 'api'> = {
  nonce: 'n0nce-test',
  csrfToken: 'csrf-123',
  publicUrl: ORIGIN,
  botCheck: null,
  analytics: null,
};
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The child: a Vite dev server in middleware mode (no port), the entry loaded with ssrLoadModule. */
const RENDERER = `
import { createServer } from 'vite';
import { createInterface } from 'node:readline';
const vite = await createServer({
  configFile: 'client/vite.config.ts',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
const { entry } = await vite.ssrLoadModule('/client/src/entry-server.tsx');
const stubFetch = globalThis.fetch;
let fetched = 0;
globalThis.fetch = async (input) => {
  fetched++;
  throw new TypeError('SSR called the global fetch: ' + String(input));
};
let portCalls = 0;
const portTo = (stubApi) => async ({ method, path, headers, body }) => {
  portCalls++;
  if (!path.startsWith('/api/')) throw new Error('not an API path: ' + path);
  if (!stubApi) throw new TypeError('fetch failed (no API in this job)');
  const res = await stubFetch(stubApi + path, { method, headers, body });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
};
process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line);
  let restore = () => {};
  if (job.failRoute) {
    const { Route } = await vite.ssrLoadModule(job.failRoute);
    Route.options.loader = () => { throw new Error('cart backend down'); };
    restore = () => { delete Route.options.loader; };
  }
  try {
    fetched = 0;
    portCalls = 0;
    const res = await entry.handle(new Request(job.url, { method: job.method, headers: job.headers }), { ...job.ctx, api: portTo(job.stubApi) });
    const body = await res.text();
    process.stdout.write(JSON.stringify({ id: job.id, status: res.status, headers: [...res.headers], body, fetched, portCalls }) + '\\n');
  } finally {
    restore();
  }
}
await vite.close();
`;

interface Rendered {
  status: number;
  headers: Headers;
  body: string;
  /** Calls of the render to the data port. */
  portCalls: number;
}

let child: ChildProcessWithoutNullStreams;
let stderr = '';
let nextId = 0;
const waiting = new Map<number, { resolve: (r: Rendered) => void; reject: (e: Error) => void }>();

beforeAll(async () => {
  child = spawn(process.execPath, ['--input-type=module', '-e', RENDERER], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  let buffer = '';
  await new Promise<void>((ready, fail) => {
    child.on('exit', (code) => fail(new Error(`renderer exited with ${code}: ${stderr}`)));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      let at: number;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, at)) as {
          ready?: true;
          id: number;
          status: number;
          headers: [string, string][];
          body: string;
          fetched: number;
          portCalls: number;
        };
        buffer = buffer.slice(at + 1);
        if (message.ready) ready();
        // Every render of every test: its API calls went through the port, none to the global fetch.
        else if (message.fetched > 0)
          waiting.get(message.id)?.reject(new Error(`render ${message.id} called the global fetch ${message.fetched} times`));
        else
          waiting
            .get(message.id)
            ?.resolve({ status: message.status, headers: new Headers(message.headers), body: message.body, portCalls: message.portCalls });
      }
    });
  });
}, 60_000);

afterAll(() => {
  child?.stdin.end();
  child?.kill();
});

function render(
  path: string,
  opts: { headers?: Record<string, string>; method?: string; failRoute?: string; stubApi?: string; ctx?: Partial<typeof ctx> } = {},
): Promise<Rendered> {
  const id = nextId++;
  const headers = { accept: 'text/html', 'user-agent': BROWSER, cookie: 'locale=hr', ...opts.headers };
  const job = {
    id,
    url: ORIGIN + path,
    method: opts.method ?? 'GET',
    headers,
    ctx: { ...ctx, ...opts.ctx },
    stubApi: opts.stubApi,
    failRoute: opts.failRoute,
  };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    child.stdin.write(`${JSON.stringify(job)}\n`);
  });
}

async function get(path: string, headers: Record<string, string> = {}) {
  const r = await render(path, { headers });
  return { res: r, body: r.body };
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

describe('SSR of pages', () => {
  it('renders the Croatian cart with its complete head', async () => {
    const { res, body } = await get('/kosarica');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-language')).toBe('hr');
    expect(body).toMatch(/^<!DOCTYPE html><html lang="hr"/);
    expect(body).toContain('<title>Košarica | Zlatno zrno</title>');
    expect(body).toMatch(/<meta name="description" content="Pregled proizvoda u vašoj košarici/);
    expect(body).toMatch(/<meta name="csrf-token" content="csrf-123"/);
    expect(body).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"/);
    expect(body).toMatch(/<meta name="theme-color" content="#1f4d3a"/);
    expect(body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(body).toMatch(/<link rel="canonical" href="https:\/\/shop\.example\/kosarica"/);
    expect(body).toMatch(/<link rel="alternate" hrefLang="en" href="https:\/\/shop\.example\/en\/cart"/);
    expect(body).toMatch(/<link rel="alternate" hrefLang="de" href="https:\/\/shop\.example\/de\/cart"/);
    expect(body).toMatch(/<link rel="alternate" hrefLang="sl" href="https:\/\/shop\.example\/sl\/kosarica"/);
    expect(body).toMatch(/<link rel="alternate" hrefLang="x-default" href="https:\/\/shop\.example\/kosarica"/);
    expect(body).toMatch(/<meta property="og:locale" content="hr_HR"/);
    expect(body).toMatch(/<meta property="og:url" content="https:\/\/shop\.example\/kosarica"/);
    expect(body).toMatch(/<meta property="og:title" content="Košarica \| Zlatno zrno"/);
    expect(body).toMatch(/<meta property="og:type" content="website"/);
    expect(body.match(/<link rel="canonical"/g)).toHaveLength(1);
    expect(body.match(/<h1[ >]/g)).toHaveLength(1);
    expect(body).toMatch(/<nav aria-label="Putanja"/);
    expect(body).toContain('1 EUR = 7,53450 HRK');
    expect(body).toContain('</html>');
  });

  it('puts the CSP nonce on every script and inline style', async () => {
    const { body } = await get('/');
    const scripts = body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(2);
    for (const tag of scripts) {
      if (tag.includes('application/ld+json')) continue;
      expect(tag).toContain('nonce="n0nce-test"');
    }
    for (const tag of body.match(/<style\b[^>]*>/g) ?? []) expect(tag).toContain('nonce="n0nce-test"');
    // The dev entry, Vite's client and the React refresh preamble (development render).
    expect(body).toMatch(/<script type="module" src="\/client\/src\/entry-client\.tsx" nonce="n0nce-test"/);
    expect(body).toMatch(/<script type="module" src="\/@vite\/client" nonce="n0nce-test"/);
    expect(body).toMatch(/<script type="module" nonce="n0nce-test">import \{ injectIntoGlobalHook \} from "\/@react-refresh"/);
    expect(body).toMatch(/<meta property="csp-nonce" nonce="n0nce-test" content="n0nce-test"/);
  });

  it.each([
    // (The product list and the content screens load data from the API, which this test has no server for:
    // e2e covers them, test/e2e/content.test.ts the content screens.)
    ['/de/kontakt', 'de', 'Kontakt | Zlatno zrno', 'de_DE'],
    ['/en/contact', 'en', 'Contact | Zlatno zrno', 'en_GB'],
    ['/sl/kosarica', 'sl', 'Košarica | Zlatno zrno', 'sl_SI'],
    ['/de/register', 'de', 'Registrieren | Zlatno zrno', 'de_DE'],
    ['/en/register', 'en', 'Register | Zlatno zrno', 'en_GB'],
  ])('renders %s in its language', async (path, lang, title, ogLocale) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(200);
    expect(attr(body, /<html lang="([^"]+)"/)).toBe(lang);
    expect(attr(body, /<title>([^<]+)<\/title>/)).toBe(title.replace(/&/g, '&amp;'));
    expect(attr(body, /<meta property="og:locale" content="([^"]+)"/)).toBe(ogLocale);
    expect(attr(body, /<link rel="canonical" href="([^"]+)"/)).toBe(ORIGIN + path);
  });

  it.each([
    ['/registracija', 'Ova je stranica zaštićena uslugom reCAPTCHA i primjenjuju se Googleova', 'Pravila o privatnosti', 'hr'],
    ['/en/register', 'This site is protected by reCAPTCHA and the Google', 'Privacy Policy', 'en'],
    ['/de/register', 'Diese Website ist durch reCAPTCHA geschützt; es gelten die', 'Datenschutzerklärung', 'de'],
    ['/sl/registracija', 'To spletno mesto je zaščiteno z reCAPTCHA; veljajo Googlov', 'pravilnik o zasebnosti', 'sl'],
  ])(
    'renders the bot-check notice under the form on %s when a site key is configured, and loads no script',
    async (path, sentence, privacy, hl) => {
      const botCheck = { siteKey: 'site-key-1', scriptUrl: 'https://www.google.com/recaptcha/api.js' };
      const on = await render(path, { ctx: { botCheck } });
      expect(on.status).toBe(200);
      const notice = /<p[^>]*data-testid="bot-check-notice"[^>]*>([\s\S]*?)<\/p>/.exec(on.body)?.[1] ?? '';
      expect(notice.replace(/<[^>]+>/g, '')).toContain(sentence);
      expect(notice).toContain(`href="https://policies.google.com/privacy?hl=${hl}"`);
      expect(notice).toContain(`href="https://policies.google.com/terms?hl=${hl}"`);
      expect(notice).toContain(`>${privacy}<span class="visually-hidden">`);
      // The settings reach the browser (dehydrated), but nothing of the provider is loaded by the page itself.
      expect(on.body).toContain('site-key-1');
      expect(on.body).not.toMatch(/<script[^>]+google\.com/);
      const off = await render(path);
      expect(off.body).not.toContain('bot-check-notice');
      expect(off.body).not.toContain('policies.google.com');
    },
  );

  it('renders unknown paths as the error page with 404 in the page language', async () => {
    const en = await get('/en/no-such-page?x=1');
    expect(en.res.status).toBe(404);
    expect(en.body).toMatch(/<html lang="en"/);
    expect(en.body).toContain('Page Not Found: /en/no-such-page?x=1');
    expect(attr(en.body, /<title>([^<]+)<\/title>/)).toContain('Error');
    expect(en.body).toMatch(/<h1[^>]*>Error<\/h1>/);
    expect(en.body).toMatch(/href="\/en"[^>]*>Back to the home page</);
    expect(en.body).not.toMatch(/rel="canonical"/);
    expect(en.body).toMatch(/<meta name="robots" content="noindex"/);

    const hr = await get('/nepostoji');
    expect(hr.res.status).toBe(404);
    expect(hr.body).toContain('Stranica nije pronađena: /nepostoji');
    expect(hr.body).toMatch(/<h1[^>]*>Greška<\/h1>/);
    // The error layout: no main navigation.
    expect(hr.body).not.toContain('Glavna navigacija');
  });

  it('renders a route that throws as the error page with 500, and only a status for crawlers', async () => {
    const failRoute = '/client/src/routes/$locale/cart.tsx';
    const page = await render('/kosarica', { failRoute });
    expect(page.status).toBe(500);
    expect(page.body).toMatch(/<h1[^>]*>Greška<\/h1>/);
    expect(page.body).toContain('Nešto je pošlo po zlu, pokušajte ponovno');
    expect(attr(page.body, /<title>([^<]+)<\/title>/)).toContain('Greška 500');
    expect(page.body).not.toContain('cart backend down');
    expect(stderr).toMatch(/application error on \/kosarica/);

    const bot = await render('/kosarica', { failRoute, headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(500);
    expect(bot.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(bot.body).toBe('Internal Server Error\n');

    expect((await render('/kosarica')).status).toBe(200);
  });
});

describe('content pages without content (issue 9, 12): the 404 page, not a 200 titled from the URL', () => {
  // A stand-in content API with no entries: every entry is CONTENT_NOT_FOUND, every list empty.
  let api: Server;
  let stubApi = '';
  beforeAll(async () => {
    api = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0];
      const empty = { items: [], total: 0, limit: 6, offset: 0, next_offset: null };
      if (path === '/api/auth/session') return send(200, { data: { user: null, expires_at: null } });
      if (path === '/api/content/recipe-categories') return send(200, { data: [] });
      if (path === '/api/content/recipes') return send(200, { data: { ...empty, category: null } });
      if (path === '/api/content/blog' || path === '/api/content/superfoodie') return send(200, { data: empty });
      send(404, { errors: [{ code: 'CONTENT_NOT_FOUND', message: 'no' }] });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    stubApi = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const r = await render(path, { headers, stubApi });
    return { res: r, body: r.body };
  };

  // Every recipe, blog post, Superfoodie page and production-method page, in each language's path.
  it.each([
    ['/recepti/sarma', 'hr'],
    ['/en/recipes/kamut-spaghetti', 'en'],
    ['/de/rezepte/kamut-spaghetti', 'de'],
    ['/sl/recepti/sarma', 'sl'],
    ['/blog/nova-tjestenina', 'hr'],
    ['/en/blog/new-pasta', 'en'],
    ['/de/blog/neue-nudeln', 'de'],
    ['/sl/blog/nove-testenine', 'sl'],
    ['/superfoodie/kamut', 'hr'],
    ['/en/superfoodie/kamut', 'en'],
    ['/de/superfoodie/kamut', 'de'],
    ['/sl/superfoodie/kamut', 'sl'],
    ['/kamut-metoda', 'hr'],
    ['/bilo-sto-metoda', 'hr'],
    ['/en/kamut-method', 'en'],
    ['/de/anything-method', 'de'],
    ['/sl/kamut-metoda', 'sl'],
  ])('%s', async (path, lang) => {
    const { res, body } = await get(path, { cookie: `locale=${lang}` });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-language')).toBe(lang);
    expect(attr(body, /<html lang="([^"]+)"/)).toBe(lang);
    expect(body).toMatch(/<h1[^>]*>(Greška|Error|Fehler|Napaka)<\/h1>/);
    // the tab title in the page language: 'Greška 404', 'Fehler 404', 'Napaka 404' (English only on English pages)
    expect(attr(body, /<title>([^<]+)<\/title>/)).toMatch(
      new RegExp(`^${{ hr: 'Greška', en: 'Error', de: 'Fehler', sl: 'Napaka' }[lang as 'hr']} 404 · `),
    );
    expect(body).toMatch(/<main[^>]*data-layout="error"/);
    expect(body).toMatch(/<meta name="robots" content="noindex"/);
    expect(body).not.toMatch(/rel="canonical"/);
  });

  it('keeps the list pages', async () => {
    for (const path of ['/recepti', '/en/recipes', '/de/rezepte', '/sl/recepti', '/blog', '/en/blog', '/superfoodie', '/sl/superfoodie']) {
      expect([path, (await get(path)).res.status]).toEqual([path, 200]);
    }
  });
});

describe('unusable URLs (issue 8, F2): the 404 page, never a 500', () => {
  // A control character (U+0000-U+001F, U+007F-U+009F) anywhere in the path or query, or a percent
  // sequence that is no UTF-8, is no page: the 404 page in the error layout, without asking the API.
  it.each([
    ['/proizvod/%00', 'hr', 'Stranica nije pronađena: /proizvod/\uFFFD'],
    ['/en/product/%00', 'en', 'Page Not Found: /en/product/\uFFFD'],
    ['/en/product/a%C2%85b', 'en', 'Page Not Found: /en/product/a\uFFFDb'],
    ['/kosarica?x=%00', 'hr', 'Stranica nije pronađena: /kosarica?x=\uFFFD'],
    ['/en/cart?x=%1F', 'en', 'Page Not Found: /en/cart?x=\uFFFD'],
    ['/%00', 'hr', 'Stranica nije pronađena: /\uFFFD'],
    ['/de/rezepte/%7F', 'de', null],
    ['/ponisti-lozinku/ab%0Acd', 'hr', null],
    ['/en/reset-password/ab%09cd', 'en', null],
    ['/proizvod/%E0%A4%A', 'hr', null],
    ['/en/product/%E0%A4%A?x=%ZZ', 'en', null],
    ['/eng%00', 'hr', null],
    ['/blog/recepti/sarma%00', 'hr', null],
  ])('%s', async (path, lang, text) => {
    const { res, body } = await get(path, { cookie: '', 'accept-language': 'en' });
    expect(res.status).toBe(404);
    expect(attr(body, /<html lang="([^"]+)"/)).toBe(lang);
    expect(body).toMatch(/<h1[^>]*>(Greška|Error|Fehler)<\/h1>/);
    expect(body).toMatch(/<meta name="robots" content="noindex"/);
    // eslint-disable-next-line no-control-regex -- no control character reaches the page
    expect(body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    if (text) expect(body).toContain(text);
  });
});

describe('redirects, language choice and crawler files', () => {
  it('redirects legacy paths permanently, keeping the query', async () => {
    const { res } = await get('/blog/recepti/sarma?utm_source=x');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/recepti/sarma?utm_source=x');
    expect((await get('/eng')).res.headers.get('location')).toBe('/en');
    expect((await get('/kosarica/')).res.headers.get('location')).toBe('/kosarica');
  });

  it('redirects a first visit once to the browser language and sets the cookie', async () => {
    const first = await get('/kosarica', { cookie: '', 'accept-language': 'en-GB,en;q=0.9,hr;q=0.5' });
    expect(first.res.status).toBe(302);
    expect(first.res.headers.get('location')).toBe('/en/cart');
    expect(first.res.headers.get('set-cookie')).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure');

    const again = await get('/kosarica', { cookie: 'locale=en', 'accept-language': 'en' });
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get('set-cookie')).toBeNull();

    const same = await get('/en/cart', { cookie: '', 'accept-language': 'en' });
    expect(same.res.status).toBe(200);
    expect(same.res.headers.get('set-cookie')).toMatch(/^locale=en;/);

    const bot = await get('/kosarica', { cookie: '', 'accept-language': 'en', 'user-agent': GOOGLEBOT });
    expect(bot.res.status).toBe(200);
    expect(bot.res.headers.get('set-cookie')).toBeNull();
  });

  it('serves robots.txt and the sitemap index naming the four language sitemaps', async () => {
    const robots = await get('/robots.txt');
    expect(robots.res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /kosarica');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.res.status).toBe(200);
    expect(sitemap.res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect([...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/sitemap-hr.xml',
      'https://shop.example/en/sitemap.xml',
      'https://shop.example/de/sitemap.xml',
      'https://shop.example/sl/sitemap.xml',
    ]);
  });

  it('answers a language sitemap 503 (never a partial list, never the 404 page) when the catalogue cannot be read', async () => {
    // The port fails here as an unreachable API would; the whole sitemap against the built shop: test/e2e/screens.test.ts.
    for (const path of ['/en/sitemap.xml', '/sitemap-hr.xml']) {
      const res = await render(path);
      expect([path, res.status, res.headers.get('retry-after')]).toEqual([path, 503, '60']);
    }
  });

  it('answers other methods with 405', async () => {
    const res = await render('/kosarica', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('account guards during SSR', () => {
  // A stand-in for the API: signed in when the request carries `access_token=ok`.
  let api: Server;
  let sessionLookups = 0;
  let stubApi = '';
  const user = { id: 'u-1', email: 'ana@example.com', first_name: 'Ana', last_name: 'Horvat', role: 'customer', locale: 'hr' };
  beforeAll(async () => {
    api = createServer((req, res) => {
      const signedIn = /(?:^|;\s*)access_token=ok/.test(req.headers.cookie ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/api/auth/session') sessionLookups++;
      if (req.url === '/api/auth/session')
        return send(200, { data: signedIn ? { user, expires_at: Date.now() + 600_000 } : { user: null, expires_at: null } });
      if (req.url === '/api/users/me')
        return signedIn ? send(200, { data: { ...user, address: 'Ilica 1', billing_same_as_delivery: true } }) : send(401, { errors: [] });
      if (req.url === '/api/orders') return signedIn ? send(200, { data: [] }) : send(401, { errors: [] });
      send(404, { errors: [{ code: 'NOT_FOUND', message: 'no' }] });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    stubApi = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  it.each([
    ['/profil', '/prijava?redirect=%2Fprofil'],
    ['/en/profile/orders?page=2', '/en/login?redirect=%2Fen%2Fprofile%2Forders%3Fpage%3D2'],
    ['/de/profile/edit', '/de/login?redirect=%2Fde%2Fprofile%2Fedit'],
    ['/sl/profil/ponisti-lozinku', '/sl/login?redirect=%2Fsl%2Fprofil%2Fponisti-lozinku'],
  ])('sends a visitor of %s to the login page of its language (307)', async (path, location) => {
    const res = await render(path, { stubApi });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(location);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
  });

  it('asks the API for the session only when the visitor has an access cookie', async () => {
    sessionLookups = 0;
    expect((await render('/kontakt', { stubApi })).status).toBe(200);
    expect(sessionLookups).toBe(0);
    expect((await render('/kontakt', { stubApi, headers: { cookie: 'locale=hr; access_token=ok' } })).status).toBe(200);
    expect(sessionLookups).toBe(1);
  });

  it('reaches the API through the data port only: no origin, no URL, no global fetch', async () => {
    sessionLookups = 0;
    const res = await render('/profil', { stubApi, headers: { cookie: 'locale=hr; access_token=ok' } });
    expect(res.status).toBe(200);
    // The session and the profile, both through ctx.api (a call to the global fetch fails the render's job).
    expect(sessionLookups).toBe(1);
    expect(res.portCalls).toBeGreaterThanOrEqual(2);
  });

  it('renders every form that carries a password or personal data with method="post": a submit before hydration never puts them in a URL', async () => {
    for (const path of ['/en/login', '/en/register', '/en/forgot-password']) {
      const res = await render(path, { stubApi });
      expect([path, res.status]).toEqual([path, 200]);
      const forms = [...res.body.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/role="search"/.test(tag));
      expect(forms.length).toBeGreaterThan(0);
      for (const tag of forms) expect([path, tag]).toEqual([path, expect.stringContaining('method="post"')]);
    }
  });

  it('treats a failed session lookup as signed out', async () => {
    const res = await render('/profil');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/prijava?redirect=%2Fprofil');
  });

  it('renders the profile for a signed-in user, with the session in the page and "My account" in the header', async () => {
    const res = await render('/profil', { stubApi, headers: { cookie: 'locale=hr; access_token=ok' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(res.body).toContain('Dobro došli, Ana!');
    expect(res.body).toMatch(/data-testid="header-account" data-session="authenticated" href="\/profil"/);
    expect(res.body).toMatch(/status:"authenticated"/);
  });

  it('hands the session to the browser as the dehydrated session query; account data only once, as loader data', async () => {
    const res = await render('/profil', { stubApi, headers: { cookie: 'locale=hr; access_token=ok' } });
    expect(res.status).toBe(200);
    const state = res.body.slice(res.body.indexOf('$_TSR.router'));
    expect(state).toMatch(/queryKey:(\$R\[\d+\]=)?\["session"\]/);
    expect(state).not.toMatch(/queryKey:(\$R\[\d+\]=)?\["account"/);
    // The address is in the profile's loader data only, not in a dehydrated user query as well.
    expect(state.split('Ilica 1').length - 1).toBe(1);
  });

  it('sends a signed-in user away from guest-only pages, to a valid ?redirect= or home', async () => {
    const headers = { cookie: 'locale=hr; access_token=ok' };
    const login = await render('/en/login', { stubApi, headers });
    expect([login.status, login.headers.get('location')]).toEqual([307, '/en']);
    const back = await render('/prijava?redirect=%2Fprofil%2Fnarudzbe', { stubApi, headers });
    expect([back.status, back.headers.get('location')]).toEqual([307, '/profil/narudzbe']);
    const evil = await render('/prijava?redirect=%2F%2Fevil.example', { stubApi, headers });
    expect([evil.status, evil.headers.get('location')]).toEqual([307, '/']);
    const register = await render('/de/register', { stubApi, headers });
    expect([register.status, register.headers.get('location')]).toEqual([307, '/de']);
  });

  it('renders the guest-only pages for visitors, with "Log in" in the header', async () => {
    const res = await render('/prijava?activated=1', { stubApi });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Vaš je korisnički račun aktiviran. Sada se možete prijaviti.');
    expect(res.body).toMatch(/data-testid="header-account" data-session="unauthenticated" href="\/prijava"/);
    expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });
});

describe('while the API is briefly unavailable (its database is away)', () => {
  // A stand-in for the API that answers every call as the shop does while PostgreSQL is away.
  let api: Server;
  let stubApi = '';
  beforeAll(async () => {
    api = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end(
        JSON.stringify({
          errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'The shop is briefly unavailable. Please try again shortly.' }],
        }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    stubApi = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  it('renders the error page with "try again shortly" as 503 with Retry-After, in the page language', async () => {
    const page = await render('/en/products', { stubApi, headers: { cookie: 'locale=en' } });
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).toContain('The shop is briefly unavailable. Please try again shortly.');
    expect(page.body).not.toContain('Something went wrong, please try again');
    // the outage page is titled what it is: 503, not 500
    expect(attr(page.body, /<title>([^<]+)<\/title>/)).toBe('Error 503 · The shop is briefly unavailable | Zlatno zrno');
    // The browser learns it too (it hydrates the same page), and nothing else of the error.
    expect(page.body).toContain('$_TSR.t.get("zz-redacted-error")("unavailable")');
    expect(page.body).not.toContain('SERVICE_UNAVAILABLE');

    const hr = await render('/proizvodi', { stubApi });
    expect(hr.status).toBe(503);
    expect(hr.body).toContain('Trgovina je trenutačno nedostupna. Pokušajte ponovno za nekoliko trenutaka.');
    expect(attr(hr.body, /<title>([^<]+)<\/title>/)).toBe('Greška 503 · Trgovina je trenutačno nedostupna | Zlatno zrno');
  });

  it('answers crawlers a plain 503 with Retry-After (a temporary outage, not a page to drop)', async () => {
    const bot = await render('/en/products', { stubApi, headers: { cookie: 'locale=en', 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(503);
    expect(Number(bot.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(bot.body).toBe('Service Unavailable\n');
  });
});
