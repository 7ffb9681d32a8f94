import { contentPublished, contentUnpublished } from '../../../../contract/events/content.js';
import { domainEvent } from '../../../platform/events/index.js';

// The content module's events; payloads and their meaning: contract/events/content.ts. The render
// cache follows both (server/platform/ssr/render-cache-invalidation.ts), and so does the sitemap,
// which is rendered (and cached) like a page.

export class ContentPublished extends domainEvent(contentPublished) {}

export class ContentUnpublished extends domainEvent(contentUnpublished) {}
