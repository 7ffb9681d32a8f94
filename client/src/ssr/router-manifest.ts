/**
 * Turns Vite's client manifest (.vite/manifest.json) into TanStack Router's SSR manifest: per route, the
 * JS chunks to modulepreload and the CSS to link, plus the entry script on the root route. HeadContent and
 * Scripts render these tags (with the CSP nonce), and the manifest of the matched routes is dehydrated so
 * the browser renders the same tags on hydration.
 *
 * Route files map to route ids by the file-based routing convention
 * (`routes/$locale/profile/index.tsx` -> `/$locale/profile/`); routes.spec.ts checks that mapping against
 * the generated route tree.
 */
import type { Manifest as RouterManifest } from '@tanstack/react-router';
import type { Manifest as ViteManifest } from 'vite';

export const ROUTES_DIR = 'client/src/routes/';
export const CLIENT_ENTRY = 'client/src/entry-client.tsx';
/** What the entry imports once the page is painted (client/src/entry-client.tsx): preloaded with it. */
export const CLIENT_BOOT = 'client/src/boot.tsx';
const ROOT_ROUTE_ID = '__root__';
type ManifestRoute = RouterManifest['routes'][string];

/** `client/src/routes/$locale/profile/index.tsx?tsr-split=component` -> `/$locale/profile/`. */
export function routeIdOfFile(source: string): string | null {
  const path = source.split('?')[0];
  if (!path.startsWith(ROUTES_DIR) || !/\.[jt]sx?$/.test(path)) return null;
  const segments = path
    .slice(ROUTES_DIR.length)
    .replace(/\.[jt]sx?$/, '')
    .split('/');
  if (segments.length === 1 && segments[0] === '__root') return ROOT_ROUTE_ID;
  const last = segments[segments.length - 1];
  if (last === 'route') return `/${segments.slice(0, -1).join('/')}`;
  if (last === 'index') return `/${segments.slice(0, -1).join('/')}${segments.length > 1 ? '/' : ''}`;
  return `/${segments.join('/')}`;
}

function collect(manifest: ViteManifest, key: string, seen: Set<string>, files: string[], css: string[]): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (chunk.file.endsWith('.js')) files.push(`/${chunk.file}`);
  for (const c of chunk.css ?? []) css.push(`/${c}`);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, seen, files, css);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Code split off a route that only runs when the route is navigated to (its loader ran on the server). */
const isSplitLoader = (key: string) => key.endsWith('?tsr-split=loader');

/**
 * The router manifest: on the root route the entry script, the chunks it imports statically
 * (modulepreloaded) and all the root CSS (the entry's and boot's: render-blocking, as it must be);
 * per route, the chunks and CSS of its components.
 *
 * Not preloaded: boot.tsx's chunks (React, the router, the layout: `vendor` and `app`) and the
 * language's texts, which the entry fetches once the page is painted (client/src/entry-client.tsx),
 * so they do not compete with the styles, fonts and images for the first paint; and a route's split
 * loader: the first page's loaders ran on the server, the browser runs one only when it navigates,
 * and loads it then (or on intent, with the router's preloading).
 */
export function buildRouterManifest(vite: ViteManifest): RouterManifest {
  const entry = vite[CLIENT_ENTRY];
  if (!entry?.isEntry) throw new Error(`The client manifest has no entry ${CLIENT_ENTRY}`);

  const rootFiles: string[] = [];
  const rootCss: string[] = [];
  collect(vite, CLIENT_ENTRY, new Set(), rootFiles, rootCss);
  const bootFiles: string[] = [];
  if (vite[CLIENT_BOOT]) collect(vite, CLIENT_BOOT, new Set(), bootFiles, rootCss);
  const notForRoutes = new Set([...rootFiles, ...bootFiles, ...rootCss]);

  const routes: Record<string, ManifestRoute> = {
    [ROOT_ROUTE_ID]: {
      preloads: unique(rootFiles),
      css: unique(rootCss),
      scripts: [{ attrs: { type: 'module', src: `/${entry.file}` } }],
    },
  };

  for (const key of Object.keys(vite)) {
    const routeId = routeIdOfFile(key);
    if (!routeId || routeId === ROOT_ROUTE_ID || isSplitLoader(key)) continue;
    const files: string[] = [];
    const css: string[] = [];
    collect(vite, key, new Set(), files, css);
    const route = (routes[routeId] ??= { preloads: [], css: [] });
    route.preloads = unique([...(route.preloads ?? []).map(String), ...files.filter((f) => !notForRoutes.has(f))]);
    route.css = unique([...(route.css ?? []).map(String), ...css.filter((f) => !notForRoutes.has(f))]);
  }
  return { routes };
}

/** Fonts the root CSS uses and every page needs (latin subsets): preloaded to save a round trip. */
export function criticalFonts(vite: ViteManifest): string[] {
  // The root CSS belongs to the entry or to a chunk it imports statically (the `app` chunk, client/vite.config.ts).
  const assets: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !vite[key]) return;
    seen.add(key);
    assets.push(...(vite[key].assets ?? []));
    for (const imported of vite[key].imports ?? []) visit(imported);
  };
  visit(CLIENT_ENTRY);
  visit(CLIENT_BOOT);
  // The subsets every page's text is set in (scripts/build/subset-fonts.mjs); the full files load only for rare characters.
  return unique(assets.filter((a) => /\/(fraunces|figtree)-(core|ext)-wght-[^/]+\.woff2$/.test(a)).map((a) => `/${a}`));
}

/**
 * Development: the browser loads the entry from Vite's dev server (with HMR and the React refresh
 * preamble, which carries the nonce like every inline script). CSS modules are injected by Vite's client;
 * until hydration the page links the source CSS files, marked so that the router removes them afterwards.
 */
export function devRouterManifest(cssFiles: string[]): RouterManifest {
  const preamble = [
    'import { injectIntoGlobalHook } from "/@react-refresh";',
    'injectIntoGlobalHook(window);',
    'window.$RefreshReg$ = () => {};',
    'window.$RefreshSig$ = () => (type) => type;',
    'window.__vite_plugin_react_preamble_installed__ = true;',
  ].join('\n');
  return {
    routes: {
      [ROOT_ROUTE_ID]: {
        css: cssFiles.map((href) => ({ href, 'data-tanstack-router-dev-styles': true as const })),
        scripts: [
          { attrs: { type: 'module' }, children: preamble },
          { attrs: { type: 'module', src: '/@vite/client' } },
          { attrs: { type: 'module', src: `/${CLIENT_ENTRY}` } },
        ],
      },
    },
  };
}
