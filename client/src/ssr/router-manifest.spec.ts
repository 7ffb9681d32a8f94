import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { Manifest as ViteManifest } from 'vite';
import { SCREEN_IDS, routePath } from '../../../contract/paths';
import { buildRouterManifest, criticalFonts, devRouterManifest, routeIdOfFile } from './router-manifest';

const routeTree = readFileSync(new URL('../routeTree.gen.ts', import.meta.url), 'utf8');
const block = (name: string) => {
  const start = routeTree.indexOf(`export interface ${name} {`);
  return start < 0 ? '' : routeTree.slice(start, routeTree.indexOf('\n}', start));
};
const keysOf = (name: string) => [...block(name).matchAll(/^\s+'?([^':\s]+)'?:/gm)].map((m) => m[1]);

describe('route files and the route tree', () => {
  it('maps every route file to the id the generator gives it', () => {
    const importRe = /import \{ Route as \w+ \} from '\.\/routes\/([^']+)'/g;
    const files = [...routeTree.matchAll(importRe)].map((m) => `client/src/routes/${m[1]}.tsx`);
    const ids = keysOf('FileRoutesById');
    expect(files.length).toBe(ids.length);
    expect(files.map((f) => routeIdOfFile(f)).sort()).toEqual([...ids].sort());
  });

  it('has one route per screen of the paths table, and no route without a screen', () => {
    const targets = keysOf('FileRoutesByTo').filter((to) => to !== '/');
    expect(SCREEN_IDS.map(routePath).sort()).toEqual([...targets].sort());
  });

  it('converts file names by the file-based routing convention', () => {
    expect(routeIdOfFile('client/src/routes/__root.tsx')).toBe('__root__');
    expect(routeIdOfFile('client/src/routes/$locale/route.tsx')).toBe('/$locale');
    expect(routeIdOfFile('client/src/routes/$locale/index.tsx?tsr-split=component')).toBe('/$locale/');
    expect(routeIdOfFile('client/src/routes/$locale/profile/index.tsx')).toBe('/$locale/profile/');
    expect(routeIdOfFile('client/src/routes/$locale/{$product}-method.tsx?tsr-split=component')).toBe('/$locale/{$product}-method');
    expect(routeIdOfFile('client/src/components/x.tsx')).toBeNull();
  });
});

