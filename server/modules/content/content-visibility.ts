import type { EntryStatus, TranslationStatus } from '../../../contract/api/content.js';

/** What visitors see: the entry and the translation published, and its time has come. */
export function isVisible(
  entry: { status: EntryStatus },
  translation: { status: TranslationStatus; publishedAt: Date },
  now: Date,
): boolean {
  return entry.status === 'published' && translation.status === 'published' && translation.publishedAt.getTime() <= now.getTime();
}

/** The same rule in SQL, for `e` (content_entry) and `t` (content_translation) at `$n`. */
export function visibleSql(nowParam: string): string {
  return `e.status = 'published' AND t.status = 'published' AND t.published_at <= ${nowParam}`;
}
