import type { MigrationInterface, QueryRunner } from 'typeorm';

const LOCALES = ['hr', 'en', 'de', 'sl'];

/**
 * Search that stays cheap at 50,000 products (issue 11, search-50k). A search used to read every
 * matching `product_translation` row (wide rows: every text of the product) in four languages,
 * rank each, group them per product and join `product` for the order: 37,500 rows for `fus:*`.
 *
 * `product_search`: one narrow row per product and language (the shown language), with what a
 * search in that language needs and nothing else: the language's own `search_document` (name A,
 * short description B, description and ingredients C), the *names* of the other three languages
 * (`name_1..3`, `search_name` in locale order), and a copy of the product's `position` and
 * `category_id` (the order on ties and the category filter, without a join). A GIN index per
 * language on the concatenation of the four vectors finds the candidate rows of that language
 * (one row per product: no grouping); the query rechecks each vector on its own, so the matches
 * are exactly those of the old query.
 *
 * Kept by triggers, whoever writes: statement triggers on `product_translation` (insert, update,
 * delete: the touched products' rows are rebuilt in one set-based statement; truncate empties
 * it), a row trigger on `product` for changes of `position` or `category_id` only (stock and
 * price updates never touch it), and `ON DELETE CASCADE` from `product`.
 *
 * The GIN indexes on `product_translation` (`search_document` per language, `search_name`) served
 * only the old search query and are dropped: they would cost every text write for nothing.
 */
export class CatalogSearch1796820000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_search (
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        locale text NOT NULL,
        position integer NOT NULL,
        category_id integer NOT NULL,
        name_1 tsvector NOT NULL,
        name_2 tsvector NOT NULL,
        name_3 tsvector NOT NULL,
        search_document tsvector NOT NULL,
        PRIMARY KEY (product_id, locale)
      )`);
    await q.query(`
      CREATE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
    await q.query(`
      CREATE FUNCTION product_search_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          TRUNCATE product_search;
        ELSIF TG_OP = 'INSERT' THEN
          PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
        ELSE
          PERFORM product_search_refresh(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER product_search_texts_insert AFTER INSERT ON product_translation REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION product_search_texts_changed()`);
    await q.query(`CREATE TRIGGER product_search_texts_update AFTER UPDATE ON product_translation REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION product_search_texts_changed()`);
    await q.query(`CREATE TRIGGER product_search_texts_delete AFTER DELETE ON product_translation REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION product_search_texts_changed()`);
    await q.query(`CREATE TRIGGER product_search_texts_truncate AFTER TRUNCATE ON product_translation
      FOR EACH STATEMENT EXECUTE FUNCTION product_search_texts_changed()`);
    await q.query(`
      CREATE FUNCTION product_search_product_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE product_search SET position = NEW.position, category_id = NEW.category_id WHERE product_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER product_search_product_moved AFTER UPDATE OF position, category_id ON product FOR EACH ROW
      WHEN (OLD.position IS DISTINCT FROM NEW.position OR OLD.category_id IS DISTINCT FROM NEW.category_id)
      EXECUTE FUNCTION product_search_product_moved()`);

    await q.query(`SELECT product_search_refresh(ARRAY(SELECT id FROM product))`);
    for (const locale of LOCALES) {
      await q.query(
        `CREATE INDEX product_search_${locale}_idx ON product_search USING gin ((search_document || name_1 || name_2 || name_3)) WHERE locale = '${locale}'`,
      );
    }
    for (const locale of LOCALES) await q.query(`DROP INDEX product_translation_search_document_${locale}_idx`);
    await q.query(`DROP INDEX product_translation_search_name_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX product_translation_search_name_idx ON product_translation USING gin (search_name)`);
    for (const locale of LOCALES) {
      await q.query(
        `CREATE INDEX product_translation_search_document_${locale}_idx ON product_translation USING gin (search_document) WHERE locale = '${locale}'`,
      );
    }
    await q.query(`DROP TRIGGER product_search_product_moved ON product`);
    await q.query(`DROP FUNCTION product_search_product_moved()`);
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await q.query(`DROP TRIGGER product_search_texts_${event} ON product_translation`);
    await q.query(`DROP FUNCTION product_search_texts_changed()`);
    await q.query(`DROP FUNCTION product_search_refresh(integer[])`);
    await q.query(`DROP TABLE product_search`);
  }
}
