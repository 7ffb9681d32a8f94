import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product drawings (`/images/products/<code>.svg`, the catalogue's `image.src`) read from the
 * built client (`dist/client/public`) or, before a build, from `client/public`. Only that folder and
 * plain file names are read; the files are kept per process (16 files of 2 to 4 kB).
 */
const IMAGE_SRC = /^\/images\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,80}\.svg$/;

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir);
  return dir;
}

const ROOT = projectRoot();
const PUBLIC_DIRS = [resolve(ROOT, 'dist/client/public'), resolve(ROOT, 'client/public')];
const cache = new Map<string, string | null>();

export function productDrawing(src: string | null | undefined): string | null {
  if (!src || !IMAGE_SRC.test(src) || src.includes('..')) return null;
  if (cache.has(src)) return cache.get(src)!;
  let svg: string | null = null;
  for (const dir of PUBLIC_DIRS) {
    const file = resolve(dir, `.${src}`);
    if (file.startsWith(dir) && existsSync(file)) {
      svg = readFileSync(file, 'utf8');
      break;
    }
  }
  cache.set(src, svg);
  return svg;
}
