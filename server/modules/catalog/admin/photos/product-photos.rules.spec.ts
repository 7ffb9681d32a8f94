import { blankToMissing, mergeAlt, photoOrderProblem } from './product-photos.rules.js';

describe('product photo rules', () => {
  it('stores a blank alt text as missing, never as an empty string', () => {
    expect(blankToMissing({ hr: '  ', en: ' Spaghetti on a plate ', de: null })).toEqual({
      hr: null,
      en: 'Spaghetti on a plate',
      de: null,
    });
  });

  it('merges sent alt texts over the stored ones; null removes a language; unsent languages stay', () => {
    expect(mergeAlt({ hr: 'Špageti', en: 'Spaghetti' }, { en: null, de: 'Spaghetti auf dem Teller' })).toEqual({
      hr: 'Špageti',
      de: 'Spaghetti auf dem Teller',
    });
  });

  it('accepts an order only when it lists every photo exactly once', () => {
    expect(photoOrderProblem(['a', 'b', 'c'], ['c', 'a', 'b'])).toBeNull();
    expect(photoOrderProblem(['a', 'b', 'c'], ['c', 'a'])).toBe('missing');
    expect(photoOrderProblem(['a', 'b'], ['a', 'b', 'x'])).toBe('unknown');
    expect(photoOrderProblem(['a', 'b'], ['a', 'a'])).toBe('duplicate');
  });
});
