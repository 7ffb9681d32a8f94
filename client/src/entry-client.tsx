// First: zod's config before zod itself loads (see the module).
import './zod-jitless';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import { loadTexts } from './i18n/texts';
import { browserChunkReloadEnv, installChunkReload } from './navigation/chunk-reload';

// A chunk that fails to load (a deploy replaced the files: boot's or a route's) reloads the page once per 10 s (spec section 8).
installChunkReload(window, browserChunkReloadEnv());

/**
 * The page's entry, a small script. The server's HTML is complete and styled: the browser paints it
 * first, with the network left to the styles, fonts and images, and only then fetches and runs the
 * application (boot.tsx: React, the router, the layout) and the page language's texts, in parallel,
 * and hydrates. Waits for the next frame, or 100 ms (a background tab, where frames wait).
 * docs/performance.md, 'First visit'.
 */
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});
const lang = document.documentElement.lang;
await Promise.all([import('./boot'), loadTexts[isLocale(lang) ? lang : DEFAULT_LOCALE]()]);
