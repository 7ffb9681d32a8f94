/**
 * Countries, shared by the server (address and destination checks), the client (country pickers) and
 * the e-mails (the company's country). ISO 3166-1 alpha-2 codes.
 */

/** The shop's home market: delivery is cheapest and can be free here; a bare 11-digit tax number is an OIB. */
export const HOME_COUNTRY = 'HR';

/** EU member states: the shop delivers and invoices within the European Union. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore
export type EuCountry = (typeof EU_COUNTRIES)[number];

export function isEuCountry(value: unknown): value is EuCountry {
  return typeof value === 'string' && (EU_COUNTRIES as readonly string[]).includes(value);
}

/** The countries a cart can be delivered to, home country first (as country pickers list them). */
export const DELIVERY_COUNTRIES: readonly EuCountry[] = [HOME_COUNTRY, ...EU_COUNTRIES.filter((c) => c !== HOME_COUNTRY)];

/**
 * A country's name in a language ('BA', 'hr' -> 'Bosna i Hercegovina'), from Intl.DisplayNames; the
 * code itself when the runtime has no name for it or the code is malformed.
 */
export function countryName(code: string, locale: string): string {
  try {
    let names = regionNames.get(locale);
    if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
/** One Intl.DisplayNames per language (building one costs far more than a lookup); only languages that built one are kept. */
const regionNames = new Map<string, Intl.DisplayNames>();
