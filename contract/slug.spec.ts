import { isSlug, slugify, SLUG_MAX_LENGTH } from './slug.js';

describe('slugify', () => {
  it('transliterates Croatian letters to lowercase ASCII with hyphens', () => {
    expect(slugify('Špageti s češnjakom i žličicom')).toBe('spageti-s-cesnjakom-i-zlicicom');
    expect(slugify('Ćufte iz Međimurja')).toBe('cufte-iz-medjimurja');
    expect(slugify('ĐURĐEVAC')).toBe('djurdjevac');
  });

  it('spells out German umlauts and ß, drops other marks (Slovenian, French)', () => {
    expect(slugify('Vollkorn-Nudeln für Kinder, groß')).toBe('vollkorn-nudeln-fuer-kinder-gross');
    expect(slugify('Testenine iz pire (400 g)')).toBe('testenine-iz-pire-400-g');
    expect(slugify('Crème brûlée')).toBe('creme-brulee');
  });

  it('joins any run of signs and spaces into one hyphen, none at the ends', () => {
    expect(slugify('  --Fusilli   tricolore!! 500 g -- ')).toBe('fusilli-tricolore-500-g');
    expect(slugify('%%%')).toBe('');
  });

  it('keeps at most SLUG_MAX_LENGTH characters, cut at a word', () => {
    const long = slugify('tjestenina '.repeat(20));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long.endsWith('-')).toBe(false);
    expect(isSlug(long)).toBe(true);
  });

  it('isSlug accepts only what slugify produces', () => {
    expect(isSlug('spageti-400-g')).toBe(true);
    expect(isSlug('Spageti')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('-a')).toBe(false);
    expect(isSlug('')).toBe(false);
  });
});
