// The back office's product and category editing (docs/admin.md 'Products and categories') on the
// real shop with its built client (SSR pages answer for real: the old-slug 301): role all (relay and
// workers deliver the events that drop caches), real PostgreSQL and Redis. Roles: admin changes,
// staff reads, customer 403, anonymous 401; hostile values answer 409/422, never 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  AdminCategoryListResponse,
  AdminProductEditableResponse,
  type AdminProductEditable,
} from '../../../contract/api/admin-products.js';
import { LOCALES, type Locale } from '../../../contract/locales.js';
import { publicPath } from '../../../contract/paths.js';
import { CATALOG_MAX_PAGE_SIZE } from '../../../contract/limits.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

type Method = 'get' | 'post' | 'patch';
let seq = 0;
const uniqueCode = () => `ED-${process.pid.toString(36).toUpperCase()}-${Date.now().toString(36).toUpperCase()}-${++seq}`;

const NUTRITION = {
  energy_kj: 1500,
  energy_kcal: 355,
  fat: 1.5,
  saturates: 0.3,
  carbohydrate: 71,
  sugars: 3.5,
  fibre: 3,
  protein: 13,
  salt: 0.01,
};

function fullTexts(name: string, locale: Locale) {
  return {
    name: `${name} ${locale}`,
    short_description: `Kratko ${locale}`,
    description: `Opis ${locale}\n\nDrugi odlomak.`,
    ingredients: `Durum ${locale}`,
    allergens: `Gluten ${locale}`,
    cooking_tips: `Kuhati 9 minuta ${locale}`,
  };
}

