import { negotiateLocale } from './locales.js';
import { localizedMessage, registerErrorMessages } from './error-messages.js';

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

describe('error messages', () => {
  it('fills params in the requested language and refuses incomplete entries', () => {
    registerErrorMessages({
      TEST_TOO_MANY: { hr: 'Najviše {max}.', en: 'At most {max}.', de: 'Höchstens {max}.', sl: 'Največ {max}.' },
    });
    expect(localizedMessage('TEST_TOO_MANY', 'de', { max: 99 })).toBe('Höchstens 99.');
    expect(localizedMessage('TEST_UNKNOWN', 'de')).toBeUndefined();
    expect(() => registerErrorMessages({ TEST_HALF: { hr: 'x', en: 'y', de: '', sl: 'z' } })).toThrow(/lacks de/);
    expect(() => registerErrorMessages({ TEST_TOO_MANY: { hr: 'a', en: 'b', de: 'c', sl: 'd' } })).toThrow(/twice/);
  });
});
