import { describe, expect, it } from '@jest/globals';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { amountCell, buildInvoiceCsv, rateLabel, textCell } from './invoice-export.js';
import { monthRange, yearRange, zagrebDateTime, zagrebMonth } from './zagreb-time.js';

/** Splits the export as a spreadsheet reads it: `;` between cells, `"` quoting, CRLF between rows. */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe("the accountant's CSV export", () => {
  const invoice = sampleInvoiceDocument();
  const storno = sampleInvoiceDocument({ storno: true });

  it('is UTF-8 with a byte order mark, ; separated, CRLF, with a header, one row per document and a sum row', () => {
    const csv = buildInvoiceCsv([invoice, storno]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parse(csv.slice(1));
    expect(rows).toHaveLength(4);
    const widths = new Set(rows.map((r) => r.length));
    expect(widths.size).toBe(1);
    expect(rows[0]!.slice(0, 7)).toEqual([
      'Broj računa',
      'Datum i vrijeme izdavanja',
      'Vrsta',
      'Broj izvornog računa',
      'Broj narudžbe',
      'Kupac',
      'OIB / PDV ID kupca',
    ]);
    expect(rows[3]![0]).toBe('UKUPNO');
  });

  it('has a base and a VAT column for every rate present, ascending, and the storno negative', () => {
    const rows = parse(buildInvoiceCsv([invoice, storno]).slice(1));
    const h = rows[0]!;
    expect(h.slice(7, 11)).toEqual(['Osnovica 5 %', 'PDV 5 %', 'Osnovica 25 %', 'PDV 25 %']);
    const col = (name: string) => h.indexOf(name);
    const [, inv, sto, sum] = rows;
    expect(inv![col('Osnovica 5 %')]).toBe('6,69');
    expect(inv![col('PDV 5 %')]).toBe('0,33');
    expect(inv![col('Osnovica 25 %')]).toBe('12,10');
    expect(inv![col('PDV 25 %')]).toBe('3,03');
    expect(inv![col('Ukupno')]).toBe('22,15');
    expect(inv![col('Način plaćanja')]).toBe('Kartica');
    expect(inv![col('Način plaćanja (CIS)')]).toBe('K');
    expect(inv![col('JIR')]).toBe(invoice.jir);
    expect(inv![col('ZKI')]).toBe(invoice.zki);
    expect(inv![col('Datum i vrijeme izdavanja')]).toBe('14.07.2026 10:05:09'); // 08:05:09Z in summer time
    expect(sto![col('Vrsta')]).toBe('Storno');
    expect(sto![col('Broj izvornog računa')]).toBe('17/ZZ1/1');
    expect(sto![col('Osnovica 25 %')]).toBe('-12,10');
    expect(sto![col('Ukupno')]).toBe('-22,15');
    expect(sum![col('Ukupno')]).toBe('0,00');
    expect(sum![col('PDV 25 %')]).toBe('0,00');
  });

  it('adds a column only for rates that occur: a month with a 13 % invoice gets its pair, left empty for the others', () => {
    const other = sampleInvoiceDocument({
      number: '18/ZZ1/1',
      sequence: 18,
      vatByRate: [{ rate: 13, base: 1000, vat: 130 }],
      vatBase: 1000,
      vatTotal: 130,
      total: 1130,
    });
    const rows = parse(buildInvoiceCsv([invoice, other]).slice(1));
    const h = rows[0]!;
    expect(h.filter((c) => c.startsWith('Osnovica ') && c.endsWith('%'))).toEqual(['Osnovica 5 %', 'Osnovica 13 %', 'Osnovica 25 %']);
    expect(rows[1]![h.indexOf('Osnovica 13 %')]).toBe('');
    expect(rows[2]![h.indexOf('Osnovica 13 %')]).toBe('10,00');
    expect(rows[2]![h.indexOf('Osnovica 25 %')]).toBe('');
    expect(rows[3]![h.indexOf('Ukupno')]).toBe('33,45');
  });

  it('neutralizes cells that would start a formula (= + - @ tab CR) and quotes separators, quotes and line breaks', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      const doc = sampleInvoiceDocument({ buyer: { ...invoice.buyer, name: evil } });
      const rows = parse(buildInvoiceCsv([doc]).slice(1));
      const name = rows[1]![5]!;
      expect(name.startsWith("'")).toBe(true);
      expect(name.slice(1)).toBe(evil);
    }
    const rows = parse(
      buildInvoiceCsv([sampleInvoiceDocument({ buyer: { ...invoice.buyer, name: 'A; "B"\r\nC', taxId: '=1' } })]).slice(1),
    );
    expect(rows[1]![5]).toBe('A; "B"\r\nC');
    expect(rows[1]![6]).toBe("'=1");
    expect(rows).toHaveLength(3);
  });

  it('formats cells and labels', () => {
    expect(textCell('Obrt; d.o.o.')).toBe('"Obrt; d.o.o."');
    expect(textCell(null)).toBe('');
    expect(amountCell(5)).toBe('0,05');
    expect(amountCell(-123456)).toBe('-1234,56');
    expect(amountCell(0)).toBe('0,00');
    expect(rateLabel(5.5)).toBe('5,5 %');
  });

  it('an empty month is a header and a zero sum row', () => {
    const rows = parse(buildInvoiceCsv([]).slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('0,00');
  });
});

describe('Zagreb calendar', () => {
  it('months and years start at midnight in Zagreb, in winter and in summer time', () => {
    expect(monthRange('2026-01')).toEqual({ from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-01-31T23:00:00Z') });
    expect(monthRange('2026-07')).toEqual({ from: new Date('2026-06-30T22:00:00Z'), to: new Date('2026-07-31T22:00:00Z') });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T23:00:00Z'));
    expect(monthRange('2026-03').to).toEqual(new Date('2026-03-31T22:00:00Z'));
    expect(yearRange(2026)).toEqual({ from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-12-31T23:00:00Z') });
  });

  it('writes times as the invoice does', () => {
    expect(zagrebDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027 00:30:00');
    expect(zagrebMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01');
  });
});
