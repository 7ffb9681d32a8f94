import { describe, expect, it } from '@jest/globals';
import { createScrollFilter } from './scroll';

const at = (pathname: string, hash = '', searchStr = '') => ({ location: { pathname, hash, searchStr } });

describe('scroll filter', () => {
  it('handles scrolling on every page change', () => {
    const filter = createScrollFilter();
    expect(filter(at('/hr/cart'))).toBe(true);
    expect(filter(at('/hr/recipes'))).toBe(true);
    expect(filter(at('/hr/recipes', '', '?page=2'))).toBe(true);
  });

  it('scrolls to a hash target on the same page', () => {
    const filter = createScrollFilter();
    filter(at('/hr/contact'));
    expect(filter(at('/hr/contact', 'form'))).toBe(true);
  });

  it('does not scroll when only the hash changed and there is no target', () => {
    const filter = createScrollFilter();
    filter(at('/hr/contact', 'form'));
    expect(filter(at('/hr/contact'))).toBe(false);
  });
});
