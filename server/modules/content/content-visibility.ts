import type { EntryStatus, TranslationStatus } from '../../../contract/api/content.js';

/** What visitors see: the entry and the translation published, and its time has come (ContentRepository has the same rule in SQL). */
export function isVisible(
  entry: { status: EntryStatus },
  translation: { status: TranslationStatus; publishedAt: Date },
  now: Date,
): boolean {
  return entry.status === 'published' && translation.status === 'published' && translation.publishedAt.getTime() <= now.getTime();
}
