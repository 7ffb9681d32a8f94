// A catalogue that stays fast as it grows (issue 11, Growth), tested without timing: a database of
// its own with 4,000 products copied from the demo ones (scripts/bench/synthetic-catalog.ts), the
// API's answers compared with plain reference queries (totals, order, deep and last pages, search
// ranking), and the plans of the queries the catalogue really runs (recorded as they pass through
// the DataSource) checked for indexes: no sequential scan of product_translation, none of product
// for lists and related products, no sort for the list, search through the GIN indexes.
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { createProduct } from '../../factories/catalog.js';
import { seedSyntheticCatalog } from '../../../scripts/bench/synthetic-catalog.js';
import type { RunningShop } from '../../../server/main.js';
import { SEARCH_RANKED } from '../../../server/modules/catalog/index.js';

const TOTAL = 4000;
const SIZE = 12;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The old, index-less formulation of the search (every product, its four translations), as the reference answer:
 * with `$3` = SEARCH_RANKED only the first $3 matches in catalogue order are ranked, the others follow in catalogue
 * order; with `$3` = null every match is ranked (the order before the bound, the same whenever there are few matches).
 */
const REFERENCE_SEARCH = `
  WITH q AS (SELECT to_tsquery('simple', catalog_fold($2::text)) AS query),
  s AS (
    SELECT p.code, p.position, p.id, s.rank, row_number() OVER (ORDER BY p.position, p.id) AS n
    FROM product p CROSS JOIN q
    JOIN LATERAL (
      SELECT max(CASE WHEN t.locale = $1 THEN ts_rank(t.search_document, q.query) ELSE 0.5 * ts_rank(t.search_name, q.query) END) AS rank
      FROM product_translation t
      WHERE t.product_id = p.id AND ((t.locale = $1 AND t.search_document @@ q.query) OR (t.locale <> $1 AND t.search_name @@ q.query))
    ) s ON true
    WHERE s.rank IS NOT NULL)
  SELECT code FROM s ORDER BY CASE WHEN $3::int IS NULL OR n <= $3::int THEN rank END DESC NULLS LAST, position, id`;

/** Rows of product_search that differ from what the texts and products say they should be (none while the triggers keep it). */
const SEARCH_ROWS_OFF = `
  WITH expected AS (
    SELECT t.product_id, t.locale, p.position, p.category_id, coalesce(o.names[1], '') AS name_1, coalesce(o.names[2], '') AS name_2,
           coalesce(o.names[3], '') AS name_3, t.search_document
    FROM product_translation t JOIN product p ON p.id = t.product_id
    CROSS JOIN LATERAL (SELECT array_agg(x.search_name ORDER BY x.locale) AS names FROM product_translation x WHERE x.product_id = t.product_id AND x.locale <> t.locale) o)
  SELECT count(*)::int AS n FROM (
    (SELECT * FROM expected EXCEPT SELECT product_id, locale, position, category_id, name_1, name_2, name_3, search_document FROM product_search)
    UNION ALL
    (SELECT product_id, locale, position, category_id, name_1, name_2, name_3, search_document FROM product_search EXCEPT SELECT * FROM expected)) d`;

