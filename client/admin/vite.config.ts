/**
 * Vite config of the back office (docs/admin.md 'The back-office app'): its own build, apart from the
 * shop's, so no byte of it reaches a shopper's pages. Client-rendered, no SSR.
 *
 *   vite build --config client/admin/vite.config.ts   -> dist/client/admin (index.html, assets/)
 *
 * `base` is /admin/: the server answers index.html for /admin and the app's paths, and the built
 * files under /admin/assets (server/platform/admin-app).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const adminDir = dirname(fileURLToPath(import.meta.url));
const rootDir = resolve(adminDir, '../..');

export default defineConfig({
  root: adminDir,
  base: '/admin/',
  // The shop's public files (favicon) are the shop's; nothing of them is copied here.
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: resolve(rootDir, 'dist/client/admin'),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
  // In development the web server mounts this dev server's middlewares (server/platform/admin-app, `npm run dev`).
  server: { fs: { allow: [rootDir] } },
});
