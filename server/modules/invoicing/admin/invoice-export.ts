import type { InvoiceDocument } from '../invoice-document.js';
import { zagrebDateTime } from './zagreb-time.js';

/**
 * The accountant's monthly export (docs/invoicing/operators.md 'The accountant's export'): one row
 * per invoice and storno of the month, as Croatian Excel opens it by a double click:
 * - UTF-8 with a byte order mark (so č, ć, š, ž, đ are read as UTF-8), CRLF line ends (RFC 4180);
 * - `;` between cells and a decimal comma in amounts (`12,34`), the list separator and number
 *   format of Excel in the Croatian locale, which reads a `,`-separated file as one column;
 * - amounts in euro with two decimals, a storno's negative (`-12,34`);
 * - a base and a VAT column for every VAT rate present in the month (ascending), so no column is
 *   empty for the whole file and none is missing;
 * - a last row `UKUPNO` with the sums of the amount columns, to check against the book.
 * Cells that come from data (names, numbers, tax ids) and begin with = + - @, a tab or a carriage
 * return are neutralized with a leading apostrophe, so a spreadsheet never runs them as a formula
 * (CSV injection, OWASP); the amounts are numbers we format and are left as they are.
 */

const SEPARATOR = ';';
const BOM = '\uFEFF';
const EOL = '\r\n';

const PAYMENT_NAMES: Record<InvoiceDocument['paymentMethod'], string> = { card: 'Kartica', cod: 'Pouzeće' };
const KIND_NAMES: Record<InvoiceDocument['kind'], string> = { invoice: 'Račun', storno: 'Storno' };

/** A cell from data: quoted when it holds the separator, a quote or a line break; a formula start neutralized. */
export function textCell(value: string | null | undefined): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[";\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Euro cents as `1234,56` / `-12,30` (never a thousands separator). */
export function amountCell(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A VAT rate as the column names it: `25 %`, `5,5 %`. */
export function rateLabel(rate: number): string {
  return `${String(rate).replace('.', ',')} %`;
}

/** The VAT rates present in the documents, ascending. */
export function ratesOf(docs: readonly InvoiceDocument[]): number[] {
  return [...new Set(docs.flatMap((d) => d.vatByRate.map((r) => r.rate)))].sort((a, b) => a - b);
}

/** The CSV text of the export (BOM included). */
export function buildInvoiceCsv(docs: readonly InvoiceDocument[]): string {
  const rates = ratesOf(docs);
  const header = [
    'Broj računa',
    'Datum i vrijeme izdavanja',
    'Vrsta',
    'Broj izvornog računa',
    'Broj narudžbe',
    'Kupac',
    'OIB / PDV ID kupca',
    ...rates.flatMap((r) => [`Osnovica ${rateLabel(r)}`, `PDV ${rateLabel(r)}`]),
    'Osnovica ukupno',
    'PDV ukupno',
    'Ukupno',
    'Način plaćanja',
    'Način plaćanja (CIS)',
    'JIR',
    'ZKI',
  ];
  const sums = {
    byRate: new Map<number, { base: number; vat: number }>(rates.map((r) => [r, { base: 0, vat: 0 }])),
    base: 0,
    vat: 0,
    total: 0,
  };
  const rows = docs.map((d) => {
    const perRate = rates.flatMap((rate) => {
      const r = d.vatByRate.find((x) => x.rate === rate);
      if (!r) return ['', ''];
      const sum = sums.byRate.get(rate)!;
      sum.base += r.base;
      sum.vat += r.vat;
      return [amountCell(r.base), amountCell(r.vat)];
    });
    sums.base += d.vatBase;
    sums.vat += d.vatTotal;
    sums.total += d.total;
    return [
      textCell(d.number),
      zagrebDateTime(d.issuedAt),
      KIND_NAMES[d.kind],
      textCell(d.stornoOf?.number),
      textCell(d.orderNumber),
      textCell(d.buyer.name),
      textCell(d.buyer.taxId),
      ...perRate,
      amountCell(d.vatBase),
      amountCell(d.vatTotal),
      amountCell(d.total),
      PAYMENT_NAMES[d.paymentMethod] ?? textCell(d.paymentMethod),
      d.cisPaymentCode,
      textCell(d.jir),
      textCell(d.zki),
    ];
  });
  const sumRow = [
    'UKUPNO',
    '',
    '',
    '',
    '',
    '',
    '',
    ...rates.flatMap((r) => [amountCell(sums.byRate.get(r)!.base), amountCell(sums.byRate.get(r)!.vat)]),
    amountCell(sums.base),
    amountCell(sums.vat),
    amountCell(sums.total),
    '',
    '',
    '',
    '',
  ];
  return BOM + [header.map(textCell), ...rows, sumRow].map((cells) => cells.join(SEPARATOR)).join(EOL) + EOL;
}

/** The download's file name: `racuni-2026-03.csv`. */
export function exportFileName(month: string): string {
  return `racuni-${month}.csv`;
}
