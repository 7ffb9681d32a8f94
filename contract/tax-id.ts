/**
 * Tax identifiers of business customers (pure functions, no Nest): the Croatian OIB and EU VAT
 * identification numbers.
 *
 * VAT numbers are checked against their national format as the European Commission publishes it
 * for VIES (country prefix + national pattern). A check digit is verified only where the algorithm
 * is public and certain: HR (OIB, ISO 7064 MOD 11,10), IT (partita IVA, Luhn) and SI (davčna
 * številka, weights 8..2 mod 11). For every other country a number of the right shape is accepted:
 * whether it is actually registered is for VIES to say, not for this module.
 */

/** ISO 7064 MOD 11,10 over the first ten digits: the check digit an OIB must end with. */
function oibCheckDigit(first10: string): number {
  let a = 10;
  for (const ch of first10) {
    a = (a + Number(ch)) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const check = 11 - a;
  return check === 10 ? 0 : check;
}

/** A Croatian OIB (osobni identifikacijski broj): exactly 11 digits whose last is the MOD 11,10 check digit. */
export function isValidOib(value: string): boolean {
  return /^[0-9]{11}$/.test(value) && oibCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** Italian partita IVA: the 11th digit is the Luhn check digit of the first ten. */
function isValidPartitaIva(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Slovenian VAT number: first digit not 0; check = 11 - (sum of digits x 8..2) mod 11, 10 -> 0, 11 never valid. */
function isValidSlovenianVat(digits: string): boolean {
  if (digits[0] === '0') return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * Number(digits[i]);
  const check = 11 - (sum % 11);
  if (check === 11) return false;
  return (check === 10 ? 0 : check) === Number(digits[7]);
}

/** Upper case, without spaces, dots and dashes: " hr 694.351-515 30" -> "HR69435151530". */
export function normalizeVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.\-\u2010-\u2015]/g, '');
}

interface VatFormat {
  /** The national part (after the prefix), already normalized. */
  pattern: RegExp;
  /** A check digit to verify beyond the shape. */
  checksum?: (national: string) => boolean;
}

/**
 * National formats by VAT prefix (ISO 3166-1 alpha-2, except EL for Greece and XI for Northern
 * Ireland), as published by the European Commission for VIES.
 */
export const VAT_FORMATS: Readonly<Record<string, VatFormat>> = {
  AT: { pattern: /^U[0-9]{8}$/ },
  BE: { pattern: /^[01][0-9]{9}$/ },
  BG: { pattern: /^[0-9]{9,10}$/ },
  CY: { pattern: /^[0-9]{8}[A-Z]$/ },
  CZ: { pattern: /^[0-9]{8,10}$/ },
  DE: { pattern: /^[0-9]{9}$/ },
  DK: { pattern: /^[0-9]{8}$/ },
  EE: { pattern: /^[0-9]{9}$/ },
  EL: { pattern: /^[0-9]{9}$/ },
  // first and last character letter or digit, but not both digits
  ES: { pattern: /^(?:[A-Z][0-9]{7}[A-Z0-9]|[0-9]{8}[A-Z])$/ },
  FI: { pattern: /^[0-9]{8}$/ },
  // two check characters (letters or digits), then the 9-digit SIREN
  FR: { pattern: /^[0-9A-Z]{2}[0-9]{9}$/ },
  HR: { pattern: /^[0-9]{11}$/, checksum: isValidOib },
  HU: { pattern: /^[0-9]{8}$/ },
  // 7 digits + 1 or 2 letters, or the old style: digit, letter (or + *), 5 digits, letter
  IE: { pattern: /^(?:[0-9]{7}[A-Z]{1,2}|[0-9][A-Z+*][0-9]{5}[A-Z])$/ },
  IT: { pattern: /^[0-9]{11}$/, checksum: isValidPartitaIva },
  LT: { pattern: /^(?:[0-9]{9}|[0-9]{12})$/ },
  LU: { pattern: /^[0-9]{8}$/ },
  LV: { pattern: /^[0-9]{11}$/ },
  MT: { pattern: /^[0-9]{8}$/ },
  NL: { pattern: /^[0-9]{9}B[0-9]{2}$/ },
  PL: { pattern: /^[0-9]{10}$/ },
  PT: { pattern: /^[0-9]{9}$/ },
  RO: { pattern: /^[0-9]{2,10}$/ },
  SE: { pattern: /^[0-9]{12}$/ },
  SI: { pattern: /^[0-9]{8}$/, checksum: isValidSlovenianVat },
  SK: { pattern: /^[0-9]{10}$/ },
  // Northern Ireland (UK formats): 9 or 12 digits, government departments GD + 3, health authorities HA + 3
  XI: { pattern: /^(?:[0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/ },
};

export type VatValidation = { ok: true; normalized: string; country: string } | { ok: false; reason: 'format' | 'checksum' | 'country' };

/**
 * Checks an EU VAT identification number by its national format (and check digit for HR, IT, SI).
 * `normalized` is the prefixed compact form (`HR69435151530`); `country` is the VAT prefix (EL for
 * Greece, XI for Northern Ireland). A bare 11-digit number is taken as a Croatian OIB. Refusals:
 * `country` for a prefix that is no EU VAT prefix (GR included: Greece is EL), `format` for the
 * wrong shape (or no prefix at all), `checksum` for a wrong check digit.
 */
export function validateVatNumber(value: string): VatValidation {
  let normalized = normalizeVatNumber(value);
  if (/^[0-9]{11}$/.test(normalized)) normalized = `HR${normalized}`;
  if (!/^[A-Z]{2}./.test(normalized)) return { ok: false, reason: 'format' };
  const country = normalized.slice(0, 2);
  const format = Object.hasOwn(VAT_FORMATS, country) ? VAT_FORMATS[country] : undefined;
  if (!format) return { ok: false, reason: 'country' };
  const national = normalized.slice(2);
  if (!format.pattern.test(national)) return { ok: false, reason: 'format' };
  if (format.checksum && !format.checksum(national)) return { ok: false, reason: 'checksum' };
  return { ok: true, normalized, country };
}
