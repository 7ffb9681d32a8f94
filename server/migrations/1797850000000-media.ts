import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photos straight from a phone (issue 22, docs/admin.md 'Photos'):
 * - `media`: one uploaded picture (platform/media): its cleaned original's size, what it was, its
 *   SHA-256, the shape of its served sizes (`aspect` width/height, null: its own), the focal point
 *   (0..1 each way) the crops keep in view, the current `version` of its sizes' names, and where its
 *   bytes are (`storage`: postgres or s3);
 * - `media_variant`: each served size, by its public file name (`<version>-<width>.<format>`): `crop`,
 *   the shop's sizes cut around the focal point, and one `full` JPEG of the whole picture for the back
 *   office's focal-point picker (it keeps its name when the focal point moves);
 * - `media_blob`: the bytes, when MEDIA_STORAGE=postgres (the default; every web process reads it);
 * - `product_image`: a product's photos in order, with their alt text per language (jsonb
 *   `{ "hr": "...", ... }`; a language without one is missing, never an empty string). The position is
 *   unique per product, checked at commit, so a reorder may pass through duplicates.
 */
export class Media1797850000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media (
        id uuid PRIMARY KEY,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        bytes integer NOT NULL CHECK (bytes >= 0),
        source_type text NOT NULL,
        sha256 text NOT NULL,
        aspect numeric(6,4) CHECK (aspect IS NULL OR aspect > 0),
        focal_x real NOT NULL DEFAULT 0.5 CHECK (focal_x BETWEEN 0 AND 1),
        focal_y real NOT NULL DEFAULT 0.5 CHECK (focal_y BETWEEN 0 AND 1),
        version text NOT NULL,
        storage text NOT NULL CHECK (storage IN ('postgres', 's3')),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE media_variant (
        file text PRIMARY KEY,
        media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpg')),
        bytes integer NOT NULL,
        kind text NOT NULL DEFAULT 'crop' CHECK (kind IN ('crop', 'full'))
      )`);
    await q.query(`CREATE INDEX media_variant_media_idx ON media_variant (media_id)`);
    await q.query(`
      CREATE TABLE media_blob (
        key text PRIMARY KEY,
        content_type text NOT NULL,
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE media_blob ALTER COLUMN data SET STORAGE EXTERNAL`);
    await q.query(`
      CREATE TABLE product_image (
        media_id uuid PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
        product_id integer NOT NULL REFERENCES product (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        alt jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(alt) = 'object'),
        CONSTRAINT product_image_position_key UNIQUE (product_id, position) DEFERRABLE INITIALLY DEFERRED
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE product_image`);
    await q.query(`DROP TABLE media_blob`);
    await q.query(`DROP TABLE media_variant`);
    await q.query(`DROP TABLE media`);
  }
}
