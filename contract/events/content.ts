import { z } from 'zod';
import { CONTENT_TYPES } from '../api/content.js';
import { LOCALES } from '../locales.js';
import { defineEvent, eventFields } from './event-contract.js';

const entry = {
  entryId: eventFields.id,
  type: z.enum(CONTENT_TYPES),
  key: z.string().min(1),
  /** The languages whose visible text changed (published, edited, or unpublished). */
  locales: z.array(z.enum(LOCALES)).min(1),
  /** Slug per language before the change (for the render cache: old URLs). */
  slugs: z.partialRecord(z.enum(LOCALES), z.string()),
  effectiveAt: eventFields.instant,
};

/**
 * An entry became visible or its visible text changed in `locales` (import of a new or edited file,
 * admin edit or publish). Published by the content module through the outbox; the SSR render cache and
 * the sitemap follow it.
 */
export const contentPublishedV1 = z.object({ version: z.literal(1), ...entry });
export const contentPublished = defineEvent('content.published', 1, contentPublishedV1);

/** An entry stopped being visible in `locales` (file removed, draft, admin unpublish). */
export const contentUnpublishedV1 = z.object({ version: z.literal(1), ...entry });
export const contentUnpublished = defineEvent('content.unpublished', 1, contentUnpublishedV1);
