import { describe, expect, it } from '@jest/globals';
import { TtlLru } from './ttl-lru.js';

describe('TtlLru', () => {
  it('forgets an entry after its own time to live', () => {
    let now = 0;
    const cache = new TtlLru<string>({ maxEntries: 10 }, () => now);
    cache.set('ok', 'a', 1000);
    cache.set('failed', 'b', 100);
    now = 99;
    expect([cache.get('ok'), cache.get('failed')]).toEqual(['a', 'b']);
    now = 100;
    expect([cache.get('ok'), cache.get('failed')]).toEqual(['a', undefined]);
    now = 1000;
    expect(cache.get('ok')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past the count or the byte budget', () => {
    const cache = new TtlLru<number>({ maxEntries: 2, maxBytes: 100 });
    cache.set('a', 1, 1000, 10);
    cache.set('b', 2, 1000, 10);
    cache.get('a');
    cache.set('c', 3, 1000, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    cache.set('big', 4, 1000, 95);
    expect([cache.get('a'), cache.get('c'), cache.get('big')]).toEqual([undefined, undefined, 4]);
    expect(cache.totalBytes).toBe(95);
    cache.set('huge', 5, 1000, 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.totalBytes).toBe(95);
  });

  it('tells whether a live entry is kept without touching its recency; an infinite time to live never expires', () => {
    let now = 0;
    const cache = new TtlLru<string>({ maxEntries: 2 }, () => now);
    cache.set('a', 'a', Number.POSITIVE_INFINITY);
    cache.set('b', 'b', 10);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, true, false]);
    cache.set('c', 'c', 10); // 'a' is still the least recently used: has() did not move it
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([false, true, true]);
    now = 10;
    expect(cache.has('b')).toBe(false);
    cache.set('d', 'd', Number.POSITIVE_INFINITY);
    now = Number.MAX_SAFE_INTEGER;
    expect(cache.get('d')).toBe('d');
  });
});
