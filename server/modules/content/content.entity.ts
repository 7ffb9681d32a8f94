import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ContentType, EntryStatus, TranslationStatus } from '../../../contract/api/content.js';
import type { Locale } from '../../../contract/locales.js';

/** One entry (`content/<type>/<key>.*.md`): what its language files share. */
@Entity({ name: 'content_entry' })
export class ContentEntryRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  type: ContentType;

  @Column('text')
  key: string;

  /** The admin's switch for every language (the import creates entries published and leaves it alone). */
  @Column('text')
  status: EntryStatus;

  /** The type's shared, non-text front matter fields (docs/content.md), as validated. */
  @Column('jsonb')
  fields: Record<string, unknown>;

  @Column('integer', { nullable: true })
  position: number | null;

  /** Path under content/images/ (e.g. 'recipes/penne.svg'), with the SVG's size. */
  @Column('text', { nullable: true })
  imageSrc: string | null;

  @Column('integer', { nullable: true })
  imageWidth: number | null;

  @Column('integer', { nullable: true })
  imageHeight: number | null;

  @Column('timestamptz')
  createdAt: Date;

  @Column('timestamptz')
  updatedAt: Date;

  /** Last operator change of the shared fields: while set, the import leaves them alone. */
  @Column('timestamptz', { nullable: true })
  editedAt: Date | null;

  /** `import`: seeded from content/; `admin`: created in the back office (no file). */
  @Column('text', { default: 'import' })
  origin: 'import' | 'admin';
}

/** One language of an entry (`content/<type>/<key>.<lang>.md`). */
@Entity({ name: 'content_translation' })
export class ContentTranslationRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  entryId: string;

  /** The entry's type, here too for the slug's uniqueness per type and language. */
  @Column('text')
  type: ContentType;

  @Column('text')
  locale: Locale;

  @Column('text')
  status: TranslationStatus;

  @Column('text', { nullable: true })
  slug: string | null;

  @Column('text')
  title: string;

  @Column('text')
  summary: string;

  @Column('text', { nullable: true })
  seoTitle: string | null;

  @Column('text', { nullable: true })
  seoDescription: string | null;

  @Column('text', { nullable: true })
  imageAlt: string | null;

  /** The type's per-language fields besides the common ones (a recipe's steps, a method's raw_materials_html, ...). */
  @Column('jsonb')
  texts: Record<string, unknown>;

  @Column('text')
  bodyMarkdown: string;

  @Column('text')
  bodyHtml: string;

  @Column('timestamptz')
  publishedAt: Date;

  /** sha256 of the file (and its picture): the import rewrites the row only when it changed. */
  @Column('text')
  contentHash: string;

  @Column('text')
  sourcePath: string;

  /** Last operator change: while set, the import never overwrites this translation (docs/admin.md). */
  @Column('timestamptz', { nullable: true })
  editedAt: Date | null;

  @Column('timestamptz')
  updatedAt: Date;

  /** Set once the translation was first published: its slug is public and read-only from then on. */
  @Column('boolean', { default: false })
  slugLocked: boolean;
}

/** A draft shown on the shop's own page through a signed, short-lived token (`?preview=`). */
@Entity({ name: 'content_preview' })
export class ContentPreviewRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  entryId: string;

  @Column('text')
  locale: Locale;

  /** The entry's shared fields and the translation's texts as the editor had them. */
  @Column('jsonb')
  draft: Record<string, unknown>;

  @Column('text')
  createdBy: string;

  @Column('timestamptz')
  createdAt: Date;

  @Column('timestamptz')
  expiresAt: Date;
}

export const CONTENT_ENTITIES = [ContentEntryRow, ContentTranslationRow, ContentPreviewRow];
