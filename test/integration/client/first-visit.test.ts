// What a first visit loads, read from the client build (run `npm run build` first): the scripts a page
// modulepreloads (the router manifest the server renders: the entry's static imports, the matched
// routes' component chunks) and what the entry imports after the first paint (boot.tsx's chunks and
// the page language's texts) must not carry code the page does not run:
// zod and the API schemas, the forms, the account screens, cart and checkout screens, the other
// languages' texts. docs/performance.md, 'First visit'.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Manifest as ViteManifest } from 'vite';
import type { Locale } from '../../../contract/locales.js';
import { CLIENT_BOOT, buildRouterManifest } from '../../../client/src/ssr/router-manifest.js';
import { startShop } from '../../support/app.js';
import type { RunningShop } from '../../../server/main.js';

const VITE_DIR = resolve('dist/client/public/.vite');

function readBuild(): { vite: ViteManifest; modules: Record<string, string[]> } {
  const manifest = resolve(VITE_DIR, 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run \`npm run build\` before the integration tests.`);
  return {
    vite: JSON.parse(readFileSync(manifest, 'utf8')) as ViteManifest,
    modules: JSON.parse(readFileSync(resolve(VITE_DIR, 'chunk-modules.json'), 'utf8')) as Record<string, string[]>,
  };
}

/** The JS files of `key` and of everything it imports statically. */
function closure(vite: ViteManifest, key: string, files = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = vite[key];
  if (!chunk) throw new Error(`${key} is not in the client manifest`);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(vite, imported, files, seen);
  return files;
}

/** Every source module in the scripts a first visit to a page of these routes loads. */
function firstVisitModules(vite: ViteManifest, modules: Record<string, string[]>, locale: Locale, routeIds: string[]) {
  const manifest = buildRouterManifest(vite);
  // After the first paint the entry imports boot.tsx and the page language's texts (client/src/entry-client.tsx).
  const files = new Set([...closure(vite, CLIENT_BOOT), ...closure(vite, `client/src/i18n/locales/${locale}.json`)]);
  // A route whose file has no split part (`/$locale`) is in the entry's chunks and has no entry of its own.
  const leaf = routeIds[routeIds.length - 1];
  if (!manifest.routes[leaf]) throw new Error(`no route ${leaf} in the router manifest`);
  for (const id of ['__root__', ...routeIds]) {
    const route = manifest.routes[id] ?? {};
    for (const preload of route.preloads ?? []) files.add(String(preload).replace(/^\//, ''));
  }
  const found = [...files].flatMap((file) => {
    const list = modules[file];
    if (!list) throw new Error(`${file} is not a chunk of the build`);
    return list;
  });
  return { files: [...files], modules: found };
}

/** Account code a page may run without an account screen on it: the session (header, guards) only. */
const ACCOUNT_ON_EVERY_PAGE = new Set([
  'session.ts',
  'session-sync.ts',
  'use-session.tsx',
  'guards.ts',
  'redirect-target.ts',
  'search-params.ts',
]);

function notRunByTheFirstPage(id: string, locale: Locale): boolean {
  if (/node_modules\/zod\//.test(id)) return true;
  if (/^contract\/api\//.test(id)) return true; // the zod schemas of the API
  if (/^client\/src\/features\/checkout\//.test(id)) return true;
  if (/^client\/src\/components\/forms\//.test(id)) return true; // the form kit loads with the screens that have forms
  if (/^client\/src\/features\/cart\/(cart-screen|totals-list)/.test(id)) return true;
  const account = /^client\/src\/features\/account\/([^/]+)$/.exec(id);
  if (account && !ACCOUNT_ON_EVERY_PAGE.has(account[1])) return true;
  const texts = /^client\/src\/i18n\/locales\/(\w+)\.json$/.exec(id);
  return !!texts && texts[1] !== locale;
}

const PAGES: Array<[string, Locale, string[]]> = [
  ['home', 'hr', ['/$locale', '/$locale/']],
  ['home', 'en', ['/$locale', '/$locale/']],
  ['product page', 'hr', ['/$locale', '/$locale/product/$slug']],
  ['product page', 'de', ['/$locale', '/$locale/product/$slug']],
  ['product list', 'sl', ['/$locale', '/$locale/products/']],
];

describe('first visit: what the page preloads', () => {
  const { vite, modules } = readBuild();

  it.each(PAGES)('%s (%s) loads no account, cart or checkout screen, no zod, no other language', (_page, locale, routes) => {
    const visit = firstVisitModules(vite, modules, locale, routes);
    expect(visit.modules.length).toBeGreaterThan(0);
    expect(visit.modules.filter((id) => notRunByTheFirstPage(id, locale))).toEqual([]);
    // The page's own language is loaded (it is needed before hydration), no other.
    expect(visit.modules.filter((id) => id.startsWith('client/src/i18n/locales/'))).toEqual([`client/src/i18n/locales/${locale}.json`]);
  });

  it("keeps the entry's and boot's static imports free of route screens: they load with their routes", () => {
    const ids = [...closure(vite, 'client/src/entry-client.tsx'), ...closure(vite, CLIENT_BOOT)].flatMap((file) => modules[file] ?? []);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => id.includes('?tsr-split='))).toEqual([]);
    expect(ids.filter((id) => notRunByTheFirstPage(id, 'hr') || id.startsWith('client/src/i18n/locales/'))).toEqual([]);
  });

  it('does put the screens in chunks of their own (the check above looks at real code)', () => {
    const all = Object.values(modules).flat();
    for (const screen of [
      'client/src/features/checkout/checkout-screen.tsx',
      'client/src/features/account/login-screen.tsx',
      'client/src/features/cart/cart-screen.tsx',
    ]) {
      expect(all).toContain(screen);
    }
    expect(all.some((id) => /node_modules\/zod\//.test(id))).toBe(true);
  });
});

describe('first visit: the head of a rendered page', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop({ serveClient: true });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  const head = async (path: string) => {
    const res = await fetch(`${shop.url}${path}`, { headers: { cookie: 'locale=hr; cookie_consent=essential' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    return html.slice(0, html.indexOf('</head>'));
  };
  const links = (html: string, rel: string) =>
    [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]).filter((l) => l.includes(`rel="${rel}"`));

  it.each(['/', '/en/product/penne-rigate'])('%s preloads the four font subsets and only the small entry chunks', async (path) => {
    const html = await head(path);
    const fonts = links(html, 'preload').filter((l) => l.includes('as="font"'));
    expect(fonts.map((l) => /href="\/assets\/(\w+-\w+)-wght-/.exec(l)?.[1]).sort()).toEqual([
      'figtree-core',
      'figtree-ext',
      'fraunces-core',
      'fraunces-ext',
    ]);
    // React, the router and the texts come after the first paint (the entry imports them), not with the page.
    const scripts = links(html, 'modulepreload').map((l) => /href="\/assets\/([a-z_-]+)-[\w-]+\.js"/.exec(l)?.[1] ?? l);
    expect(scripts).toContain('entry-client');
    expect(scripts.filter((name) => ['vendor', 'app', 'boot', 'hr', 'en', 'de', 'sl'].includes(name))).toEqual([]);
    expect(links(html, 'stylesheet').some((l) => /\/assets\/app-[\w-]+\.css/.test(l))).toBe(true);
  });

  it("preloads the product page's image with high priority (its largest paint)", async () => {
    const html = await head('/proizvod/penne-rigate');
    expect(links(html, 'preload').filter((l) => l.includes('as="image"') && /fetchPriority="high"/i.test(l))).toHaveLength(1);
  });
});
