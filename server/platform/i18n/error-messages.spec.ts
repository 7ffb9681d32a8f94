import { localizedMessage, registerErrorMessages } from './error-messages.js';

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
