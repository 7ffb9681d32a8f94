import { describe, expect, it } from '@jest/globals';
import { nameFromSlug } from './format';

describe('nameFromSlug', () => {
  it('makes slugs readable', () => {
    expect(nameFromSlug('kamut-fusilli')).toBe('Kamut fusilli');
    expect(nameFromSlug('%C4%8Devapi')).toBe('Čevapi');
    expect(nameFromSlug('%E0%A4%A')).toBe('%E0%A4%A');
    expect(nameFromSlug(undefined)).toBe('');
  });
});
