import { isValidOib, normalizeVatNumber, validateVatNumber, VAT_FORMATS } from './tax-id.js';

/** The MOD 11,10 check digit, written out independently of the implementation, to generate valid OIBs. */
function checkDigit(first10: string): string {
  let a = 10;
  for (const ch of first10) {
    a = (((a + Number(ch)) % 10 || 10) * 2) % 11;
  }
  return String((11 - a) % 10);
}

describe('isValidOib (ISO 7064 MOD 11,10)', () => {
  it('accepts known-valid OIBs', () => {
    // 69435151530, by hand (a starts at 10; per digit: a = (a + d) % 10, 0 -> 10, a = 2a % 11):
    //   6: 16%10=6  -> 12%11=1 | 9: 10%10=0->10 -> 20%11=9 | 4: 13%10=3 -> 6  | 3: 9     -> 18%11=7
    //   5: 12%10=2  -> 4       | 1: 5           -> 10      | 5: 15%10=5 -> 10 | 1: 11%10=1 -> 2
    //   5: 7        -> 14%11=3 | 3: 6           -> 12%11=1
    //   check = 11 - 1 = 10 -> 0 = the 11th digit
    expect(isValidOib('69435151530')).toBe(true);
    // 94577403194, by hand:
    //   9: 19%10=9 -> 18%11=7 | 4: 11%10=1 -> 2 | 5: 7 -> 14%11=3 | 7: 10%10=0->10 -> 20%11=9
    //   7: 16%10=6 -> 12%11=1 | 4: 5 -> 10      | 0: 10%10=0->10 -> 9 | 3: 12%10=2 -> 4
    //   1: 5 -> 10            | 9: 19%10=9 -> 18%11=7
    //   check = 11 - 7 = 4 = the 11th digit
    expect(isValidOib('94577403194')).toBe(true);
    // 00000000001: the ten zeros end with a = 10, so check = 11 - 10 = 1 (the a == 0 -> 10 rule at work)
    expect(isValidOib('00000000001')).toBe(true);
    // generated: 1234567890 -> a = 8 -> check 3; 1111111111 -> a = 2 -> 9; 9999999999 -> a = 7 -> 4;
    // 5000000000 -> a = 5 -> 6; 0000000001 -> a = 1 -> 10 -> 0
    for (const oib of ['12345678903', '11111111119', '99999999994', '50000000006', '00000000010', '33392005961']) {
      expect(isValidOib(oib)).toBe(true);
    }
  });

  it('agrees with an independent check-digit computation', () => {
    for (const first10 of ['6943515153', '9457740319', '3141592653', '2718281828', '1000000000', '8080808080']) {
      expect(isValidOib(first10 + checkDigit(first10))).toBe(true);
      for (let wrong = 0; wrong <= 9; wrong++) {
        if (String(wrong) !== checkDigit(first10)) expect(isValidOib(first10 + wrong)).toBe(false);
      }
    }
  });

  it('refuses a wrong check digit, the wrong length and anything but digits', () => {
    expect(isValidOib('69435151531')).toBe(false);
    expect(isValidOib('94577403195')).toBe(false);
    expect(isValidOib('6943515153')).toBe(false); // 10 digits
    expect(isValidOib('694351515300')).toBe(false); // 12 digits
    expect(isValidOib('6943515153A')).toBe(false);
    expect(isValidOib('A9435151530')).toBe(false);
    expect(isValidOib('69435 51530')).toBe(false);
    expect(isValidOib(' 69435151530')).toBe(false); // not normalized: the caller normalizes
    expect(isValidOib('HR69435151530')).toBe(false);
    expect(isValidOib('６９４３５１５１５３０')).toBe(false); // full-width digits
    expect(isValidOib('')).toBe(false);
  });
});

describe('normalizeVatNumber', () => {
  it('upper-cases and removes spaces, dots and dashes', () => {
    expect(normalizeVatNumber('hr 694.351-515 30')).toBe('HR69435151530');
    expect(normalizeVatNumber(' de 136 695 976 ')).toBe('DE136695976');
    expect(normalizeVatNumber('nl004495445b01')).toBe('NL004495445B01');
    expect(normalizeVatNumber('ATU-1358.5627')).toBe('ATU13585627');
    expect(normalizeVatNumber('fr\t40\u00a0303265045')).toBe('FR40303265045');
    expect(normalizeVatNumber('')).toBe('');
  });
});