describe('catalogue at a few thousand products', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let database: { url: string; name: string } | undefined;
  const seen: Array<{ sql: string; params: unknown[] }> = [];

  beforeAll(async () => {
    database = await createDatabase('shop_catalog_growth');
    shop = await startShop({ env: { DATABASE_URL: database.url } }); // migrates and seeds the 16 demo products
    expect(await seedSyntheticCatalog(database.url, TOTAL)).toEqual({ before: 16, added: TOTAL - 16, total: TOTAL });
    db = shop.app.get(DataSource);
    // Record the catalogue's raw queries (they still run as they are) to EXPLAIN them afterwards.
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      seen.push({ sql, params: params ?? [] });
      return query(sql, params);
    }) as DataSource['query'];
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    if (database) await dropDatabase(database.name);
  });

  const codes = async (sql: string, params: unknown[] = []) =>
    ((await db.query(sql, params)) as Array<{ code: string }>).map((r) => r.code);
  const list = async (query: string) => (await request(shop.url).get(`/api/catalog/products?${query}`).expect(200)).body.data;

  it('seeds idempotently: a second run to the same total adds nothing; copies carry texts, prices and offers', async () => {
    expect(await seedSyntheticCatalog(database!.url, TOTAL)).toEqual({ before: TOTAL, added: 0, total: TOTAL });
    const [row] = await db.query(
      `SELECT (SELECT count(*)::int FROM product_translation) AS texts, (SELECT count(DISTINCT slug)::int FROM product_translation WHERE locale = 'hr') AS slugs,
              (SELECT count(*)::int FROM product p WHERE NOT EXISTS (SELECT 1 FROM product_price h WHERE h.product_id = p.id)) AS unpriced,
              (SELECT count(*)::int FROM product_offer) AS offers`,
    );
    expect(row).toMatchObject({ texts: TOTAL * 4, slugs: TOTAL, unpriced: 0 });
    expect(row.offers).toBeGreaterThan(TOTAL / 16);
    const copy = (await request(shop.url).get('/api/catalog/products/penne-rigate-s2?locale=en').expect(200)).body.data;
    expect(copy).toMatchObject({ code: 'SYN-000002', name: 'Penne rigate 2' });
  });

  it('answers totals, page order, deep and last pages as the plain queries do', async () => {
    const all = await codes(`SELECT code FROM product ORDER BY position, id`);
    expect(all).toHaveLength(TOTAL);
    const last = Math.ceil(TOTAL / SIZE);
    for (const page of [1, 2, 150, last]) {
      const data = await list(`locale=hr&page=${page}`);
      expect(data.total).toBe(TOTAL);
      expect(data.items.map((p: { code: string }) => p.code)).toEqual(all.slice((page - 1) * SIZE, page * SIZE));
    }
    expect(await list(`locale=hr&page=${last + 1}`)).toMatchObject({ items: [], total: TOTAL });

    const business = await codes(
      `SELECT p.code FROM product p JOIN category c ON c.id = p.category_id WHERE c.code = 'business' ORDER BY p.position, p.id`,
    );
    const deep = await list('locale=de&category=grosspackungen&page=50&page_size=12');
    expect(deep.total).toBe(business.length);
    expect(deep.items.map((p: { code: string }) => p.code)).toEqual(business.slice(49 * 12, 50 * 12));
    expect(await list('locale=de&category=keine-kategorie')).toMatchObject({ items: [], total: 0 });
  });

  it('keeps category counts right through inserts, moves and deletes', async () => {
    const counted = async () =>
      Object.fromEntries(
        (
          (await db.query(
            `SELECT c.code, count(p.id)::int AS n FROM category c LEFT JOIN product p ON p.category_id = c.id GROUP BY c.code`,
          )) as Array<{ code: string; n: number }>
        ).map((r) => [r.code, r.n]),
      );
    const shown = async () =>
      Object.fromEntries(
        (
          (await request(shop.url).get('/api/catalog/categories?locale=en').expect(200)).body.data as Array<{
            code: string;
            product_count: number;
          }>
        ).map((c) => [c.code, c.product_count]),
      );
    expect(await shown()).toEqual(await counted());
    const { code } = await createProduct(shop.app, { category: 'alphabet' });
    expect(await shown()).toEqual(await counted());
    const searchRowsOff = async () => ((await db.query(SEARCH_ROWS_OFF)) as Array<{ n: number }>)[0].n;
    expect(await searchRowsOff()).toBe(0);
    await db.query(`UPDATE product SET category_id = (SELECT id FROM category WHERE code = 'business') WHERE code = $1`, [code]);
    await db.query(`UPDATE product SET stock = 5 WHERE code LIKE 'SYN-00001%'`);
    expect(await shown()).toEqual(await counted());
    // The search's copy of category and texts follows: the moved product is found in its new category, under a new name.
    await db.query(
      `UPDATE product_translation SET name = 'Quokkanudeln' WHERE locale = 'de' AND product_id = (SELECT id FROM product WHERE code = $1)`,
      [code],
    );
    expect(await searchRowsOff()).toBe(0);
    expect((await list('locale=hr&q=quokka&category=poslovna-pakiranja')).items.map((p: { code: string }) => p.code)).toEqual([code]);
    expect((await list('locale=de&q=quokka&category=grosspackungen')).items.map((p: { code: string }) => p.code)).toEqual([code]);
    await db.query(`DELETE FROM product WHERE code = $1`, [code]);
    const after = await shown();
    expect(after).toEqual(await counted());
    expect(Object.values(after).reduce((a, b) => a + b, 0)).toBe(TOTAL);
    expect(await searchRowsOff()).toBe(0);
    expect(await list('locale=hr&q=quokka')).toMatchObject({ items: [], total: 0 });
    expect((await list('locale=en')).total).toBe(TOTAL);
  });

  it('searches with the same matches, totals and ranking as the index-less query', async () => {
    for (const [locale, q, tsq] of [
      ['hr', 'fusilli', 'fusilli:*'],
      ['en', 'spaetzle', 'spaetzle:*'],
      ['de', 'penne rig', 'penne:* & rig:*'],
      ['sl', 'jájima', 'jájima:*'], // a word of the Croatian name only, accent folded
    ] as const) {
      const reference = await codes(REFERENCE_SEARCH, [locale, tsq, SEARCH_RANKED]);
      expect(reference.length).toBeGreaterThan(SIZE);
      // Up to SEARCH_RANKED matches the bound changes nothing: every match is ranked.
      if (reference.length <= SEARCH_RANKED) expect(reference).toEqual(await codes(REFERENCE_SEARCH, [locale, tsq, null]));
      for (const page of [1, 3]) {
        const data = await list(`locale=${locale}&q=${encodeURIComponent(q)}&page=${page}`);
        expect(data.total).toBe(reference.length);
        expect(data.items.map((p: { code: string }) => p.code)).toEqual(reference.slice((page - 1) * SIZE, page * SIZE));
      }
      const past = Math.ceil(reference.length / SIZE) + 1;
      expect(await list(`locale=${locale}&q=${encodeURIComponent(q)}&page=${past}`)).toMatchObject({ items: [], total: reference.length });
    }
    const inCategory = await list('locale=hr&q=penne&category=poslovna-pakiranja');
    expect(inCategory.total).toBe(TOTAL / 16);
    expect(await list('locale=hr&q=xyzzyq')).toMatchObject({ items: [], total: 0 });
  });

  it('ranks the first SEARCH_RANKED matches of a broad search (in catalogue order), the rest follow in catalogue order', async () => {
    const matched = await codes(REFERENCE_SEARCH, ['hr', 'fusilli:*', null]);
    const matches = await codes(`SELECT code FROM product WHERE code = ANY ($1::text[]) ORDER BY position, id`, [matched]);
    expect(matches.length).toBeGreaterThan(SEARCH_RANKED); // 750 of 4,000
    // The last match in catalogue order becomes the best match of all: 'fusilli' everywhere in its Croatian texts.
    const best = matches.at(-1)!;
    const text = 'Fusilli fusilli fusilli fusilli';
    await db.query(
      `UPDATE product_translation SET name = $2, short_description = $2, description = $2 WHERE locale = 'hr' AND product_id = (SELECT id FROM product WHERE code = $1)`,
      [best, text],
    );
    expect((await codes(REFERENCE_SEARCH, ['hr', 'fusilli:*', null]))[0]).toBe(best); // ranking every match would put it first
    const bounded = await codes(REFERENCE_SEARCH, ['hr', 'fusilli:*', SEARCH_RANKED]);
    expect(bounded.at(-1)).toBe(best); // outside the ranked first 500: last, in catalogue order
    const lastPage = Math.ceil(matches.length / SIZE);
    for (const page of [1, 2, 42, lastPage]) {
      const data = await list(`locale=hr&q=fusilli&page=${page}`);
      expect(data.total).toBe(matches.length);
      expect(data.items.map((p: { code: string }) => p.code)).toEqual(bounded.slice((page - 1) * SIZE, page * SIZE));
    }
    // Moved to the front of the catalogue it is among the ranked ones, and first.
    await db.query(`UPDATE product SET position = -1 WHERE code = $1`, [best]);
    expect((await list('locale=hr&q=fusilli')).items[0].code).toBe(best);
    expect((await list('locale=hr&q=fusilli')).items.map((p: { code: string }) => p.code)).toEqual(
      (await codes(REFERENCE_SEARCH, ['hr', 'fusilli:*', SEARCH_RANKED])).slice(0, SIZE),
    );
  });

  it('reuses a search page only while texts, order and categories are unchanged, whoever changes them', async () => {
    const searches = () => seen.filter((s) => /search_document @@/.test(s.sql)).length;
    const first = await list('locale=en&q=kamut');
    expect(first.total).toBe(TOTAL / 16);
    const before = searches();
    expect(await list('locale=en&q=kamut')).toEqual(first);
    expect(searches()).toBe(before); // the same page again: no second search
    // A text changed behind the service's back (plain SQL): the next search sees it.
    await db.query(
      `UPDATE product_translation SET name = 'Einkorn', description = 'Einkorn', short_description = 'Einkorn', ingredients = 'Einkorn' WHERE product_id = (SELECT id FROM product WHERE code = $1)`,
      [first.items[0].code],
    );
    const renamed = await list('locale=en&q=kamut');
    expect(searches()).toBe(before + 1);
    expect(renamed.total).toBe(first.total - 1);
    expect(renamed.items.map((p: { code: string }) => p.code)).not.toContain(first.items[0].code);
    // The order changed: the same.
    const lastCode = (await codes(REFERENCE_SEARCH, ['en', 'kamut:*', SEARCH_RANKED])).at(-1)!;
    await db.query(`UPDATE product SET position = -1 WHERE code = $1`, [lastCode]);
    expect((await list('locale=en&q=kamut')).items[0].code).toBe(lastCode);
    expect((await list('locale=en&q=kamut')).items.map((p: { code: string }) => p.code)).toEqual(
      (await codes(REFERENCE_SEARCH, ['en', 'kamut:*', SEARCH_RANKED])).slice(0, SIZE),
    );
    // Stock and prices are not part of a search's order: they leave the version alone.
    const [{ version }] = await db.query(`SELECT version FROM catalog_search_version`);
    await db.query(`UPDATE product SET stock = 3, price_cents = price_cents + 1 WHERE code = $1`, [lastCode]);
    expect((await db.query(`SELECT version FROM catalog_search_version`))[0].version).toBe(version);
  });

  it('runs every catalogue query on indexes: no sequential scan of the texts, none of products for lists, no sort for the list', async () => {
    seen.length = 0;
    await list('locale=hr&page=300');
    await list('locale=en&category=classic-shapes&page=90');
    await list('locale=hr&q=fusilli&page=2');
    await request(shop.url).get('/api/catalog/categories?locale=sl').expect(200);
    await request(shop.url).get('/api/catalog/products/penne-rigate-s2?locale=hr').expect(200);
    const catalogue = seen.filter((s) => /\bproduct(_translation|_search)?\b/.test(s.sql) && /^\s*(WITH|SELECT)/.test(s.sql));
    expect(catalogue.length).toBeGreaterThanOrEqual(5);
    let searched = false;
    for (const { sql, params } of catalogue) {
      const [
        {
          'QUERY PLAN': [{ Plan }],
        },
      ] = (await db.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
      const all = nodes(Plan);
      // Texts, products and the search rows are never read in full.
      const searching = /search_document @@/.test(sql);
      const seqScans = all.filter((n) => n['Node Type'] === 'Seq Scan' && /^product/.test(n['Relation Name'] ?? ''));
      expect({ sql, seqScans }).toEqual({ sql, seqScans: [] });
      if (/ORDER BY position( DESC)?, id/.test(sql)) {
        expect({ sql, sorts: all.filter((n) => n['Node Type'] === 'Sort').length }).toEqual({ sql, sorts: 0 });
        expect(all.some((n) => /^product_(listed_)?(category_)?order_idx$/.test(n['Index Name'] ?? ''))).toBe(true);
      }
      if (searching) {
        searched = true;
        const used = all.filter((n) => n['Node Type'] === 'Bitmap Index Scan').map((n) => n['Index Name']);
        expect(used).toEqual(['product_search_hr_idx']);
      }
      if (/ORDER BY \(availability = 'available'\) DESC/.test(sql)) {
        expect(all.some((n) => n['Index Name'] === 'product_related_idx')).toBe(true);
        expect(all.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      }
    }
    expect(searched).toBe(true);
    // List and category counts are kept, not counted (a search counts its own matches only).
    expect(catalogue.some((s) => /count\(/.test(s.sql) && !/count\(\*\) OVER/.test(s.sql) && !/search_document @@/.test(s.sql))).toBe(
      false,
    );
  });
});
