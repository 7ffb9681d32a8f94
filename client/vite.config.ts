/**
 * Vite config of the client. `root` is the repository root, so that module URLs are the same in every
 * mode: the server's dev middleware loads `/client/src/entry-server.tsx` and pages reference
 * `/client/src/entry-client.tsx`.
 *
 *   build:client  vite build --config client/vite.config.ts            -> dist/client/public (+ .vite/manifest.json)
 *   build:ssr     vite build --config client/vite.config.ts --ssr      -> dist/client/server/entry-server.js
 *
 * build:ssr must run after build:client: it embeds the client manifest (hashed file names per route).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const clientDir = dirname(fileURLToPath(import.meta.url));
const rootDir = resolve(clientDir, '..');
const publicOut = resolve(rootDir, 'dist/client/public');
const serverOut = resolve(rootDir, 'dist/client/server');
const manifestFile = resolve(publicOut, '.vite/manifest.json');

/** `virtual:client-manifest`: the client build's manifest inside the SSR bundle; null in development. */
function clientManifest(): Plugin {
  const id = 'virtual:client-manifest';
  let code = 'export default null;';
  return {
    name: 'zz:client-manifest',
    configResolved(config) {
      if (config.command !== 'build' || !config.build.ssr) return;
      if (!existsSync(manifestFile)) {
        throw new Error(`${manifestFile} is missing: run the client build (build:client) before the SSR build.`);
      }
      code = `export default ${readFileSync(manifestFile, 'utf8')};`;
    },
    resolveId(source) {
      return source === id ? `\0${id}` : undefined;
    },
    load(resolved) {
      return resolved === `\0${id}` ? code : undefined;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: rootDir,
  publicDir: resolve(clientDir, 'public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(clientDir, 'src/routes'),
      generatedRouteTree: resolve(clientDir, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    clientManifest(),
  ],
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
      // Stable across the client and SSR builds (same input -> same class name).
      generateScopedName: '[local]_[hash:base64:6]',
    },
  },
  build: isSsrBuild
    ? {
        ssr: resolve(clientDir, 'src/entry-server.tsx'),
        outDir: serverOut,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: {
          input: resolve(clientDir, 'src/entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js' },
        },
      }
    : {
        outDir: publicOut,
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'assets',
        // Fonts stay files, however small: a data: URL is not a font the CSP allows (font-src 'self'),
        // and a preloaded file is fetched before the CSS that would carry it.
        assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
        target: 'es2022',
        rollupOptions: {
          input: resolve(clientDir, 'src/entry-client.tsx'),
          // A chunk of its own, imported first by the entry, so it runs before the chunk with zod.
          output: { manualChunks: (id: string) => (id.endsWith('/client/src/zod-jitless.ts') ? 'zod-jitless' : undefined) },
        },
      },
  // The SSR build bundles its dependencies in production mode: React's server renderer must not
  // run its development build (several times slower) just because the shop runs with
  // NODE_ENV=development, which only selects our embedded defaults.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: {
    noExternal: isSsrBuild ? true : ['@fontsource-variable/fraunces', '@fontsource-variable/figtree'],
  },
  server: {
    // The web server mounts Vite's middlewares; HMR uses Vite's own websocket.
    fs: { allow: [rootDir] },
  },
}));