describe('router manifest from the Vite manifest', () => {
  const vite: ViteManifest = {
    'client/src/entry-client.tsx': {
      file: 'assets/entry-client-AAA.js',
      src: 'client/src/entry-client.tsx',
      isEntry: true,
      imports: ['_vendor-BBB.js'],
      dynamicImports: ['client/src/routes/$locale/cart.tsx?tsr-split=component'],
      css: ['assets/entry-client-CCC.css'],
      assets: [
        'assets/fraunces-latin-wght-normal-X.woff2',
        'assets/fraunces-latin-ext-wght-normal-Y.woff2',
        'assets/figtree-latin-wght-normal-Z.woff2',
        'assets/fraunces-core-wght-P.woff2',
        'assets/fraunces-ext-wght-Q.woff2',
        'assets/figtree-core-wght-R.woff2',
        'assets/figtree-ext-wght-S.woff2',
      ],
    },
    '_vendor-BBB.js': { file: 'assets/vendor-BBB.js' },
    '_shell-DDD.js': {
      file: 'assets/shell-DDD.js',
      imports: ['client/src/entry-client.tsx', '_vendor-BBB.js'],
      css: ['assets/shell-EEE.css'],
    },
    'client/src/routes/$locale/cart.tsx?tsr-split=component': {
      file: 'assets/cart-FFF.js',
      src: 'client/src/routes/$locale/cart.tsx?tsr-split=component',
      isDynamicEntry: true,
      imports: ['_shell-DDD.js', '_vendor-BBB.js'],
    },
    'client/src/routes/$locale/cart.tsx?tsr-split=loader': {
      file: 'assets/cart-loader-GGG.js',
      src: 'client/src/routes/$locale/cart.tsx?tsr-split=loader',
      isDynamicEntry: true,
      imports: ['_schemas-HHH.js', '_vendor-BBB.js'],
    },
    '_schemas-HHH.js': { file: 'assets/schemas-HHH.js' },
    'client/src/i18n/locales/hr.json': { file: 'assets/hr-III.js', src: 'client/src/i18n/locales/hr.json', isDynamicEntry: true },
    'client/src/i18n/locales/en.json': { file: 'assets/en-JJJ.js', src: 'client/src/i18n/locales/en.json', isDynamicEntry: true },
  };

  it('puts the entry script, its chunks and CSS on the root route', () => {
    const manifest = buildRouterManifest(vite);
    expect(manifest.routes.__root__).toEqual({
      preloads: ['/assets/entry-client-AAA.js', '/assets/vendor-BBB.js'],
      css: ['/assets/entry-client-CCC.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry-client-AAA.js' } }],
    });
  });

  it('gives each route its own chunks and CSS, without repeating the root ones', () => {
    const manifest = buildRouterManifest(vite);
    expect(manifest.routes['/$locale/cart']).toEqual({
      preloads: ['/assets/cart-FFF.js', '/assets/shell-DDD.js'],
      css: ['/assets/shell-EEE.css'],
    });
  });

  it("preloads the route's components but not its split loader (the first page's loader ran on the server)", () => {
    const preloads = buildRouterManifest(vite).routes['/$locale/cart'].preloads ?? [];
    expect(preloads).not.toContain('/assets/cart-loader-GGG.js');
    expect(preloads).not.toContain('/assets/schemas-HHH.js');
  });

  it("leaves boot's chunks and the texts to the entry (after the first paint), but links boot's CSS on the root", () => {
    const withBoot: ViteManifest = {
      ...vite,
      'client/src/entry-client.tsx': {
        ...vite['client/src/entry-client.tsx'],
        imports: ['_start-LLL.js'],
        css: [],
        dynamicImports: ['client/src/boot.tsx'],
      },
      '_start-LLL.js': { file: 'assets/start-LLL.js' },
      'client/src/boot.tsx': { file: 'assets/boot-MMM.js', src: 'client/src/boot.tsx', isDynamicEntry: true, imports: ['_app-NNN.js'] },
      '_app-NNN.js': { file: 'assets/app-NNN.js', imports: ['_vendor-BBB.js'], css: ['assets/app-OOO.css'] },
      'client/src/routes/$locale/cart.tsx?tsr-split=component': {
        ...vite['client/src/routes/$locale/cart.tsx?tsr-split=component'],
        imports: ['_shell-DDD.js', '_app-NNN.js', '_vendor-BBB.js'],
      },
    };
    const manifest = buildRouterManifest(withBoot);
    expect(manifest.routes.__root__.preloads).toEqual(['/assets/entry-client-AAA.js', '/assets/start-LLL.js']);
    expect(manifest.routes.__root__.css).toEqual(['/assets/app-OOO.css']);
    const cart = manifest.routes['/$locale/cart'];
    expect(cart.preloads).toEqual(['/assets/cart-FFF.js', '/assets/shell-DDD.js']);
    expect(cart.css).toEqual(['/assets/shell-EEE.css']);
    expect(JSON.stringify(manifest)).not.toMatch(/hr-III|en-JJJ|boot-MMM|app-NNN\.js|vendor-BBB/);
  });

  it('refuses a manifest without the client entry', () => {
    expect(() => buildRouterManifest({})).toThrow(/entry/);
  });

  it('preloads the four subsets every text is set in, not the full fallback files', () => {
    expect(criticalFonts(vite)).toEqual([
      '/assets/fraunces-core-wght-P.woff2',
      '/assets/fraunces-ext-wght-Q.woff2',
      '/assets/figtree-core-wght-R.woff2',
      '/assets/figtree-ext-wght-S.woff2',
    ]);
  });

  it('finds the subsets when the root CSS is in a chunk the entry imports (the app chunk)', () => {
    const { assets, ...entry } = vite['client/src/entry-client.tsx'];
    const split: ViteManifest = {
      ...vite,
      'client/src/entry-client.tsx': { ...entry, imports: ['_app-KKK.js'] },
      '_app-KKK.js': { file: 'assets/app-KKK.js', imports: ['_vendor-BBB.js'], assets },
    };
    expect(criticalFonts(split)).toEqual(criticalFonts(vite));
    expect(criticalFonts(split)).toHaveLength(4);
  });

  it('loads the dev entry with Vite client and the refresh preamble in development', () => {
    const dev = devRouterManifest(['/client/src/styles/global.css']);
    const scripts = dev.routes.__root__.scripts ?? [];
    expect(scripts.map((s) => s.attrs?.src)).toEqual([undefined, '/@vite/client', '/client/src/entry-client.tsx']);
    expect(scripts[0].children).toContain('/@react-refresh');
    expect(dev.routes.__root__.css).toEqual([{ href: '/client/src/styles/global.css', 'data-tanstack-router-dev-styles': true }]);
  });
});
