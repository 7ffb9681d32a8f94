// The content module's public face: other modules import only from here (ESLint enforces it).
export { ContentModule } from './content.module.js';
export { ContentService } from './content.service.js';
export { ContentImporter, type ImportReport, type ImportProblem } from './content-importer.js';
export { ContentPublished, ContentUnpublished } from './events/content.events.js';
export { renderMarkdown } from './content-markdown.js';