/** One valid and one malformed number per prefix (the national part; formats as VIES publishes them). */
const COUNTRIES: ReadonlyArray<{ prefix: string; valid: string[]; invalid: string[] }> = [
  { prefix: 'AT', valid: ['U13585627'], invalid: ['13585627', 'U1358562'] },
  { prefix: 'BE', valid: ['0403019261', '1234567890'], invalid: ['403019261', '2403019261'] },
  { prefix: 'BG', valid: ['175074752', '7523169263'], invalid: ['17507475', '75231692631'] },
  { prefix: 'CY', valid: ['10259033P'], invalid: ['102590331', '10259033'] },
  { prefix: 'CZ', valid: ['25123891', '736028541', '7103192745'], invalid: ['2512389', '71031927451'] },
  { prefix: 'DE', valid: ['136695976'], invalid: ['13669597', '1366959761'] },
  { prefix: 'DK', valid: ['13585628'], invalid: ['1358562', 'A3585628'] },
  { prefix: 'EE', valid: ['100931558'], invalid: ['10093155'] },
  { prefix: 'EL', valid: ['094259216'], invalid: ['09425921', '0942592161'] },
  { prefix: 'ES', valid: ['B64717838', '54362315K', 'X2482300W', 'A1234567B'], invalid: ['123456789', 'B6471783', 'B647178381'] },
  { prefix: 'FI', valid: ['20774740'], invalid: ['2077474'] },
  { prefix: 'FR', valid: ['40303265045', 'K7399859412', 'AB123456789'], invalid: ['4030326504', '403032650451'] },
  { prefix: 'HR', valid: ['69435151530', '33392005961'], invalid: ['6943515153', '694351515300'] },
  { prefix: 'HU', valid: ['12892312'], invalid: ['1289231', '128923121'] },
  { prefix: 'IE', valid: ['6433435F', '8Z49289F', '3628739UA', '1234567T'], invalid: ['6433435', '643343512', '6433435FFF'] },
  { prefix: 'IT', valid: ['00743110157'], invalid: ['0074311015', '007431101571'] },
  { prefix: 'LT', valid: ['119511515', '100001919017'], invalid: ['11951151', '1195115151'] },
  { prefix: 'LU', valid: ['15027442'], invalid: ['1502744'] },
  { prefix: 'LV', valid: ['40003521600'], invalid: ['4000352160'] },
  { prefix: 'MT', valid: ['11679112'], invalid: ['116791121'] },
  { prefix: 'NL', valid: ['004495445B01'], invalid: ['004495445C01', '004495445B1', '004495445'] },
  { prefix: 'PL', valid: ['8567346215'], invalid: ['856734621'] },
  { prefix: 'PT', valid: ['501964843'], invalid: ['50196484'] },
  { prefix: 'RO', valid: ['18547290', '12', '1234567890'], invalid: ['1', '12345678901'] },
  { prefix: 'SE', valid: ['123456789701'], invalid: ['12345678970'] },
  { prefix: 'SI', valid: ['50223054'], invalid: ['5022305', '502230541'] },
  { prefix: 'SK', valid: ['2022749619'], invalid: ['202274961'] },
  { prefix: 'XI', valid: ['980780684', '123456789012', 'GD001', 'HA500'], invalid: ['98078068', 'GD0001', 'XX123'] },
];

describe('validateVatNumber', () => {
  it('knows the 27 member states (EL for Greece) and XI for Northern Ireland, nothing else', () => {
    expect(Object.keys(VAT_FORMATS).sort()).toEqual(COUNTRIES.map((c) => c.prefix).sort());
    expect(Object.keys(VAT_FORMATS).filter((p) => p !== 'XI')).toHaveLength(27);
  });

  describe.each(COUNTRIES)('$prefix', ({ prefix, valid, invalid }) => {
    it.each(valid)(`accepts ${prefix}%s`, (national) => {
      expect(validateVatNumber(`${prefix}${national}`)).toEqual({ ok: true, normalized: `${prefix}${national}`, country: prefix });
      // typed loosely: lower case, spaces, dots
      const loose = `${prefix.toLowerCase()} ${national.slice(0, 3).toLowerCase()}.${national.slice(3)}`;
      expect(validateVatNumber(loose)).toEqual({ ok: true, normalized: `${prefix}${national}`, country: prefix });
    });

    it.each(invalid)(`refuses ${prefix}%s as malformed`, (national) => {
      expect(validateVatNumber(`${prefix}${national}`)).toEqual({ ok: false, reason: 'format' });
    });
  });

  it('checks the OIB check digit of Croatian numbers', () => {
    expect(validateVatNumber('HR69435151531')).toEqual({ ok: false, reason: 'checksum' });
    expect(validateVatNumber('HR94577403190')).toEqual({ ok: false, reason: 'checksum' });
    expect(validateVatNumber('HR 945 774 031 94')).toEqual({ ok: true, normalized: 'HR94577403194', country: 'HR' });
  });

  it('takes a bare 11-digit number as a Croatian OIB', () => {
    expect(validateVatNumber('69435151530')).toEqual({ ok: true, normalized: 'HR69435151530', country: 'HR' });
    expect(validateVatNumber('694-351-515-30')).toEqual({ ok: true, normalized: 'HR69435151530', country: 'HR' });
    expect(validateVatNumber('69435151531')).toEqual({ ok: false, reason: 'checksum' });
    // other bare numbers have no country to check them against
    expect(validateVatNumber('136695976')).toEqual({ ok: false, reason: 'format' });
  });

  it('checks the Luhn digit of Italian and the mod-11 digit of Slovenian numbers', () => {
    // IT 00743110157: odd places 0+7+3+1+1 = 12, even places doubled 0,8,2,0,10->1 = 11; (10 - 23 % 10) % 10 = 7
    expect(validateVatNumber('IT00743110158')).toEqual({ ok: false, reason: 'checksum' });
    // SI 50223054: 5x8 + 0x7 + 2x6 + 2x5 + 3x4 + 0x3 + 5x2 = 84; 84 % 11 = 7; 11 - 7 = 4
    expect(validateVatNumber('SI50223055')).toEqual({ ok: false, reason: 'checksum' });
    // a Slovenian number never starts with 0
    expect(validateVatNumber('SI05022305')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('does not invent checksums for the other countries', () => {
    // only the shape is checked: any 9 digits pass for Germany, whatever their last digit
    expect(validateVatNumber('DE136695977')).toMatchObject({ ok: true, country: 'DE' });
  });

  it('refuses prefixes that are no EU VAT prefix', () => {
    for (const v of ['GR094259216', 'GB980780684', 'US123456789', 'CH123456789', 'RS123456789', 'BA1234567890']) {
      expect(validateVatNumber(v)).toEqual({ ok: false, reason: 'country' });
    }
  });

  it('refuses empty and prefix-only input as malformed', () => {
    for (const v of ['', '   ', 'HR', 'de', '--', '1234']) expect(validateVatNumber(v)).toEqual({ ok: false, reason: 'format' });
  });
});
