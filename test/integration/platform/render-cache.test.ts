// The render cache with two web processes on one database (the built client): an anonymous page is
// rendered once and then served from memory with this response's own nonce and CSRF token; anything
// personal (a session, a cart, another cookie, a foreign query) is neither served from it nor stored
// in it; a price change reaches both processes' next request (NOTIFY from the event's delivery).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { formatEuro } from '../../../contract/money.js';
import { publicPath } from '../../../contract/paths.js';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { waitFor } from '../../support/wait.js';

type Shop = RunningShop & { url: string };

interface Page {
  status: number;
  cache: string | null;
  html: string;
  csp: string;
  cookies: string[];
}

async function page(shop: Shop, path: string, cookie = ''): Promise<Page> {
  const res = await fetch(`${shop.url}${path}`, {
    headers: { accept: 'text/html', 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  });
  return {
    status: res.status,
    cache: res.headers.get('x-render-cache'),
    html: await res.text(),
    csp: res.headers.get('content-security-policy') ?? '',
    cookies: res.headers.getSetCookie(),
  };
}

/** Every catalogue event so far has reached the render cache's subscriber (its NOTIFY is out). */
async function catalogueEventsDelivered(shop: Shop): Promise<void> {
  const db = shop.app.get(DataSource);
  await waitFor('catalogue events delivered to the render cache', async () => {
    const [{ pending }] = await db.query<Array<{ pending: string }>>(
      `SELECT count(*) AS pending FROM outbox_event e WHERE e.name IN ('catalog.price-changed', 'catalog.availability-changed')
         AND NOT EXISTS (SELECT 1 FROM event_delivery d WHERE d.event_id = e.id AND d.subscriber_id LIKE 'drop-rendered-pages%')`,
    );
    return pending === '0';
  });
}

const csrfMeta = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
const nonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
/** Cookies a returning anonymous visitor sends: the language and the cookie choice (no session, no cart). */
const RETURNING = 'locale=en; cookie_consent=essential';

describe('render cache (two web processes, one database)', () => {
  let a: Shop;
  let b: Shop;
  let product: { code: string; slugs: Record<string, string> };
  let productPath: string;

  beforeAll(async () => {
    const prefix = `rc-${process.pid}-${Date.now().toString(36)}`;
    const env = { RENDER_CACHE_TTL_SECONDS: '300', QUEUE_PREFIX: prefix };
    // a: web and worker (it delivers the events); b: web only, hears about changes through PostgreSQL only.
    a = await startShop({ serveClient: true, env });
    b = await startShop({ serveClient: true, env, role: 'web' });
    product = await createProduct(a.app, { price: 249, names: { en: 'Cache test fusilli' } });
    productPath = publicPath('product', 'en', { slug: product.slugs.en! });
    // The product's own catalogue events drop the caches when delivered: let that happen before the tests fill them.
    await catalogueEventsDelivered(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('renders an anonymous page once, then serves it with each response its own nonce and CSRF token', async () => {
    const first = await page(a, productPath, RETURNING);
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    expect(first.html).toContain('Cache test fusilli');
    const second = await page(a, productPath, RETURNING);
    expect([second.status, second.cache]).toEqual([200, 'hit']);
    // The same page, but not the same per-response parts: a token and a nonce of their own, matching their CSP.
    for (const p of [first, second]) {
      expect(csrfMeta(p.html)).toMatch(/^[A-Za-z0-9_.-]{20,}$/);
      const used = [...nonces(p.html)];
      expect(used.length).toBeGreaterThan(0);
      for (const n of used) expect(p.csp).toContain(`'nonce-${n}'`);
      expect(p.html).not.toMatch(/zznonce|zzcsrf/);
    }
    expect(csrfMeta(second.html)).not.toBe(csrfMeta(first.html));
    expect([...nonces(second.html)][0]).not.toBe([...nonces(first.html)][0]);
    // Apart from them, byte for byte the same page.
    const generic = (p: Page) =>
      [...nonces(p.html)].reduce((html, n) => html.split(n).join('NONCE'), p.html.split(csrfMeta(p.html)!).join('TOKEN'));
    expect(generic(second)).toBe(generic(first));
    // A new visitor (no cookies) still gets the anonymous cookies of the CSRF protection set on the response.
    const fresh = await page(a, productPath, RETURNING);
    expect(fresh.cookies.join('\n')).toMatch(/sid=/);
    // The other process has a cache of its own.
    expect((await page(b, productPath, RETURNING)).cache).toBe('miss');
    expect((await page(b, productPath, RETURNING)).cache).toBe('hit');
  });

  it('never serves or stores a personal render: session, cart, unknown cookies and foreign queries bypass it', async () => {
    const path = publicPath('products', 'en');
    const user = await createUser(a.app.get(DataSource), { firstName: 'Renata' });
    const signedIn = await signIn(a.url, user.email, user.password);
    const sessionCookie = `${RETURNING}; access_token=${signedIn.tokens.access_token}`;

    // A personal render first: it is not stored, so the anonymous visitor after it is a miss, not a hit.
    const personal = await page(a, path, sessionCookie);
    expect([personal.status, personal.cache]).toEqual([200, 'bypass']);
    expect((await page(a, path, RETURNING)).cache).toBe('miss');
    expect((await page(a, path, RETURNING)).cache).toBe('hit');
    for (const cookie of [sessionCookie, `${RETURNING}; cart=whatever`, `${RETURNING}; token_expires=1`, `${RETURNING}; tracking=1`]) {
      expect([cookie, (await page(a, path, cookie)).cache]).toEqual([cookie, 'bypass']);
    }
    for (const query of ['?utm_source=mail', '?page=2&page=3', `?q=${'x'.repeat(600)}`]) {
      expect([query, (await page(a, `${path}${query}`, RETURNING)).cache]).toEqual([query, 'bypass']);
    }
    // The pages' own queries are cached, each as its own entry.
    expect((await page(a, `${path}?q=fusilli`, RETURNING)).cache).toBe('miss');
    expect((await page(a, `${path}?q=fusilli`, RETURNING)).cache).toBe('hit');
    // A first visit (no language cookie yet) is answered with Set-Cookie: rendered for that visitor only.
    const first = await page(a, path);
    expect(first.cache).toBe('bypass');
  });

  it('shows a price change on the next request of both processes, without waiting for the time limit', async () => {
    const before = formatEuro(249, 'en');
    const after = formatEuro(199, 'en');
    expect((await page(a, productPath, RETURNING)).html).toContain(before);
    expect((await page(b, productPath, RETURNING)).cache).toBe('hit');

    await a.app.get(PriceService).changePrice(product.code, 199);
    // The product's own part of the page: the related products below it (other tests' products in the
    // same database) may cost exactly the new price.
    const ownPart = (html: string) => html.slice(0, html.indexOf('id="product-related"'));
    for (const shop of [a, b]) {
      const fresh = await waitFor(
        'the new price on the page',
        async () => {
          const p = await page(shop, productPath, RETURNING);
          return ownPart(p.html).includes(after) ? p : undefined;
        },
        { timeoutMs: 15_000 },
      );
      expect(ownPart(fresh.html)).not.toContain(`>${before}<`);
    }
  });
});
