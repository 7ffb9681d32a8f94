import { jest } from '@jest/globals';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  installChunkReload,
  isChunkLoadError,
  reloadOnce,
  type ChunkReloadEnv,
} from './chunk-reload';

function fakeEnv(start = 1_000_000) {
  const store = new Map<string, string>();
  let clock = start;
  let reloads = 0;
  const env: ChunkReloadEnv = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => clock,
    reload: () => {
      reloads++;
    },
  };
  return {
    env,
    store,
    advance: (ms: number) => {
      clock += ms;
    },
    reloads: () => reloads,
  };
}

describe('chunk-load failure rule', () => {
  it('reloads once, then not again within 10 s, and again after', () => {
    const f = fakeEnv();
    expect(reloadOnce(f.env)).toBe(true);
    expect(f.reloads()).toBe(1);
    expect(f.store.get(CHUNK_RELOAD_KEY)).toBe('1000000');

    f.advance(CHUNK_RELOAD_GUARD_MS - 1);
    expect(reloadOnce(f.env)).toBe(false);
    expect(f.reloads()).toBe(1);

    f.advance(1);
    expect(reloadOnce(f.env)).toBe(true);
    expect(f.reloads()).toBe(2);
  });

  it('ignores a stored value that is no timestamp or lies in the future (clock changed)', () => {
    const f = fakeEnv();
    f.store.set(CHUNK_RELOAD_KEY, 'garbage');
    expect(reloadOnce(f.env)).toBe(true);
    f.store.set(CHUNK_RELOAD_KEY, String(1_000_000 + 60_000));
    expect(reloadOnce(f.env)).toBe(true);
  });

  it('does not reload without storage or when storage throws (no guard, no loop)', () => {
    let reloads = 0;
    const reload = () => {
      reloads++;
    };
    expect(reloadOnce({ storage: null, now: () => 1, reload })).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnce({ storage: throwing, now: () => 1, reload })).toBe(false);
    expect(reloads).toBe(0);
  });

  it("recognizes the browsers' dynamic-import failures only", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Application error'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("handles Vite's vite:preloadError: reload and cancel the error, or let it through inside the guard", () => {
    const f = fakeEnv();
    const target = new EventTarget();
    const stop = installChunkReload(target as unknown as Window, f.env);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(f.reloads()).toBe(1);

    f.advance(2_000);
    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(f.reloads()).toBe(1);
    expect(error).toHaveBeenCalled();

    stop();
    f.advance(CHUNK_RELOAD_GUARD_MS);
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(f.reloads()).toBe(1);
    error.mockRestore();
  });
});
