import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue: categories and products with their texts in four languages, the regular-price
 * history, special offers, related-product overrides, and full-text search across languages.
 *
 * Search folds text the same way on both sides (catalog_fold): lower case, German umlauts and ß
 * spelled out (ä -> ae, so "spaetzle" finds "Spätzle"), then unaccent (í -> i, č -> c, so
 * "tjestenína" finds "tjestenina"). The 'simple' configuration: no stemmer for hr and sl exists,
 * and one behaviour for all four languages with prefix queries for type-ahead.
 */
export class Catalog1795510000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`);
    await q.query(`
      CREATE FUNCTION catalog_fold(input text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary,
               replace(replace(replace(replace(lower(input), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')) $$`);

    await q.query(`
      CREATE TABLE category (
        id serial PRIMARY KEY,
        code text NOT NULL UNIQUE,
        position integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE category_translation (
        category_id integer NOT NULL REFERENCES category (id) ON DELETE CASCADE,
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        name text NOT NULL CHECK (name <> ''),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        PRIMARY KEY (category_id, locale),
        UNIQUE (locale, slug)
      )`);

    await q.query(`
      CREATE TABLE product (
        id serial PRIMARY KEY,
        code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$'),
        line text NOT NULL,
        category_id integer NOT NULL REFERENCES category (id),
        pack text NOT NULL CHECK (pack IN ('standard', 'business')),
        net_weight_grams integer NOT NULL CHECK (net_weight_grams > 0),
        shipping_weight_grams integer NOT NULL CHECK (shipping_weight_grams > 0),
        pieces_per_carton integer NOT NULL CHECK (pieces_per_carton > 0),
        vat_rate smallint NOT NULL CHECK (vat_rate IN (5, 13, 25)),
        price_cents integer NOT NULL CHECK (price_cents > 0),
        availability text NOT NULL DEFAULT 'available' CHECK (availability IN ('available', 'soon_available_again')),
        stock integer CHECK (stock >= 0),
        image_src text,
        image_width integer CHECK (image_width > 0),
        image_height integer CHECK (image_height > 0),
        energy_kj numeric(6,1) NOT NULL,
        energy_kcal numeric(6,1) NOT NULL,
        fat numeric(5,1) NOT NULL,
        saturates numeric(5,1) NOT NULL,
        carbohydrate numeric(5,1) NOT NULL,
        sugars numeric(5,1) NOT NULL,
        fibre numeric(5,1) NOT NULL,
        protein numeric(5,1) NOT NULL,
        salt numeric(5,1) NOT NULL,
        cooking_time_minutes integer NOT NULL CHECK (cooking_time_minutes > 0),
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((image_src IS NULL) = (image_width IS NULL) AND (image_src IS NULL) = (image_height IS NULL))
      )`);
    await q.query(`CREATE INDEX product_category_idx ON product (category_id, position)`);
    await q.query(`
      CREATE TABLE product_translation (
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        name text NOT NULL CHECK (name <> ''),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        short_description text NOT NULL,
        description text NOT NULL,
        ingredients text NOT NULL,
        allergens text NOT NULL,
        cooking_tips text NOT NULL,
        search_name tsvector GENERATED ALWAYS AS (to_tsvector('simple', catalog_fold(name))) STORED,
        search_document tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', catalog_fold(name)), 'A') ||
          setweight(to_tsvector('simple', catalog_fold(short_description)), 'B') ||
          setweight(to_tsvector('simple', catalog_fold(description || ' ' || ingredients)), 'C')
        ) STORED,
        PRIMARY KEY (product_id, locale),
        UNIQUE (locale, slug)
      )`);
    await q.query(`CREATE INDEX product_translation_search_name_idx ON product_translation USING gin (search_name)`);
    await q.query(`CREATE INDEX product_translation_search_document_idx ON product_translation USING gin (search_document)`);
    await q.query(`CREATE INDEX product_translation_slug_idx ON product_translation (slug)`);

    await q.query(`
      CREATE TABLE product_price (
        id bigserial PRIMARY KEY,
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        valid_from timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX product_price_product_idx ON product_price (product_id, valid_from)`);
    await q.query(`
      CREATE TABLE product_offer (
        id serial PRIMARY KEY,
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        price_cents integer NOT NULL CHECK (price_cents > 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        reference_date date NOT NULL,
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`CREATE INDEX product_offer_product_idx ON product_offer (product_id, starts_at)`);
    await q.query(`
      CREATE TABLE product_related (
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        related_product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (product_id, related_product_id),
        CHECK (product_id <> related_product_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_related`);
    await q.query(`DROP TABLE product_offer`);
    await q.query(`DROP TABLE product_price`);
    await q.query(`DROP TABLE product_translation`);
    await q.query(`DROP TABLE product`);
    await q.query(`DROP TABLE category_translation`);
    await q.query(`DROP TABLE category`);
    await q.query(`DROP FUNCTION catalog_fold(text)`);
  }
}
