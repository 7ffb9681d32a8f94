import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A catalogue that stays fast at 50,000 products (issue 11, Growth). Every list order comes from
 * an index, counts are kept instead of counted, and search reaches its matches through GIN:
 *
 * - `product (position, id)` and `product (category_id, position, id)`: the list's order
 *   (`ORDER BY position, id`), all products or one category, read from the index (index-only
 *   for the ids), so page 4,000 walks index entries instead of sorting 50,000 rows.
 * - `product (category_id, (availability = 'available') DESC, position, id)`: related products of
 *   a category (available first) are the first four entries of the index.
 * - `category.product_count`, kept by statement triggers on `product` (insert, delete, update:
 *   one grouped UPDATE per statement, only for categories whose count changes, so stock updates
 *   never touch `category`): category counts and list totals without counting.
 * - `search_document` GIN per language (partial, `WHERE locale = …`): the requested language's
 *   matches come from its own index, not from a bitmap of all four languages ANDed with every
 *   row of that language. The index over all languages is dropped (no query uses it).
 * - `catalog_search_version`: bumped by statement triggers whenever texts or the products'
 *   order or categories change, so a web process can reuse a search's page while it is unchanged.
 */
export class CatalogGrowth1796810000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX product_order_idx ON product (position, id)`);
    await q.query(`CREATE INDEX product_category_order_idx ON product (category_id, position, id)`);
    await q.query(`DROP INDEX product_category_idx`);
    await q.query(`CREATE INDEX product_related_idx ON product (category_id, (availability = 'available') DESC, position, id)`);

    for (const locale of ['hr', 'en', 'de', 'sl']) {
      await q.query(
        `CREATE INDEX product_translation_search_document_${locale}_idx ON product_translation USING gin (search_document) WHERE locale = '${locale}'`,
      );
    }
    await q.query(`DROP INDEX product_translation_search_document_idx`);

    await q.query(`ALTER TABLE category ADD COLUMN product_count integer NOT NULL DEFAULT 0 CHECK (product_count >= 0)`);
    await q.query(`UPDATE category c SET product_count = (SELECT count(*) FROM product p WHERE p.category_id = c.id)`);
    await q.query(`
      CREATE FUNCTION category_product_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE category c SET product_count = c.product_count + d.n
          FROM (SELECT category_id, count(*)::int AS n FROM new_rows GROUP BY category_id) d WHERE c.id = d.category_id;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE category c SET product_count = c.product_count - d.n
          FROM (SELECT category_id, count(*)::int AS n FROM old_rows GROUP BY category_id) d WHERE c.id = d.category_id;
        ELSE
          UPDATE category c SET product_count = c.product_count + d.n
          FROM (
            SELECT category_id, sum(n)::int AS n
            FROM (SELECT category_id, 1 AS n FROM new_rows UNION ALL SELECT category_id, -1 FROM old_rows) x
            GROUP BY category_id HAVING sum(n) <> 0
          ) d WHERE c.id = d.category_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER product_count_insert AFTER INSERT ON product REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION category_product_count_apply()`);
    await q.query(`CREATE TRIGGER product_count_delete AFTER DELETE ON product REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION category_product_count_apply()`);
    await q.query(`CREATE TRIGGER product_count_update AFTER UPDATE ON product REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION category_product_count_apply()`);

    // Search results may be reused while nothing they depend on changed: texts (any change),
    // products (added, removed, moved in the order or to another category). One row, bumped
    // once per statement; readers compare it (one indexed read) instead of searching again.
    await q.query(`CREATE TABLE catalog_search_version (id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`);
    await q.query(`INSERT INTO catalog_search_version VALUES (1, 1)`);
    await q.query(`
      CREATE FUNCTION catalog_search_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalog_search_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER search_version_texts AFTER INSERT OR DELETE OR TRUNCATE
      OR UPDATE OF product_id, locale, name, short_description, description, ingredients ON product_translation
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_version_bump()`);
    await q.query(`CREATE TRIGGER search_version_products AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, position, category_id ON product
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_version_bump()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER search_version_products ON product`);
    await q.query(`DROP TRIGGER search_version_texts ON product_translation`);
    await q.query(`DROP FUNCTION catalog_search_version_bump()`);
    await q.query(`DROP TABLE catalog_search_version`);
    await q.query(`DROP TRIGGER product_count_update ON product`);
    await q.query(`DROP TRIGGER product_count_delete ON product`);
    await q.query(`DROP TRIGGER product_count_insert ON product`);
    await q.query(`DROP FUNCTION category_product_count_apply()`);
    await q.query(`ALTER TABLE category DROP COLUMN product_count`);
    await q.query(`CREATE INDEX product_translation_search_document_idx ON product_translation USING gin (search_document)`);
    for (const locale of ['hr', 'en', 'de', 'sl']) await q.query(`DROP INDEX product_translation_search_document_${locale}_idx`);
    await q.query(`DROP INDEX product_related_idx`);
    await q.query(`CREATE INDEX product_category_idx ON product (category_id, position)`);
    await q.query(`DROP INDEX product_category_order_idx`);
    await q.query(`DROP INDEX product_order_idx`);
  }
}
