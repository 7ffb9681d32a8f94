// A synthetic catalogue for growth measurements: copies the 16 seeded demo products (codes `ZZ-…`)
// with their four translations, price histories, offers and positions until the database holds
// `total` products, in a handful of set-based statements (INSERT … SELECT over generate_series).
//
//   seedSyntheticCatalog(databaseUrl, total) -> { before, added, total }
//   CLI: node --import @swc-node/register/esm-register scripts/bench/synthetic-catalog.ts <DATABASE_URL> 50000
//
// The database must be migrated and seeded (boot the shop on it once). Copy number g (1, 2, …) is
// product `SYN-<g, 6 digits>`, a copy of the (g-1) mod 16-th demo product by id: same category,
// position, prices (and their `valid_from`), offers and stock; names get ' <g>' appended, slugs
// '-s<g>' (unique per language). Idempotent: it only adds the copies still missing to reach
// `total`, so a second run to the same total adds nothing; it never deletes.
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface SyntheticCatalogResult {
  /** Products before the run. */
  before: number;
  /** Synthetic products this run added. */
  added: number;
  /** Products after the run. */
  total: number;
}

/** Rows per INSERT batch: keeps each statement's memory bounded at 50,000+ products. */
const BATCH = 10_000;

export async function seedSyntheticCatalog(databaseUrl: string, total: number): Promise<SyntheticCatalogResult> {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a whole number ≥ 0, not ${total}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async () => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM product`)).rows[0].n);
    const before = await count();
    const sources = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM product WHERE code LIKE 'ZZ-%'`)).rows[0].n);
    if (sources === 0) throw new Error('no seeded demo products (ZZ-…) to copy: boot the shop on this database once first');
    const lastCopy = Number(
      (await client.query<{ g: number | null }>(`SELECT max(substr(code, 5)::int) AS g FROM product WHERE code ~ '^SYN-[0-9]+$'`)).rows[0]
        .g ?? 0,
    );
    let missing = total - before;
    let next = lastCopy + 1;
    while (missing > 0) {
      const size = Math.min(BATCH, missing);
      await copyBatch(client, next, next + size - 1);
      next += size;
      missing -= size;
    }
    // Statistics and the visibility map, as autovacuum would leave them: plans as in a settled database.
    if (total > before) await client.query(`VACUUM (ANALYZE) product, product_translation, product_search, product_price, product_offer`);
    const after = await count();
    return { before, added: after - before, total: after };
  } finally {
    await client.end();
  }
}

/** Copies number `from`..`to` (inclusive) in one transaction. */
async function copyBatch(client: pg.Client, from: number, to: number): Promise<void> {
  const src = `src AS (SELECT p.*, (row_number() OVER (ORDER BY p.id) - 1)::int AS k, count(*) OVER ()::int AS n FROM product p WHERE p.code LIKE 'ZZ-%')`;
  // The copies of this batch with their source product: g = number of the copy.
  const copies = `copies AS (
      SELECT c.id, substr(c.code, 5)::int AS g, src.id AS source_id
      FROM product c JOIN src ON src.k = (substr(c.code, 5)::int - 1) % src.n
      WHERE c.code ~ '^SYN-[0-9]+$' AND substr(c.code, 5)::int BETWEEN $1 AND $2)`;
  await client.query('BEGIN');
  try {
    await client.query(
      `WITH ${src}
       INSERT INTO product (code, line, category_id, pack, net_weight_grams, shipping_weight_grams, pieces_per_carton, vat_rate,
         price_cents, availability, stock, image_src, image_width, image_height, energy_kj, energy_kcal, fat, saturates,
         carbohydrate, sugars, fibre, protein, salt, cooking_time_minutes, position, created_at, updated_at)
       SELECT 'SYN-' || lpad(g::text, 6, '0'), s.line, s.category_id, s.pack, s.net_weight_grams, s.shipping_weight_grams,
         s.pieces_per_carton, s.vat_rate, s.price_cents, s.availability, s.stock, s.image_src, s.image_width, s.image_height,
         s.energy_kj, s.energy_kcal, s.fat, s.saturates, s.carbohydrate, s.sugars, s.fibre, s.protein, s.salt,
         s.cooking_time_minutes, s.position, s.created_at, s.updated_at
       FROM generate_series($1::int, $2::int) g JOIN src s ON s.k = (g - 1) % s.n
       ORDER BY g`,
      [from, to],
    );
    await client.query(
      `WITH ${src}, ${copies}
       INSERT INTO product_translation (product_id, locale, name, slug, short_description, description, ingredients, allergens, cooking_tips)
       SELECT c.id, t.locale, t.name || ' ' || c.g, t.slug || '-s' || c.g, t.short_description, t.description, t.ingredients, t.allergens, t.cooking_tips
       FROM copies c JOIN product_translation t ON t.product_id = c.source_id`,
      [from, to],
    );
    await client.query(
      `WITH ${src}, ${copies}
       INSERT INTO product_price (product_id, amount_cents, valid_from, recorded_at)
       SELECT c.id, h.amount_cents, h.valid_from, h.recorded_at FROM copies c JOIN product_price h ON h.product_id = c.source_id
       ORDER BY c.id, h.id`,
      [from, to],
    );
    await client.query(
      `WITH ${src}, ${copies}
       INSERT INTO product_offer (product_id, price_cents, starts_at, ends_at, reference_date)
       SELECT c.id, o.price_cents, o.starts_at, o.ends_at, o.reference_date FROM copies c JOIN product_offer o ON o.product_id = c.source_id
       ORDER BY c.id, o.id`,
      [from, to],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [url, n] = process.argv.slice(2);
  if (!url || !n || !/^\d+$/.test(n)) {
    console.error(
      'usage: node --import @swc-node/register/esm-register scripts/bench/synthetic-catalog.ts <DATABASE_URL> <total products>',
    );
    process.exit(2);
  }
  const started = Date.now();
  const r = await seedSyntheticCatalog(url, Number(n));
  console.log(`catalogue: ${r.before} -> ${r.total} products (${r.added} added) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
