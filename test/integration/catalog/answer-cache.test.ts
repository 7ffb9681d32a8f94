// The catalogue's answer cache with two web processes on one database: a list answer is computed
// once per language and query and then served as the same bytes with its ETag (304 on a match),
// the same for every visitor (nothing personal in it or in its key); a price change reaches both
// processes' next request (NOTIFY from the event's delivery), and an offer that ends by the clock
// is gone from the next answer after its end without any event.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { waitFor } from '../../support/wait.js';

type Shop = RunningShop & { url: string };

interface Answer {
  status: number;
  cache: string | null;
  etag: string | null;
  type: string | null;
  cookies: string[];
  body: string;
}

async function list(shop: Shop, query: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${shop.url}/api/catalog/products?${query}`, { headers });
  return {
    status: res.status,
    cache: res.headers.get('x-answer-cache'),
    etag: res.headers.get('etag'),
    type: res.headers.get('content-type'),
    cookies: res.headers.getSetCookie(),
    body: await res.text(),
  };
}

const prices = (a: Answer) =>
  (JSON.parse(a.body) as { data: { items: Array<{ price: { amount: number } }> } }).data.items.map((i) => i.price.amount);

/** Every catalogue event so far has reached the subscriber that sends the NOTIFY. */
async function catalogueEventsDelivered(shop: Shop): Promise<void> {
  const db = shop.app.get(DataSource);
  await waitFor('catalogue events delivered', async () => {
    const [{ pending }] = await db.query<Array<{ pending: string }>>(
      `SELECT count(*) AS pending FROM outbox_event e WHERE e.name IN ('catalog.price-changed', 'catalog.availability-changed')
         AND NOT EXISTS (SELECT 1 FROM event_delivery d WHERE d.event_id = e.id AND d.subscriber_id LIKE 'drop-rendered-pages%')`,
    );
    return pending === '0';
  });
}

describe('catalogue answer cache (two web processes, one database)', () => {
  let a: Shop;
  let b: Shop;
  /** A word only this run's products have: the search answers just them. */
  const word = `ansc${process.pid.toString(36)}${Date.now().toString(36)}`;

  beforeAll(async () => {
    const env = { RENDER_CACHE_TTL_SECONDS: '300', QUEUE_PREFIX: `ac-${process.pid}-${Date.now().toString(36)}` };
    // a: web and worker (it delivers the events); b: web only, hears about changes through PostgreSQL only.
    a = await startShop({ env });
    b = await startShop({ env, role: 'web' });
    await createProduct(a.app, { price: 249, names: { en: `Fusilli ${word}` } });
    await catalogueEventsDelivered(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('computes an answer once, then serves the same bytes and ETag; 304 when the ETag matches', async () => {
    const query = `q=${word}&locale=en`;
    const first = await list(a, query);
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(first.etag).toMatch(/^W\/"/);
    expect(prices(first)).toEqual([249]);
    const second = await list(a, query);
    expect([second.status, second.cache, second.etag, second.body]).toEqual([200, 'hit', first.etag, first.body]);
    // (supertest: fetch adds Cache-Control: no-cache to a conditional request, as the Fetch standard says.)
    const again = await request(a.url).get(`/api/catalog/products?${query}`).set('if-none-match', first.etag!);
    expect([again.status, again.text ?? '']).toEqual([304, '']);
    expect((await request(a.url).get(`/api/catalog/products?${query}`).set('if-none-match', 'W/"other"')).status).toBe(200);
    // The same search written differently is the same answer; another language, page or size is not.
    expect((await list(a, `q=%20${word}%20!&locale=en`)).cache).toBe('hit');
    expect((await list(a, `q=${word}&locale=de`)).cache).toBe('miss');
    expect((await list(a, `q=${word}&locale=en&page_size=24`)).cache).toBe('miss');
    // Invalid queries are refused as before, never cached.
    expect((await list(a, 'page=0')).status).toBe(422);
    expect((await list(a, 'page=0')).status).toBe(422);
  });

  it('is the same for every visitor: a signed-in one gets the cached bytes, and no answer carries a cookie', async () => {
    const query = `q=${word}&locale=en&page_size=12`;
    const anonymous = await list(a, query);
    const user = await createUser(a.app.get(DataSource), { firstName: 'Renata' });
    const session = await signIn(a.url, user.email, user.password);
    const signedIn = await list(a, query, { cookie: `locale=en; access_token=${session.tokens.access_token}; cart=whatever` });
    expect(signedIn.cache).toBe('hit');
    expect(signedIn.body).toBe(anonymous.body);
    for (const answer of [anonymous, signedIn]) {
      expect(answer.cookies).toEqual([]);
      expect(answer.body).not.toContain(user.email);
    }
  });

  it('shows a price change on the next request of both processes, without waiting for the time limit', async () => {
    const query = `q=${word}&locale=hr`;
    const code = await a.app
      .get(DataSource)
      .query<Array<{ code: string }>>(
        `SELECT p.code FROM product p JOIN product_translation t ON t.product_id = p.id WHERE t.locale = 'en' AND t.name = $1`,
        [`Fusilli ${word}`],
      )
      .then((rows) => rows[0]!.code);
    for (const shop of [a, b]) {
      await list(shop, query);
      const cached = await list(shop, query);
      expect([cached.cache, prices(cached)]).toEqual(['hit', [249]]);
    }
    await a.app.get(PriceService).changePrice(code, 199);
    await catalogueEventsDelivered(a);
    for (const shop of [a, b]) {
      const fresh = await waitFor(
        'the new price in the answer',
        async () => {
          const answer = await list(shop, query);
          return prices(answer)[0] === 199 ? answer : undefined;
        },
        { timeoutMs: 5_000 },
      );
      expect(fresh.cache).toBe('miss');
    }
  });

  it('drops an answer when an offer on it ends by the clock, with no event', async () => {
    const endsAt = new Date(Date.now() + 2_000);
    const other = `${word}offer`;
    await createProduct(a.app, { price: 300, names: { en: `Penne ${other}` }, offer: { price: 250, endsAt } });
    await catalogueEventsDelivered(a);
    const query = `q=${other}&locale=en`;
    await list(b, query);
    const during = await list(b, query);
    expect([during.cache, prices(during)]).toEqual(['hit', [250]]);
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt.getTime() - Date.now() + 50)));
    const after = await list(b, query);
    expect([after.cache, prices(after)]).toEqual(['miss', [300]]);
  });
});
