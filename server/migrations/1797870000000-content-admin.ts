import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Content edited in the back office (docs/admin.md 'Content in the back office'):
 * - `content_entry.edited_at`: the last operator change of an entry's shared fields (times, numbers,
 *   picture); while set, the import leaves those fields alone (the database is the source of truth);
 * - `content_entry.origin`: `import` (seeded from content/) or `admin` (created in the back office: no
 *   file, never unpublished by the import for a missing file);
 * - `content_translation.slug_locked`: set once the translation was first visible; its slug is then
 *   read-only in the back office (a live slug change would need a redirect);
 * - `content_preview`: drafts shown on the shop's own page through a signed, short-lived token.
 */
export class ContentAdmin1797870000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE content_entry
        ADD COLUMN edited_at timestamptz,
        ADD COLUMN origin text NOT NULL DEFAULT 'import' CHECK (origin IN ('import', 'admin'))`);
    await q.query(`ALTER TABLE content_translation ADD COLUMN slug_locked boolean NOT NULL DEFAULT false`);
    // Everything imported so far went live at its import (or will at its date): its slugs are public.
    await q.query(`UPDATE content_translation SET slug_locked = true WHERE status = 'published'`);
    await q.query(`
      CREATE TABLE content_preview (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        entry_id uuid NOT NULL REFERENCES content_entry (id) ON DELETE CASCADE,
        locale text NOT NULL,
        draft jsonb NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX content_preview_expires_idx ON content_preview (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_preview`);
    await q.query(`ALTER TABLE content_translation DROP COLUMN slug_locked`);
    await q.query(`ALTER TABLE content_entry DROP COLUMN edited_at, DROP COLUMN origin`);
  }
}
