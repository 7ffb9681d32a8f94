// The content module's public face: other modules import only from here (ESLint enforces it).
export { ContentDownloadsModule } from './downloads/downloads.module.js';
