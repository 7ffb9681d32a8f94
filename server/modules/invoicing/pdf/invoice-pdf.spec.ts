import { company } from '../../../../contract/brand/company.js';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { isCompletePdf, pdfFilledRects, pdfText } from '../../../../test/support/pdf-text.js';
import { decodeQrModules } from '../../../../test/support/qr-decode.js';
import type { InvoiceDocument, InvoiceLine } from '../invoice-document.js';
import { fiscalQrUrl } from './fiscal-qr.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The PDF's text with line breaks as spaces. */
const flat = (pdf: Buffer) => pdfText(pdf).text.replace(/\s+/g, ' ');

const CM = 72 / 2.54;

/**
 * The QR symbol as drawn: the one black paint of many rectangles. Answers its bounding box, the
 * white square under it, and the text jsQR reads from the rectangles put back on a module grid.
 */
function drawnQr(pdf: Buffer) {
  const paints = pdfFilledRects(pdf);
  const qr = paints.filter((p) => p.color === '0 0 0' && p.rects.length > 50);
  expect(qr).toHaveLength(1);
  const { rects, page } = qr[0]!;
  const module = Math.min(...rects.map((r) => r.h));
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  const size = Math.round((x1 - x0) / module);
  const dark = new Set<string>();
  for (const r of rects) {
    expect(r.h).toBeCloseTo(module, 3);
    const gx = Math.round((r.x - x0) / module);
    const gy = Math.round((r.y - y0) / module);
    for (let i = 0; i < Math.round(r.w / module); i++) dark.add(`${gx + i},${gy}`);
  }
  const white = paints.filter((p) => p.page === page && p.color === '1 1 1').flatMap((p) => p.rects);
  const under = white.find((w) => w.x <= x0 && w.y <= y0 && w.x + w.w >= x1 && w.y + w.h >= y1);
  return {
    page,
    width: x1 - x0,
    height: y1 - y0,
    quiet: under ? Math.min(x0 - under.x, y0 - under.y, under.x + under.w - x1, under.y + under.h - y1) : 0,
    text: decodeQrModules(size, (x, y) => dark.has(`${x},${y}`)),
  };
}