describe("back office's product and category editing (/api/admin/products, /api/admin/categories)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let staff: Shopper;
  let customer: Shopper;
  let anonymous: Shopper;

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' }, role: 'all', serveClient: true });
    db = shop.app.get(DataSource);
    const as = async (role: 'admin' | 'staff' | 'customer') => {
      const u = await createUser(db, { role });
      return signIn(shop.url, u.email, u.password);
    };
    admin = await as('admin');
    staff = await as('staff');
    customer = await as('customer');
    anonymous = await shopper(shop.url);
    await createProduct(shop.app, { category: 'editor-cat' }); // makes the category 'editor-cat'
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const newProduct = (code: string, texts: Record<string, unknown> = { hr: { name: `Špageti s češnjakom ${code}` } }) => ({
    code,
    line: 'classic',
    category: 'editor-cat',
    pack: 'standard',
    net_weight_grams: 500,
    shipping_weight_grams: 520,
    pieces_per_carton: 12,
    vat_rate: 5,
    vat_class: 'food',
    kpd_code: '10.73.11',
    nutrition: NUTRITION,
    cooking_time_minutes: 9,
    related: [],
    price_cents: 249,
    texts,
  });
  const created = async (code: string, texts?: Record<string, unknown>) => {
    const res = await admin.call('post', '/api/admin/products', newProduct(code, texts));
    expect([res.status, res.status === 201 ? null : res.body]).toEqual([201, null]);
    return AdminProductEditableResponse.parse(res.body).data;
  };
  const patch = (code: string, body: unknown) => admin.call('patch', `/api/admin/products/${code}/details`, body);
  const completeAll = async (code: string, name: string) => {
    const texts = Object.fromEntries(LOCALES.map((l) => [l, fullTexts(name, l)]));
    const res = await patch(code, { texts });
    expect(res.status).toBe(200);
    return AdminProductEditableResponse.parse(res.body).data;
  };
  /** The product page as a browser asks for it (SSR), without following redirects. */
  const page = (locale: Locale, slug: string) =>
    request(shop.url)
      .get(publicPath('product', locale, { slug }))
      .set('Accept', 'text/html')
      .set('Cookie', `locale=${locale}`)
      .redirects(0);
  const inShopList = async (code: string, locale: Locale = 'en') => {
    const res = await request(shop.url)
      .get(`/api/catalog/products?locale=${locale}&category=editor-cat-${locale}&page_size=${CATALOG_MAX_PAGE_SIZE}`)
      .expect(200);
    return (res.body as { data: { items: Array<{ code: string }> } }).data.items.some((i) => i.code === code);
  };
  const auditOf = async (type: string, id: string) =>
    (await db.query(`SELECT action, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY at, id`, [
      type,
      id,
    ])) as Array<{
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>;

  it('answers every route by role: admin changes, staff reads, customer 403, anonymous 401', async () => {
    const code = uniqueCode();
    const routes: Array<{ method: Method; path: string; body?: unknown; staff: number; admin: number }> = [
      { method: 'post', path: '/api/admin/products', body: newProduct(code), staff: 403, admin: 201 },
      { method: 'get', path: `/api/admin/products/${code}/details`, staff: 200, admin: 200 },
      { method: 'patch', path: `/api/admin/products/${code}/details`, body: { cooking_time_minutes: 10 }, staff: 403, admin: 200 },
      { method: 'post', path: `/api/admin/products/${code}/publish`, staff: 403, admin: 422 },
      { method: 'post', path: `/api/admin/products/${code}/unpublish`, staff: 403, admin: 200 },
      { method: 'post', path: `/api/admin/products/${code}/archive`, staff: 403, admin: 200 },
      { method: 'post', path: `/api/admin/products/${code}/unarchive`, staff: 403, admin: 200 },
      { method: 'get', path: '/api/admin/categories', staff: 200, admin: 200 },
      { method: 'post', path: '/api/admin/categories', body: { code: 'x-y' }, staff: 403, admin: 422 },
      { method: 'patch', path: '/api/admin/categories/editor-cat', body: { texts: {} }, staff: 403, admin: 200 },
      { method: 'post', path: '/api/admin/categories/editor-cat/move', body: { direction: 'sideways' }, staff: 403, admin: 422 },
    ];
    for (const r of routes) {
      const seen = {
        anonymous: (await anonymous.call(r.method, r.path, r.body)).status,
        customer: (await customer.call(r.method, r.path, r.body)).status,
        staff: (await staff.call(r.method, r.path, r.body)).status,
        admin: (await admin.call(r.method, r.path, r.body)).status,
      };
      expect([r.method, r.path, seen]).toEqual([r.method, r.path, { anonymous: 401, customer: 403, staff: r.staff, admin: r.admin }]);
    }
    // without the CSRF token nothing is created
    const res = await admin.agent.post('/api/admin/products').send(newProduct(uniqueCode()));
    expect(res.status).toBe(403);
  });

  it('creates a draft in Croatian only: missing texts stay null and are listed; the shop does not show it until all four are there', async () => {
    const code = uniqueCode();
    const p = await created(code);
    expect(p.state).toBe('draft');
    expect(p.texts.hr.slug).toBe(`spageti-s-cesnjakom-${code.toLowerCase()}`);
    expect(p.texts.en).toEqual({
      name: null,
      slug: null,
      short_description: null,
      description: null,
      ingredients: null,
      allergens: null,
      cooking_tips: null,
    });
    expect(p.missing.map((m) => m.locale)).toEqual(['hr', 'en', 'de', 'sl']);
    expect(p.price_cents).toBe(249);
    // salt keeps two decimals (labelled to 0.01 g below 1 g)
    expect(p.nutrition).toEqual(NUTRITION);
    const history = (await db.query(`SELECT amount_cents FROM product_price pp JOIN product p ON p.id = pp.product_id WHERE p.code = $1`, [
      code,
    ])) as unknown[];
    expect(history).toEqual([{ amount_cents: 249 }]);
    // a blank text is stored as null, never ''
    const blank = await patch(code, { texts: { en: { name: '   ', short_description: '' } } });
    expect(blank.status).toBe(200);
    const [row] = (await db.query(
      `SELECT t.name, t.short_description FROM product_translation t JOIN product p ON p.id = t.product_id WHERE p.code = $1 AND t.locale = 'en'`,
      [code],
    )) as Array<{ name: string | null; short_description: string | null }>;
    expect(row).toEqual({ name: null, short_description: null });

    // publishing lists every missing text, in the caller's language
    const refused = await admin.call('post', `/api/admin/products/${code}/publish`);
    expect(refused.status).toBe(422);
    const errors = (refused.body as { errors: Array<{ code: string; field?: string; message: string }> }).errors;
    expect(errors[0].code).toBe('CATALOG_PRODUCT_TEXTS_MISSING');
    expect(errors[0].message).toContain('HR, EN, DE, SL');
    expect(errors.map((e) => e.field)).toContain('texts.en.name');
    expect(errors.map((e) => e.field)).toContain('texts.hr.cooking_tips');
    expect(await page('hr', p.texts.hr.slug!).then((r) => r.status)).toBe(404);

    // the list's ready-made view 'not translated' has it until every text is written
    const untranslated = async () =>
      (
        (await admin.call('get', `/api/admin/products?translation=missing&q=${code}`)).body as { data: { items: Array<{ code: string }> } }
      ).data.items.map((i) => i.code);
    expect(await untranslated()).toEqual([code]);
    const done = await completeAll(code, `Fusilli ${code}`);
    expect(done.missing).toEqual([]);
    expect(await untranslated()).toEqual([]);
    // before publishing, the slug follows the name
    expect(done.texts.de.slug).toBe(`fusilli-${code.toLowerCase()}-de`);
    const published = await admin.call('post', `/api/admin/products/${code}/publish`);
    expect(published.status).toBe(200);
    expect(AdminProductEditableResponse.parse(published.body).data.slugs_locked).toBe(true);
    for (const l of LOCALES) {
      const res = await page(l, done.texts[l].slug!);
      expect([l, res.status]).toEqual([l, 200]);
      expect(res.text).toContain(`Fusilli ${code} ${l}`);
    }
    await waitFor('the shop list shows the published product', () => inShopList(code));

    // a published product keeps every text
    const cleared = await patch(code, { texts: { sl: { allergens: null } } });
    expect(cleared.status).toBe(422);
    expect((cleared.body as { errors: Array<{ field?: string }> }).errors.map((e) => e.field)).toContain('texts.sl.allergens');

    const audit = await auditOf('product', code);
    // the blank patch changed nothing (null stayed null): no row for it
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update', 'product.publish']);
    expect(audit[0].after).toMatchObject({ name_hr: `Špageti s češnjakom ${code}`, name_en: null, price_cents: 249, published: false });
    expect(audit[1].after).toMatchObject({ name_en: `Fusilli ${code} en`, slug_en: `fusilli-${code.toLowerCase()}-en` });
    expect(audit[2]).toMatchObject({ before: { published: false }, after: { published: true } });
  });

  it('locks slugs once published: a new name keeps the address; two renames of the address each answer 301 in one hop to the current slug', async () => {
    const code = uniqueCode();
    await created(code, Object.fromEntries(LOCALES.map((l) => [l, fullTexts(`Penne ${code}`, l)])));
    await admin.call('post', `/api/admin/products/${code}/publish`).expect(200);
    const first = `penne-${code.toLowerCase()}-en`;
    const renamed = AdminProductEditableResponse.parse((await patch(code, { texts: { en: { name: `Penne rigate ${code}` } } })).body).data;
    expect(renamed.texts.en.slug).toBe(first);

    const second = `penne-rigate-${code.toLowerCase()}`;
    const third = `penne-rigate-classic-${code.toLowerCase()}`;
    expect((await patch(code, { texts: { en: { slug: second } } })).status).toBe(200);
    const last = await patch(code, { texts: { en: { slug: third } } });
    expect(AdminProductEditableResponse.parse(last.body).data.old_slugs).toEqual(
      expect.arrayContaining([
        { locale: 'en', slug: first },
        { locale: 'en', slug: second },
      ]),
    );
    for (const old of [first, second]) {
      const res = await page('en', old);
      expect([old, res.status, res.headers.location]).toEqual([old, 301, publicPath('product', 'en', { slug: third })]);
    }
    expect((await page('en', third)).status).toBe(200);
    // the Croatian page kept its own slug; removing a live slug is refused
    expect((await page('hr', `penne-${code.toLowerCase()}-hr`)).status).toBe(200);
    const removed = await patch(code, { texts: { en: { slug: null } } });
    expect([removed.status, removed.body.errors[0].code]).toEqual([422, 'CATALOG_SLUG_REQUIRED']);
    // another product may not take an old address (it keeps pointing where it did)
    const other = uniqueCode();
    await created(other);
    const taken = await patch(other, { texts: { en: { slug: second } } });
    expect([taken.status, taken.body.errors[0]]).toEqual([
      409,
      expect.objectContaining({ code: 'CATALOG_SLUG_TAKEN', field: 'texts.en.slug' }),
    ]);
    // renaming back to an old slug makes it live again (no redirect to itself)
    expect((await patch(code, { texts: { en: { slug: first } } })).status).toBe(200);
    expect((await page('en', first)).status).toBe(200);
    expect((await page('en', third)).status).toBe(301);
  });

  it('archives: out of the shop list, search and its page (404); twice changes nothing; unarchive brings it back', async () => {
    const code = uniqueCode();
    const p = await created(code, Object.fromEntries(LOCALES.map((l) => [l, fullTexts(`Farfalle ${code}`, l)])));
    await admin.call('post', `/api/admin/products/${code}/publish`).expect(200);
    await waitFor('listed', () => inShopList(code));
    const archived = await admin.call('post', `/api/admin/products/${code}/archive`);
    expect(AdminProductEditableResponse.parse(archived.body).data.state).toBe('archived');
    await waitFor('gone from the shop list', async () => !(await inShopList(code)));
    expect((await page('en', p.texts.en.slug!)).status).toBe(404);
    expect((await request(shop.url).get(`/api/catalog/products/${p.texts.en.slug}?locale=en`)).status).toBe(404);
    const search = await request(shop.url)
      .get(`/api/catalog/products?locale=en&q=${encodeURIComponent(`Farfalle ${code}`)}`)
      .expect(200);
    expect((search.body as { data: { items: Array<{ code: string }> } }).data.items.map((i) => i.code)).not.toContain(code);
    // twice changes nothing, writes no second row
    await admin.call('post', `/api/admin/products/${code}/archive`).expect(200);
    await admin.call('post', `/api/admin/products/${code}/unarchive`).expect(200);
    await waitFor('back in the shop list', () => inShopList(code));
    expect((await auditOf('product', code)).map((a) => a.action)).toEqual([
      'product.create',
      'product.publish',
      'product.archive',
      'product.unarchive',
    ]);
  });

  it('refuses hostile and wrong input with 404/409/422 and a localized message, never a 500', async () => {
    const code = uniqueCode();
    await created(code);
    const cases: Array<[Method, string, unknown, number, string?]> = [
      ['post', '/api/admin/products', newProduct(code), 409, 'CATALOG_CODE_TAKEN'],
      ['post', '/api/admin/products', { ...newProduct(uniqueCode()), category: 'no-such-category' }, 422, 'CATALOG_CATEGORY_UNKNOWN'],
      ['post', '/api/admin/products', { ...newProduct(uniqueCode()), related: ['NO-SUCH-1'] }, 422, 'CATALOG_RELATED_UNKNOWN'],
      ['post', '/api/admin/products', { ...newProduct(uniqueCode()), shipping_weight_grams: 10 }, 422, 'CATALOG_WEIGHT_ORDER'],
      ['post', '/api/admin/products', { ...newProduct('bad code!') }, 422, 'CATALOG_CODE_INVALID'],
      ['post', '/api/admin/products', { ...newProduct(uniqueCode()), vat_rate: 7 }, 422, 'CATALOG_VAT_RATE_INVALID'],
      [
        'post',
        '/api/admin/products',
        { ...newProduct(uniqueCode()), nutrition: { ...NUTRITION, fat: -1 } },
        422,
        'CATALOG_NUTRITION_INVALID',
      ],
      ['post', '/api/admin/products', { ...newProduct(uniqueCode()), is_admin: true }, 422],
      ['post', '/api/admin/products', [], 422],
      ['patch', `/api/admin/products/${code}/details`, {}, 422, 'CATALOG_NOTHING_TO_CHANGE'],
      ['patch', `/api/admin/products/${code}/details`, { texts: { en: { slug: 'Not A Slug' } } }, 422, 'CATALOG_SLUG_INVALID'],
      ['patch', `/api/admin/products/${code}/details`, { texts: { en: { name: 'a\u0000b' } } }, 422, 'CONTROL_CHARACTER'],
      ['patch', `/api/admin/products/${code}/details`, { texts: { en: { name: 'x'.repeat(500) } } }, 422, 'CATALOG_TEXT_TOO_LONG'],
      ['patch', `/api/admin/products/${code}/details`, { texts: { fr: { name: 'Pâtes' } } }, 422],
      ['patch', `/api/admin/products/${code}/details`, { texts: { en: { name: 42 } } }, 422, 'CATALOG_TEXT_INVALID'],
      ['patch', `/api/admin/products/${code}/details`, { related: [code] }, 422, 'CATALOG_RELATED_UNKNOWN'],
      ['patch', `/api/admin/products/${code}/details`, { cooking_time_minutes: 1e9 }, 422, 'CATALOG_COOKING_TIME_INVALID'],
      [
        'patch',
        `/api/admin/products/${code}/details`,
        { line: 'classic', expected_updated_at: '2000-01-01T00:00:00Z' },
        409,
        'CATALOG_PRODUCT_CHANGED',
      ],
      ['get', '/api/admin/products/NO-SUCH-PRODUCT/details', undefined, 404, 'CATALOG_PRODUCT_NOT_FOUND'],
      ['get', `/api/admin/products/${encodeURIComponent("x' OR 1=1 --")}/details`, undefined, 422, 'CATALOG_CODE_INVALID'],
      ['post', '/api/admin/products/NO-SUCH-PRODUCT/publish', undefined, 404, 'CATALOG_PRODUCT_NOT_FOUND'],
      ['patch', '/api/admin/categories/no-such', { texts: {} }, 404, 'CATALOG_CATEGORY_NOT_FOUND'],
      ['patch', '/api/admin/categories/editor-cat', { texts: { en: { name: null } } }, 422, 'CATALOG_CATEGORY_NAME_REQUIRED'],
      ['post', '/api/admin/categories', { code: 'Bad Code', texts: {} }, 422],
      ['post', '/api/admin/categories', { code: 'editor-cat', texts: { hr: { name: 'X' } } }, 409, 'CATALOG_CATEGORY_CODE_TAKEN'],
    ];
    for (const [method, path, body, status, errorCode] of cases) {
      const res = await admin.call(method, path, body);
      expect([method, path, res.status]).toEqual([method, path, status]);
      const errors = (res.body as { errors: Array<{ code: string; message: string }> }).errors;
      if (errorCode) expect([path, errors.map((e) => e.code)]).toEqual([path, expect.arrayContaining([errorCode])]);
      expect(errors.every((e) => e.message && e.message !== e.code)).toBe(true);
    }
    // in Croatian too
    const res = await admin.agent
      .post('/api/admin/products')
      .set('Accept-Language', 'hr')
      .set('X-CSRF-Token', admin.token)
      .send({ ...newProduct(uniqueCode()), shipping_weight_grams: 10 });
    expect(res.body.errors[0].message).toBe('Težina za slanje ne može biti manja od neto težine.');
  });

  it('categories: create, rename with a slug change (the old slug still filters), reorder (the shop follows), audit', async () => {
    const code = `ed-${Date.now().toString(36)}`;
    const res = await admin.call('post', '/api/admin/categories', {
      code,
      texts: {
        hr: { name: 'Tjestenina za juhu' },
        en: { name: 'Soup pasta' },
        de: { name: 'Suppennudeln' },
        sl: { name: 'Testenine za juho' },
      },
    });
    expect(res.status).toBe(201);
    const made = res.body.data as { texts: Record<Locale, { slug: string }> };
    expect(made.texts.hr.slug).toBe('tjestenina-za-juhu');
    // a product in it
    const p = uniqueCode();
    await admin
      .call('post', '/api/admin/products', {
        ...newProduct(p, Object.fromEntries(LOCALES.map((l) => [l, fullTexts(`Zvjezdice ${p}`, l)]))),
        category: code,
      })
      .expect(201);
    await admin.call('post', `/api/admin/products/${p}/publish`).expect(200);
    const filtered = async (slug: string) => {
      const r = await request(shop.url).get(`/api/catalog/products?locale=en&category=${slug}`).expect(200);
      return (r.body as { data: { items: Array<{ code: string }> } }).data.items.map((i) => i.code);
    };
    await waitFor('the category lists the product', async () => (await filtered('soup-pasta')).includes(p));
    const renamed = await admin.call('patch', `/api/admin/categories/${code}`, {
      texts: { en: { name: 'Pasta for soup', slug: 'pasta-for-soup' } },
    });
    expect(renamed.status).toBe(200);
    await waitFor('the new slug filters', async () => (await filtered('pasta-for-soup')).includes(p));
    expect(await filtered('soup-pasta')).toContain(p);

    const order = async () => {
      const r = await request(shop.url).get('/api/catalog/categories?locale=en').expect(200);
      return (r.body as { data: Array<{ slug: string }> }).data.map((c) => c.slug);
    };
    const before = await order();
    const moved = await admin.call('post', `/api/admin/categories/${code}/move`, { direction: 'up' });
    expect(moved.status).toBe(200);
    const list = AdminCategoryListResponse.parse(moved.body).data.categories.map((c) => c.code);
    const at = list.indexOf(code);
    expect(at).toBe(before.indexOf('pasta-for-soup') - 1);
    await waitFor('the shop shows the new order', async () => (await order()).indexOf('pasta-for-soup') === at);
    // moving the first one up changes nothing
    const top = list[0];
    const again = await admin.call('post', `/api/admin/categories/${top}/move`, { direction: 'up' });
    expect(AdminCategoryListResponse.parse(again.body).data.categories[0].code).toBe(top);

    const audit = await auditOf('category', code);
    expect(audit.map((a) => a.action)).toEqual(['category.create', 'category.update', 'category.move']);
    expect(audit[1]).toMatchObject({
      before: { name_en: 'Soup pasta', slug_en: 'soup-pasta' },
      after: { name_en: 'Pasta for soup', slug_en: 'pasta-for-soup' },
    });
  });

  it('staff read a product’s details but every change is refused and writes nothing', async () => {
    const code = uniqueCode();
    await created(code);
    const read = await staff.call('get', `/api/admin/products/${code}/details`);
    expect((read.body as { data: AdminProductEditable }).data.code).toBe(code);
    expect((await staff.call('patch', `/api/admin/products/${code}/details`, { cooking_time_minutes: 5 })).status).toBe(403);
    expect((await auditOf('product', code)).length).toBe(1);
  });
});
