import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../config/index.js';

/** The project root (the folder of package.json), from source (server/…) or from the build (dist/server/…). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir);
  return dir;
}

/** content/: CONTENT_DIR, else the folder beside package.json. */
export function contentRoot(config: Pick<AppConfig, 'content'>): string {
  return resolve(config.content.dir ?? resolve(projectRoot(), 'content'));
}

/** content/images/, served at /content-images/. */
export function contentImagesRoot(config: Pick<AppConfig, 'content'>): string {
  return resolve(contentRoot(config), 'images');
}
