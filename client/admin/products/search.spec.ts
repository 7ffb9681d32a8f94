import { describe, expect, it } from '@jest/globals';
import { euroInputText, parseCount, parseEuroInput } from './money-input';
import { currentView, listQuery, parseListSearch } from './search';

describe("the products list's URL", () => {
  it('keeps the valid values and drops hostile or stale ones', () => {
    expect(
      parseListSearch({
        q: ' spag ',
        category: 'tjestenina',
        availability: 'soon_available_again',
        low_stock: 'true',
        sort: '-stock',
        page: '3',
      }),
    ).toEqual({
      q: 'spag',
      category: 'tjestenina',
      availability: 'soon_available_again',
      low_stock: true,
      sort: '-stock',
      page: 3,
    });
    expect(parseListSearch({ q: 'a\u0000b', category: '../x', availability: 'gone', low_stock: 'yes', sort: 'evil', page: '-1' })).toEqual(
      {},
    );
    expect(parseListSearch({ page: 1, sort: 'position', low_stock: true })).toEqual({ low_stock: true });
    expect(parseListSearch({ q: 'x'.repeat(101), page: '1e9' })).toEqual({});
  });

  it("asks the API in the same words, with the names' language", () => {
    expect(listQuery({ q: 'fuži', low_stock: true, page: 2 }, 'en')).toBe('q=fu%C5%BEi&low_stock=true&page=2&locale=en');
    expect(listQuery({}, 'hr')).toBe('locale=hr');
  });

  it('knows the ready-made view shown, whatever the sort and page', () => {
    expect(currentView({})).toBe('all');
    expect(currentView({ low_stock: true, page: 2 })).toBe('lowStock');
    expect(currentView({ availability: 'soon_available_again' })).toBe('soonAvailable');
    expect(currentView({ low_stock: true, q: 'x' })).toBeNull();
  });
});

describe('amounts as operators type them', () => {
  it('reads euro with a comma or a point, and nothing else', () => {
    expect(parseEuroInput('2,49')).toBe(249);
    expect(parseEuroInput('2.49')).toBe(249);
    expect(parseEuroInput('12')).toBe(1200);
    expect(parseEuroInput('12,5 €')).toBe(1250);
    for (const bad of ['', 'abc', '2,499', '1.234,50', '-1', '1e3', '2,,4']) expect(parseEuroInput(bad)).toBeNull();
    expect(euroInputText(249, 'hr')).toBe('2,49');
    expect(euroInputText(249, 'en')).toBe('2.49');
  });
  it('reads a whole number of packs', () => {
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('0')).toBe(0);
    for (const bad of ['', '1.5', '-2', 'x']) expect(parseCount(bad)).toBeNull();
  });
});
