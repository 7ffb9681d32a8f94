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
import { defineConfig, type Plugin, type Rolldown } from 'vite';

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

/**
 * `.vite/chunk-modules.json` next to the manifest: the source modules of each JS chunk (paths relative to
 * the repository). The manifest names chunks only; test/integration/client/first-visit.test.ts reads this
 * to check which code a first visit loads.
 */
function chunkModules(): Plugin {
  return {
    name: 'zz:chunk-modules',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = Object.keys(chunk.modules)
          .map((id) =>
            id.includes('/node_modules/')
              ? id.slice(id.lastIndexOf('/node_modules/') + 1)
              : id.startsWith(`${rootDir}/`)
                ? id.slice(rootDir.length + 1)
                : id,
          )
          .sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

type ChunkGroups = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups'];
type ChunkingContext = Parameters<Extract<NonNullable<ChunkGroups>[number]['name'], (...args: never[]) => unknown>>[1];

/**
 * The chunks every page loads (docs/performance.md, 'First visit'): what the entry and boot.tsx import
 * statically goes into two chunks, `vendor` (React, the router, react-query, i18next: changes only with an upgrade,
 * so it stays cached across deploys) and `app` (the layout, the router's route tree, the session), instead
 * of the few dozen small shared chunks the bundler would otherwise cut (each one a request). Everything
 * else (route components and loaders, forms, zod, the languages' texts) stays in the chunks the routes
 * and `import()` ask for. `zod-jitless` is a chunk of its own, imported first by the entry, so it runs
 * before any chunk with zod. What the entry runs before boot (the chunk-reload handler, the texts' loaders,
 * Vite's preload helper) is the small `start` chunk: the only chunks a page modulepreloads with the entry.
 */
function firstVisitChunks(): ChunkGroups {
  const graphs = new Map<string, Set<string>>();
  /** The modules `entry` imports statically, directly or not (computed once per build). */
  const staticGraph = (ctx: ChunkingContext, entry: string): Set<string> => {
    const known = graphs.get(entry);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [resolve(clientDir, entry)];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    graphs.set(entry, seen);
    return seen;
  };
  const entry = (ctx: ChunkingContext) => staticGraph(ctx, 'src/entry-client.tsx');
  const boot = (ctx: ChunkingContext) => staticGraph(ctx, 'src/boot.tsx');
  return [
    { name: (id) => (id.endsWith('/client/src/zod-jitless.ts') ? 'zod-jitless' : null), priority: 4 },
    { name: (id, ctx) => (/\/node_modules\//.test(id) && (boot(ctx).has(id) || entry(ctx).has(id)) ? 'vendor' : null), priority: 3 },
    // Vite's preload helper is used by the app chunk too: its own small chunk, or the entry would import app.
    { name: (id, ctx) => (entry(ctx).has(id) && !id.endsWith('/client/src/entry-client.tsx') ? 'start' : null), priority: 2 },
    { name: (id, ctx) => (boot(ctx).has(id) ? 'app' : null), priority: 1 },
  ];
}

export default defineConfig(({ isSsrBuild }) => ({
  root: rootDir,
  publicDir: resolve(clientDir, 'public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
      },
      routesDirectory: resolve(clientDir, 'src/routes'),
      generatedRouteTree: resolve(clientDir, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    clientManifest(),
    chunkModules(),
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
          output: { codeSplitting: { groups: firstVisitChunks() } },
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
