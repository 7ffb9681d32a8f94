// The picture store, knowing no module (docs/admin.md 'Photos'): uploads checked, cleaned and resized,
// kept in PostgreSQL or an S3-compatible bucket, served under /media/.
export { MediaModule } from './media.module.js';
export { MediaStore, type MediaView, type StaleBlobs } from './media-store.js';
export { MEDIA_ERRORS } from './media-processor.js';
export { type FocalPoint } from './media-variants.js';
/** @public The S3 adapter, for tests against a local signature-checking server. */
export { S3MediaStorage, PostgresMediaStorage, type MediaStorage } from './media-storage.js';