describe('invoice PDF', () => {
  it('prints everything a Croatian invoice must, in Croatian, the brand fonts drawing every letter', async () => {
    const doc = sampleInvoiceDocument();
    const pdf = await renderInvoicePdf(doc);
    expect(isCompletePdf(pdf)).toBe(true);
    const read = pdfText(pdf);
    expect(read.pages).toHaveLength(1);
    expect(read.notdefGlyphs).toBe(0);
    expect(read.fonts.some((f) => /Figtree/i.test(f))).toBe(true);
    const text = flat(pdf);
    for (const expected of [
      'RAČUN',
      '17/ZZ1/1',
      // seller (company law: name, seat, court, MBS, OIB, capital, bank and IBAN)
      company.legalName,
      'Ulica žitnih polja 12',
      `OIB: ${company.oib}`,
      `PDV ID: ${company.vatId}`,
      'IBAN: HR58 2993 0051 1004 8271 6',
      'Slavonska štedna banka d.d.',
      'Trgovački sud u Osijeku, MBS 030098765',
      'Temeljni kapital 2.654,46 EUR, uplaćen u cijelosti',
      // buyer
      'Ana Horvat',
      'Ilica 1',
      '10000 Zagreb',
      // details: time to the second in Zagreb, place, operator, order, payment
      'Datum i vrijeme izdavanja',
      '14.07.2026. 10:05:09',
      'Mjesto izdavanja',
      'Oznaka operatera',
      'web',
      'ZZ-2026-000123',
      'Kartica',
      // lines
      'ZZ-TAG-500',
      'Tagliatelle s jajima 500 g',
      'Istarski fuži 400 g',
      'Heljdino brašno 1 kg',
      'kom',
      '3,49',
      '6,98',
      '25 %',
      '5 %',
      // totals and VAT per rate
      'Ukupno stavke',
      '19,07',
      'Popust',
      '-1,91',
      'Dostava (PDV 25 %)',
      '4,99',
      'Rekapitulacija PDV-a',
      '6,69',
      '0,33',
      '12,10',
      '3,03',
      '18,79',
      '3,36',
      'Ukupno za platiti',
      '22,15 EUR',
      // fiscal
      'ZKI',
      doc.zki,
      'JIR',
      doc.jir!,
      'Stranica 1 od 1',
    ])
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    expect(text).not.toMatch(/Invoice|Rechnung|Page 1/);
    expect(text).not.toContain('još nije dodijeljen');
  });

  it('puts the buyer’s language beside the Croatian when it is not Croatian', async () => {
    const text = flat(await renderInvoicePdf(sampleInvoiceDocument({ locale: 'en' })));
    for (const expected of [
      'RAČUN / INVOICE',
      'PRODAVATELJ / SELLER',
      'KUPAC / BUYER',
      'Broj računa',
      'Invoice number',
      'Date and time of issue',
      'Hrvatska / Croatia',
      'Ukupno za platiti',
      'Total to pay',
      'Rekapitulacija PDV-a',
      'VAT summary',
      'Stranica 1 od 1 / Page 1 of 1',
    ])
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    const de = flat(await renderInvoicePdf(sampleInvoiceDocument({ locale: 'de' })));
    expect(de).toContain('RAČUN / RECHNUNG');
    expect(de).toContain('Zu zahlen');
    expect(de).toContain('Seite 1 von 1');
  });

  it('draws the QR code of spec 2.7: at least 2 x 2 cm, a white quiet zone of at least 2 mm, reading back the invoice’s link', async () => {
    const doc = sampleInvoiceDocument();
    const qr = drawnQr(await renderInvoicePdf(doc));
    expect(qr.width).toBeGreaterThanOrEqual(2 * CM); // 56.7 pt
    expect(qr.height).toBeCloseTo(qr.width, 3);
    expect(qr.quiet).toBeGreaterThanOrEqual(0.2 * CM);
    expect(qr.text).toBe(fiscalQrUrl(doc));
    expect(qr.text).toBe(`https://porezna.gov.hr/rn?jir=${doc.jir}&datv=20260714_1005&izn=2215`);
  });

  it('without a JIR: says it is pending and why, and the QR carries the ZKI', async () => {
    const doc = sampleInvoiceDocument({ jir: null, locale: 'sl' });
    const pdf = await renderInvoicePdf(doc);
    const text = flat(pdf);
    expect(text).toContain('još nije dodijeljen / še ni dodeljen');
    expect(text).toContain('Račun je izdan bez JIR-a');
    expect(text).toContain('čl. 21. Zakona o fiskalizaciji');
    expect(text).toContain('21. člen');
    expect(text).toContain(doc.zki);
    expect(drawnQr(pdf).text).toBe(`https://porezna.gov.hr/rn?zki=${doc.zki}&datv=20260714_1005&izn=2215`);
  });

  it('a storno: its title, the invoice it cancels with its number and date, negative amounts and a negative QR amount', async () => {
    const doc = sampleInvoiceDocument({ storno: true });
    const pdf = await renderInvoicePdf(doc);
    const text = flat(pdf);
    expect(text).toContain('STORNO RAČUN');
    expect(text).toContain('18/ZZ1/1');
    expect(text).toContain('Stornira račun br. 17/ZZ1/1 od 14.07.2026. 10:05:09');
    expect(text).toContain('15.07.2026. 10:05:09');
    expect(text).toContain('Ukupno storno');
    expect(text).toContain('-22,15 EUR');
    expect(text).toContain('-6,98');
    expect(drawnQr(pdf).text).toBe(`https://porezna.gov.hr/rn?jir=${doc.jir}&datv=20260715_1005&izn=-2215`);
  });

  it('a business buyer: company, tax number (OIB or VAT number) and address', async () => {
    const buyer = {
      kind: 'business' as const,
      name: 'Đurđevac Trgovina d.o.o.',
      street: 'Čakovečka 3',
      postalCode: '48350',
      city: 'Đurđevac',
      countryCode: 'HR',
      taxId: '69435151530',
      email: 'r1@example.com',
    };
    const text = flat(await renderInvoicePdf(sampleInvoiceDocument({ buyer })));
    expect(text).toContain('Đurđevac Trgovina d.o.o.');
    expect(text).toContain('OIB: 69435151530');
    expect(text).toContain('48350 Đurđevac');
    const eu = flat(
      await renderInvoicePdf(
        sampleInvoiceDocument({
          locale: 'de',
          buyer: { ...buyer, name: 'Müller GmbH', countryCode: 'DE', taxId: 'DE123456789', city: 'München' },
        }),
      ),
    );
    expect(eu).toContain('PDV ID / USt-IdNr.: DE123456789');
    expect(eu).toContain('Njemačka / Deutschland');
  });

  it('numbers every page of a long invoice and repeats the table head, every line printed once', async () => {
    const lines: InvoiceLine[] = Array.from({ length: 60 }, (_, i) => ({
      code: `ZZ-L${String(i).padStart(3, '0')}`,
      name: `Špageti čćžšđ br. ${i} iz Slavonije, od durum pšenice, u pakiranju od 500 g`,
      kpdCode: '10.73.11',
      quantity: 1,
      unitCode: 'H87',
      unitPrice: 100,
      vatRate: 25,
      lineTotal: 100,
    }));
    const pdf = await renderInvoicePdf(sampleInvoiceDocument({ lines }));
    const read = pdfText(pdf);
    const n = read.pages.length;
    expect(n).toBeGreaterThanOrEqual(3);
    read.pages.forEach((page, i) => {
      const text = page.replace(/\s+/g, ' ');
      expect(text).toContain(`17/ZZ1/1 · Stranica ${i + 1} od ${n}`);
      expect(text).toContain(company.legalName);
    });
    // the table head on every page that has lines, the fiscal block after the last line
    const withLines = read.pages.filter((p) => p.includes('ZZ-L'));
    for (const p of withLines) expect(p).toContain('Šifra');
    const all = flat(pdf);
    for (const l of lines) expect(all.split(l.code)).toHaveLength(2);
    expect(all.indexOf('ZZ-L059')).toBeLessThan(all.indexOf('Ukupno za platiti'));
    expect(read.notdefGlyphs).toBe(0);
    expect(drawnQr(pdf).page).toBe(n - 1);
  });

  it('gives the same bytes for the same invoice (cacheable, hashable) and other bytes for another', async () => {
    const a = await renderInvoicePdf(sampleInvoiceDocument());
    const b = await renderInvoicePdf(sampleInvoiceDocument());
    expect(b.equals(a)).toBe(true);
    const c = await renderInvoicePdf(sampleInvoiceDocument({ jir: null }));
    expect(c.equals(a)).toBe(false);
    expect(a.toString('latin1')).toContain('(D:20260714080509Z)'); // created = issued, not the clock
  });

  it('refuses a document it cannot print truthfully (a malformed JIR would give a wrong QR code)', async () => {
    const bad: InvoiceDocument = sampleInvoiceDocument({ jir: 'not-a-jir' });
    await expect(renderInvoicePdf(bad)).rejects.toThrow(RangeError);
  });
});
