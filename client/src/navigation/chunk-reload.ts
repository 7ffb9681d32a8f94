/**
 * The chunk-load failure rule (spec section 8): when a route's code chunk cannot be loaded (typically after a
 * deploy replaced the hashed files the open page refers to), the page is reloaded once, so the visitor gets
 * the new build instead of an error. A reload is allowed only if the last one was more than 10 s ago
 * (timestamp in sessionStorage): a chunk that is really missing shows the error page instead of a loop.
 *
 * entry-client.tsx installs it on Vite's `vite:preloadError` event, which every failed dynamic import of
 * the build raises (the chunk itself or one of its dependencies).
 */
import { STORAGE_ENTRIES } from '../../../contract/cookies';
export const CHUNK_RELOAD_KEY = STORAGE_ENTRIES.chunk_reload.name;
export const CHUNK_RELOAD_GUARD_MS = 10_000;

export interface ChunkReloadEnv {
  /** sessionStorage (null where it is not available, e.g. blocked storage). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** Messages browsers give a failed dynamic import (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    message.startsWith('Failed to fetch dynamically imported module') ||
    message.startsWith('error loading dynamically imported module') ||
    message.startsWith('Importing a module script failed') ||
    message.startsWith('Unable to preload CSS')
  );
}

/**
 * Reloads the page unless it was reloaded for this reason less than CHUNK_RELOAD_GUARD_MS ago. True when the
 * reload was started (the caller then swallows the error). Without storage no guard can be kept: no reload.
 */
export function reloadOnce(env: ChunkReloadEnv): boolean {
  if (!env.storage) return false;
  const now = env.now();
  let last: number;
  try {
    last = Number(env.storage.getItem(CHUNK_RELOAD_KEY));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS && now >= last) return false;
  try {
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/** Vite's event: cancelable, the failed import's error in `payload`. */
interface PreloadErrorEvent extends Event {
  payload?: unknown;
}

/** Listens for failed chunk loads on `target` (window); answers the function that stops listening. */
export function installChunkReload(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, env: ChunkReloadEnv): () => void {
  const onPreloadError = (event: Event) => {
    // Reloading: the import's error must not reach the router (it would flash the error page).
    if (reloadOnce(env)) event.preventDefault();
    else console.error('[chunk] a code chunk could not be loaded', (event as PreloadErrorEvent).payload);
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** The browser's environment: sessionStorage (when usable), Date.now, location.reload. */
export function browserChunkReloadEnv(): ChunkReloadEnv {
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return { storage, now: Date.now, reload: () => window.location.reload() };
}
