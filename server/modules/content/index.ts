// The content module's public face: other modules import only from here (ESLint enforces it).
export { ContentModule } from './content.module.js';
;
export { ContentImporter,   } from './content-importer.js';
;
;
