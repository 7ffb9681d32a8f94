import type { EntityManager } from 'typeorm';
import type { Locale } from '../i18n/index.js';

/**
 * Old slugs that still answer (docs/admin.md 'Slug history'): when an entity's slug changes after it
 * went live, the old one is kept here as `(type, locale, slug) -> entity id`. An address with an old
 * slug finds the entity, and the caller answers 301 to the entity's slug NOW: never old -> new, so
 * two renames never make a chain of redirects, and every old slug of every language lands in one hop.
 *
 * Generic on purpose (the catalogue's products and categories use it; the content module's recipes
 * and posts can too): the entity type is the caller's word (`product`, `category`, `recipe`, ...),
 * the id its own key as text. Every call takes the manager of the caller's transaction, so a slug
 * change and its history row commit together. Knows no module.
 */

export interface RetiredSlug {
  locale: Locale;
  slug: string;
}

/** Records that `entityId` of `entityType` used `slug` in `locale` (a slug retired twice points at its last owner). */
export async function retireSlug(
  manager: EntityManager,
  entityType: string,
  entityId: string,
  locale: Locale,
  slug: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO slug_history (entity_type, locale, slug, entity_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (entity_type, locale, slug) DO UPDATE SET entity_id = EXCLUDED.entity_id, retired_at = now()`,
    [entityType, locale, slug, entityId],
  );
}

/**
 * A slug becomes some entity's current slug again (the same entity renamed back, or another one
 * taking a free slug): its history row goes, so the live slug always wins and no address points two ways.
 */
export async function releaseSlug(manager: EntityManager, entityType: string, locale: Locale, slug: string): Promise<void> {
  await manager.query(`DELETE FROM slug_history WHERE entity_type = $1 AND locale = $2 AND slug = $3`, [entityType, locale, slug]);
}

/** The entity that used `slug` before, preferably in `locale` (an old slug of another language finds it too). */
export async function findRetiredSlug(
  manager: EntityManager,
  entityType: string,
  slug: string,
  locale: Locale,
): Promise<string | undefined> {
  const rows: Array<{ entity_id: string }> = await manager.query(
    `SELECT entity_id FROM slug_history WHERE entity_type = $1 AND slug = $2 ORDER BY (locale = $3) DESC, retired_at DESC LIMIT 1`,
    [entityType, slug, locale],
  );
  return rows[0]?.entity_id;
}

/** Whether `slug` in `locale` is an old slug of an entity other than `entityId`. */
export async function retiredSlugOwner(
  manager: EntityManager,
  entityType: string,
  locale: Locale,
  slug: string,
): Promise<string | undefined> {
  const rows: Array<{ entity_id: string }> = await manager.query(
    `SELECT entity_id FROM slug_history WHERE entity_type = $1 AND locale = $2 AND slug = $3`,
    [entityType, locale, slug],
  );
  return rows[0]?.entity_id;
}

/** An entity's old slugs (the editor lists them under 'old addresses'). */
export async function retiredSlugsOf(manager: EntityManager, entityType: string, entityId: string): Promise<RetiredSlug[]> {
  const rows: Array<{ locale: Locale; slug: string }> = await manager.query(
    `SELECT locale, slug FROM slug_history WHERE entity_type = $1 AND entity_id = $2 ORDER BY locale, retired_at DESC`,
    [entityType, entityId],
  );
  return rows;
}
