import type { MigrationInterface, QueryRunner } from 'typeorm';

const TEXTS = ['name', 'slug', 'short_description', 'description', 'ingredients', 'allergens', 'cooking_tips'];

/**
 * The back office edits the catalogue (issue 22, docs/admin.md 'Products and categories'):
 *
 * - `product.published` (a product the operator has put in the shop), `first_published_at` (from
 *   then on its slugs are locked) and `archived_at` (no longer sold); `listed` (generated: published
 *   and not archived) is what every shop query asks. Products that exist are published (they are in
 *   the shop today); a product the back office creates starts as a draft.
 * - The texts of `product_translation` may be missing (null; the API stores a blank text as null,
 *   never as an empty string): a draft is written over days. A product is published only with all seven texts in all four
 *   languages, and stays so (the service refuses to clear a text of a listed product).
 * - The shop sees listed products only: `category.product_count` counts them (the trigger's function
 *   again, with `listed`), `product_search` holds their rows only (its refresh asks `listed`; a row
 *   trigger refreshes a product whose `listed` changes), the search version is bumped then too, and
 *   the list's order indexes are partial on `listed`.
 * - `product.salt` takes two decimals (salt below 1 g per 100 g is labelled to 0.01 g).
 * - `slug_history` (platform/slug-history): a slug an entity used before, per type and language,
 *   pointing at the entity (never at the new slug), so an old address answers 301 to whatever the
 *   entity's slug is now, in one hop, however often it was renamed.
 */
export class ProductEditing1797840000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product
      ADD COLUMN published boolean NOT NULL DEFAULT true,
      ADD COLUMN first_published_at timestamptz DEFAULT now(),
      ADD COLUMN archived_at timestamptz,
      ADD COLUMN listed boolean GENERATED ALWAYS AS (published AND archived_at IS NULL) STORED`);
    await q.query(`UPDATE product SET first_published_at = created_at`);
    // Salt per 100 g below 1 g is labelled to 0.01 g (EU 1169/2011, the Commission's guidance on
    // tolerances and rounding): one decimal would turn pasta's 0.01 g into 0.0.
    await q.query(`ALTER TABLE product ALTER COLUMN salt TYPE numeric(5,2)`);
    await q.query(`ALTER TABLE product ADD CONSTRAINT product_published_once CHECK (NOT published OR first_published_at IS NOT NULL)`);

    for (const field of TEXTS) {
      await q.query(`ALTER TABLE product_translation ALTER COLUMN ${field} DROP NOT NULL`);
    }

    await q.query(`
      CREATE OR REPLACE FUNCTION category_product_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE category c SET product_count = c.product_count + d.n
          FROM (SELECT category_id, count(*)::int AS n FROM new_rows WHERE listed GROUP BY category_id) d WHERE c.id = d.category_id;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE category c SET product_count = c.product_count - d.n
          FROM (SELECT category_id, count(*)::int AS n FROM old_rows WHERE listed GROUP BY category_id) d WHERE c.id = d.category_id;
        ELSE
          UPDATE category c SET product_count = c.product_count + d.n
          FROM (
            SELECT category_id, sum(n)::int AS n
            FROM (SELECT category_id, 1 AS n FROM new_rows WHERE listed UNION ALL SELECT category_id, -1 FROM old_rows WHERE listed) x
            GROUP BY category_id HAVING sum(n) <> 0
          ) d WHERE c.id = d.category_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`UPDATE category c SET product_count = (SELECT count(*) FROM product p WHERE p.category_id = c.id AND p.listed)`);

    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM product_search WHERE product_id = ANY (ids);
        INSERT INTO product_search (product_id, locale, position, category_id, name_1, name_2, name_3, search_document)
        SELECT t.product_id, t.locale, p.position, p.category_id,
               coalesce(o.names[1], ''), coalesce(o.names[2], ''), coalesce(o.names[3], ''), coalesce(t.search_document, '')
        FROM product_translation t
        JOIN product p ON p.id = t.product_id AND p.listed
        CROSS JOIN LATERAL (
          SELECT array_agg(x.search_name ORDER BY x.locale) AS names
          FROM product_translation x WHERE x.product_id = t.product_id AND x.locale <> t.locale
        ) o
        WHERE t.product_id = ANY (ids)
        ORDER BY t.locale, t.product_id;
      END $$`);
    await q.query(`
      CREATE FUNCTION product_search_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM product_search_refresh(ARRAY[NEW.id]);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER product_search_listing_changed AFTER UPDATE OF published, archived_at ON product FOR EACH ROW
      WHEN ((OLD.published AND OLD.archived_at IS NULL) IS DISTINCT FROM (NEW.published AND NEW.archived_at IS NULL))
      EXECUTE FUNCTION product_search_listing_changed()`);
    await q.query(`CREATE TRIGGER search_version_listing AFTER UPDATE OF published, archived_at ON product
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_version_bump()`);
    await q.query(`SELECT product_search_refresh(ARRAY(SELECT id FROM product WHERE NOT listed))`);

    await q.query(`CREATE INDEX product_listed_order_idx ON product (position, id) WHERE listed`);
    await q.query(`CREATE INDEX product_listed_category_order_idx ON product (category_id, position, id) WHERE listed`);

    await q.query(`
      CREATE TABLE slug_history (
        entity_type text NOT NULL CHECK (entity_type ~ '^[a-z][a-z_]*$'),
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        entity_id text NOT NULL,
        retired_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (entity_type, locale, slug)
      )`);
    await q.query(`CREATE INDEX slug_history_slug_idx ON slug_history (entity_type, slug)`);
    await q.query(`CREATE INDEX slug_history_entity_idx ON slug_history (entity_type, entity_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE slug_history`);
    await q.query(`DROP INDEX product_listed_category_order_idx`);
    await q.query(`DROP INDEX product_listed_order_idx`);
    await q.query(`DROP TRIGGER search_version_listing ON product`);
    await q.query(`DROP TRIGGER product_search_listing_changed ON product`);
    await q.query(`DROP FUNCTION product_search_listing_changed()`);
    await q.query(`DELETE FROM product WHERE NOT listed`);
    for (const field of TEXTS) {
      await q.query(`ALTER TABLE product_translation ALTER COLUMN ${field} SET NOT NULL`);
    }
    await q.query(`ALTER TABLE product ALTER COLUMN salt TYPE numeric(5,1)`);
    await q.query(`ALTER TABLE product DROP COLUMN listed, DROP COLUMN archived_at, DROP COLUMN first_published_at, DROP COLUMN published`);
    // category_product_count_apply and product_search_refresh keep their listed-only bodies' shape:
    // restore the previous ones (every product counted and searched).
    await q.query(`
      CREATE OR REPLACE FUNCTION category_product_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM product_search WHERE product_id = ANY (ids);
        INSERT INTO product_search (product_id, locale, position, category_id, name_1, name_2, name_3, search_document)
        SELECT t.product_id, t.locale, p.position, p.category_id,
               coalesce(o.names[1], ''), coalesce(o.names[2], ''), coalesce(o.names[3], ''), coalesce(t.search_document, '')
        FROM product_translation t
        JOIN product p ON p.id = t.product_id
        CROSS JOIN LATERAL (
          SELECT array_agg(x.search_name ORDER BY x.locale) AS names
          FROM product_translation x WHERE x.product_id = t.product_id AND x.locale <> t.locale
        ) o
        WHERE t.product_id = ANY (ids)
        ORDER BY t.locale, t.product_id;
      END $$`);
    await q.query(`UPDATE category c SET product_count = (SELECT count(*) FROM product p WHERE p.category_id = c.id)`);
  }
}
