import { negotiateLocale } from './locales.js';

describe('negotiateLocale', () => {
  it.each([
    [undefined, 'hr'],
    ['', 'hr'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,sl;q=0.5,en;q=0.4', 'sl'],
    ['en;q=0.2,hr;q=0.8', 'hr'],
    ['fr', 'hr'],
    ['EN-gb', 'en'],
    ['de;q=0,en', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
