/**
 * Build of the mails for the built shop (`npm run build:server`): emails/render.ts and everything it
 * uses (React, React Email, i18next, html-to-text) bundled into dist/emails/render.js in production
 * mode, plus the four locale files beside it (render.ts reads them at start).
 *
 * Why a bundle and not the transpiled sources: React picks its development or production build from
 * NODE_ENV when first loaded, and `npm start` runs with NODE_ENV=development only to select the
 * embedded defaults. React's development build made every mail about twice as expensive to render
 * (docs/performance.md, 'Checkout'), and the worker renders two per order. Same decision as the
 * client's SSR bundle (client/vite.config.ts, docs/decisions.md). Tests and `npm run email:dev`
 * render from the sources.
 */
import { cpSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const emailsDir = dirname(fileURLToPath(import.meta.url));
const rootDir = resolve(emailsDir, '..');
const outDir = resolve(rootDir, 'dist/emails');

/** The locale files next to the bundle, where render.ts's loadMailTranslations() reads them. */
function copyLocales(): Plugin {
  return {
    name: 'zz:copy-mail-locales',
    closeBundle() {
      cpSync(resolve(emailsDir, 'locales'), resolve(outDir, 'locales'), { recursive: true });
    },
  };
}

export default defineConfig({
  root: rootDir,
  publicDir: false,
  logLevel: 'warn',
  plugins: [copyLocales()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: resolve(emailsDir, 'render.ts'),
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: { output: { entryFileNames: 'render.js', format: 'es' } },
  },
});
