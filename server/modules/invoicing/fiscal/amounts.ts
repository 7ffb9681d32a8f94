/**
 * Integer cents as CIS writes money: a dot and two decimals, a leading minus for a negative amount
 * (XSD IznosType `([+-]?)[0-9]{1,15}\.[0-9]{2}`; spec 12: 'točka, a ne zarez'). 1250 -> `12.50`,
 * -1250 -> `-12.50`, 0 -> `0.00`.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be an integer number of cents, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A VAT rate in percent as CIS writes it (StopaType): 25 -> `25.00`, 5 -> `5.00`, 13 -> `13.00`. */
export function rateToDecimal(percent: number): string {
  const hundredths = Math.round(percent * 100);
  if (hundredths < 0 || hundredths > 99_999 || Math.abs(hundredths - percent * 100) > 1e-6)
    throw new RangeError(`VAT rate must be 0 to 999.99 with at most two decimals, got ${percent}`);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
