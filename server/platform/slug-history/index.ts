// Old slugs that answer 301 to an entity's current slug (docs/admin.md 'Slug history').
export { findRetiredSlug, releaseSlug, retiredSlugOwner, retiredSlugsOf, retireSlug } from './slug-history.js';
