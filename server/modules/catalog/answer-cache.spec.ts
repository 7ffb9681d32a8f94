import { describe, expect, it } from '@jest/globals';
import { AnswerCache } from './answer-cache.js';

const answer = (text: string) => ({ body: Buffer.from(text), etag: `W/"${text.length}"` });

function cache(opts: Partial<{ ttlMs: number; maxEntries: number; maxBytes: number }> = {}) {
  let now = 1_000_000;
  const c = new AnswerCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000, ...opts, now: () => now });
  return { c, tick: (ms: number) => (now += ms), at: () => now };
}

describe('AnswerCache', () => {
  it('serves what it stored, the same bytes and ETag, until the time limit', () => {
    const { c, tick } = cache();
    expect(c.get('k')).toBeUndefined();
    expect(c.set('k', answer('{"data":1}'), c.generation, null)).toBe(true);
    expect(c.get('k')).toMatchObject(answer('{"data":1}'));
    tick(59_999);
    expect(c.get('k')).toBeDefined();
    tick(1);
    expect(c.get('k')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('ends an answer at the first clock change of a price on it, when that comes before the time limit', () => {
    const { c, tick, at } = cache();
    expect(c.set('offer', answer('a'), c.generation, at() + 2_000)).toBe(true);
    expect(c.set('later', answer('b'), c.generation, at() + 600_000)).toBe(true);
    tick(1_999);
    expect(c.get('offer')).toBeDefined();
    tick(1);
    expect(c.get('offer')).toBeUndefined();
    expect(c.get('later')).toBeDefined();
    // Already past: not stored at all.
    expect(c.set('past', answer('c'), c.generation, at())).toBe(false);
  });

  it('drops everything on clear(), and does not store an answer started before it', () => {
    const { c } = cache();
    c.set('a', answer('a'), c.generation, null);
    const started = c.generation;
    c.clear();
    expect(c.get('a')).toBeUndefined();
    expect(c.set('b', answer('b'), started, null)).toBe(false);
    expect(c.set('b', answer('b'), c.generation, null)).toBe(true);
  });

  it('keeps to its bounds in entries and bytes, least recently used out first', () => {
    const { c } = cache({ maxEntries: 2 });
    c.set('a', answer('a'), c.generation, null);
    c.set('b', answer('b'), c.generation, null);
    c.get('a'); // b is now the least recently used
    c.set('c', answer('c'), c.generation, null);
    expect([c.get('a'), c.get('b'), c.get('c')].map(Boolean)).toEqual([true, false, true]);

    const small = cache({ maxBytes: 100 }).c;
    small.set('x', answer('x'.repeat(60)), small.generation, null);
    small.set('y', answer('y'.repeat(60)), small.generation, null);
    expect([small.get('x'), small.get('y')].map(Boolean)).toEqual([false, true]);
    expect(small.set('z', answer('z'.repeat(200)), small.generation, null)).toBe(false);
  });

  it('is off with a time limit of 0', () => {
    const { c } = cache({ ttlMs: 0 });
    expect(c.enabled).toBe(false);
    expect(c.set('k', answer('k'), c.generation, null)).toBe(false);
    expect(c.get('k')).toBeUndefined();
  });
});
