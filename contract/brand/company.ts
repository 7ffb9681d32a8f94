/**
 * Company data of the shop's operator, shown in the footer and on the contact page and used by the e-mail
 * templates. ONE plain object that imports nothing, so any part of the codebase (client, e-mails, server)
 * can import it.
 *
 * FICTIONAL PLACEHOLDER DATA: the name is the brand we use; address, OIB, MBS, IBAN, bank, phone and e-mail
 * are invented (the OIB and IBAN have valid check digits so that format validators accept them, and the
 * bank code matches no real bank). Replace every value with the registered data before going live.
 */
export const company = {
  brand: 'Zlatno zrno',
  legalName: 'Zlatno zrno d.o.o.',
  street: 'Ulica žitnih polja 12',
  postalCode: '31000',
  city: 'Osijek',
  countryCode: 'HR',
  /** Croatian personal identification number of the company (11 digits, ISO 7064 MOD 11,10 check digit). */
  oib: '47193065287',
  /** EU VAT identification number: 'HR' + OIB. */
  vatId: 'HR47193065287',
  /** Court registry number (matični broj subjekta). */
  mbs: '030098765',
  registryCourt: 'Trgovački sud u Osijeku',
  /** Share capital in euro cents, paid in full (HRK 20,000.00 converted at the fixed rate 7.53450). */
  shareCapitalCents: 265_446,
  iban: 'HR5829930051100482716',
  bank: 'Slavonska štedna banka d.d.',
  email: 'info@zlatnozrno.hr',
  phone: '+385 31 555 012',
  foundedYear: 1992,
} as const;
