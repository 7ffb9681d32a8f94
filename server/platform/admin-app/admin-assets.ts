import { resolve } from 'node:path';
import type { Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { ADMIN_DIST } from './admin-app-html.js';

/**
 * The back office's built files (hashed names: cached a year, immutable), brotli or gzip twins by
 * Accept-Encoding like the shop's. A missing file is a 404 here, never the app's page. Served to
 * anyone: they hold code and words, no data (every figure comes from the operator-only API).
 */
export function mountAdminAssets(app: Express): void {
  app.use(
    '/admin/assets',
    expressStaticGzip(resolve(ADMIN_DIST, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
    }),
  );
}
