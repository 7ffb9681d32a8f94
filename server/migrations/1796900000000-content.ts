import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The content module's tables (issue 12, docs/content.md): an entry per (type, key) with the fields
 * its language files share, and a translation per language with its texts, the Markdown and the
 * sanitized HTML rendered from it. A translation is visible when its entry and itself are
 * `published` and `published_at` has come. Slugs are unique per type and language among the
 * translations whose file still exists (`removed` ones keep theirs for the admin's view).
 */
export class Content1796900000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_entry (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type text NOT NULL,
        key text NOT NULL,
        status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'unpublished')),
        fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        position integer,
        image_src text,
        image_width integer,
        image_height integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (type, key)
      )`);
    await q.query(`
      CREATE TABLE content_translation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        entry_id uuid NOT NULL REFERENCES content_entry (id) ON DELETE CASCADE,
        type text NOT NULL,
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        status text NOT NULL CHECK (status IN ('published', 'draft', 'removed')),
        slug text,
        title text NOT NULL,
        summary text NOT NULL,
        seo_title text,
        seo_description text,
        image_alt text,
        texts jsonb NOT NULL DEFAULT '{}'::jsonb,
        body_markdown text NOT NULL,
        body_html text NOT NULL,
        published_at timestamptz NOT NULL,
        content_hash text NOT NULL,
        source_path text NOT NULL,
        edited_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (entry_id, locale)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX content_translation_slug_idx ON content_translation (type, locale, slug) WHERE status <> 'removed' AND slug IS NOT NULL`,
    );
    // Public lists: a type's visible translations in one language, newest first or by position.
    await q.query(
      `CREATE INDEX content_translation_list_idx ON content_translation (type, locale, published_at DESC) WHERE status = 'published'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_translation`);
    await q.query(`DROP TABLE content_entry`);
  }
}
