import { readFileSync } from 'node:fs';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { decodeQrModules } from '../../../../test/support/qr-decode.js';
import { fiscalQrUrl, qrMatrix, qrRuns, qrSvg, type QrMatrix } from './fiscal-qr.js';
import { formatInvoiceDateTime, qrDateTime, zagrebWallTime } from './zagreb-time.js';

const decode = (matrix: QrMatrix): string | null => decodeQrModules(matrix.size, matrix.dark);

describe('fiscal QR code (spec 2.7)', () => {
  it('expects the very links the specification prints (test/fixtures/fiscal-qr, its line breaks removed)', () => {
    const spec = readFileSync(new URL('../../../../test/fixtures/fiscal-qr/spec-v2.6-section-2.7.txt', import.meta.url), 'utf8').replace(
      /\s+/g,
      '',
    );
    for (const link of [
      'https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20200921_0630&izn=152599',
      'https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20210110_1400&izn=-10550',
      'https://porezna.gov.hr/rn?zki=12345678123412341234123456789012&datv=20210205_0801&izn=510',
      'https://porezna.gov.hr/rn?zki=12345678123412341234123456789010&datv=20210101_1900&izn=4700',
    ])
      expect([link, spec.includes(link)]).toEqual([link, true]);
  });

  // The specification's own examples (section 2.7), at the wall-clock times they name in Zagreb.
  it('writes the spec’s JIR examples: total in cents, a minus for a storno', () => {
    const jir = '12345678-1234-1234-1234-123456789012';
    // 21.09.2020 06:30 summer time (UTC+2)
    expect(fiscalQrUrl({ jir, zki: 'x', issuedAt: new Date('2020-09-21T04:30:00Z'), total: 152599 })).toBe(
      'https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20200921_0630&izn=152599',
    );
    // 10.01.2021 14:00 winter time (UTC+1), -105,50
    expect(fiscalQrUrl({ jir, zki: 'x', issuedAt: new Date('2021-01-10T13:00:00Z'), total: -10550 })).toBe(
      'https://porezna.gov.hr/rn?jir=12345678-1234-1234-1234-123456789012&datv=20210110_1400&izn=-10550',
    );
  });

  it('writes the spec’s ZKI examples while there is no JIR, without leading zeros', () => {
    expect(
      fiscalQrUrl({ jir: null, zki: '12345678123412341234123456789012', issuedAt: new Date('2021-02-05T07:01:00Z'), total: 510 }),
    ).toBe('https://porezna.gov.hr/rn?zki=12345678123412341234123456789012&datv=20210205_0801&izn=510');
    expect(
      fiscalQrUrl({ jir: null, zki: '12345678123412341234123456789010', issuedAt: new Date('2021-01-01T18:00:00Z'), total: 4700 }),
    ).toBe('https://porezna.gov.hr/rn?zki=12345678123412341234123456789010&datv=20210101_1900&izn=4700');
    expect(
      fiscalQrUrl({ jir: null, zki: 'e4d909c290d0fb1ca068ffaddf22cbd0', issuedAt: new Date('2026-07-14T08:05:09Z'), total: 5 }),
    ).toMatch(/&izn=5$/);
    expect(
      fiscalQrUrl({ jir: null, zki: 'e4d909c290d0fb1ca068ffaddf22cbd0', issuedAt: new Date('2026-07-14T08:05:09Z'), total: 0 }),
    ).toMatch(/&izn=0$/);
  });

  it('takes the invoice’s own values: JIR first, Zagreb wall time, seconds dropped', () => {
    const doc = sampleInvoiceDocument(); // issued 2026-07-14 08:05:09 UTC = 10:05:09 in Zagreb, total 2215
    expect(fiscalQrUrl(doc)).toBe(`https://porezna.gov.hr/rn?jir=${doc.jir}&datv=20260714_1005&izn=2215`);
    expect(fiscalQrUrl({ ...doc, jir: null })).toBe(`https://porezna.gov.hr/rn?zki=${doc.zki}&datv=20260714_1005&izn=2215`);
    const storno = sampleInvoiceDocument({ storno: true }); // a day later, total negative
    expect(fiscalQrUrl(storno)).toBe(`https://porezna.gov.hr/rn?jir=${storno.jir}&datv=20260715_1005&izn=-2215`);
  });

  it('writes the Croatian calendar day and hour across midnight and the clock changes, whatever the server’s zone', () => {
    expect(qrDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('20270101_0030'); // CET: already New Year
    expect(qrDateTime(new Date('2026-06-30T22:59:59Z'))).toBe('20260701_0059'); // CEST
    expect(qrDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('20260329_0159'); // before the switch to summer time
    expect(qrDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('20260329_0300'); // after it
    expect(qrDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('20261025_0230'); // the first 02:30 (CEST)
    expect(qrDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('20261025_0230'); // the second (CET)
    expect(zagrebWallTime(new Date('2026-01-01T00:00:00Z'))).toEqual({ year: 2026, month: 1, day: 1, hour: 1, minute: 0, second: 0 });
    expect(formatInvoiceDateTime(new Date('2026-07-04T22:05:09Z'))).toBe('05.07.2026. 00:05:09');
    expect(() => qrDateTime(new Date('nope'))).toThrow(RangeError);
  });

  it('refuses what would make a wrong code: a malformed JIR or ZKI, a fraction of a cent, more than 10 characters', () => {
    const base = { zki: 'e4d909c290d0fb1ca068ffaddf22cbd0', issuedAt: new Date('2026-07-14T08:05:09Z'), total: 100 };
    expect(() => fiscalQrUrl({ ...base, jir: 'not-a-uuid' })).toThrow(RangeError);
    expect(() => fiscalQrUrl({ ...base, jir: 'a5b1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d&izn=1' })).toThrow(RangeError);
    expect(() => fiscalQrUrl({ ...base, jir: null, zki: 'E4D909C290D0FB1CA068FFADDF22CBD0' })).toThrow(RangeError);
    expect(() => fiscalQrUrl({ ...base, jir: null, zki: 'e4d909c2' })).toThrow(RangeError);
    expect(() => fiscalQrUrl({ ...base, jir: null, total: 1.5 })).toThrow(RangeError);
    expect(fiscalQrUrl({ ...base, jir: null, total: 9_999_999_999 })).toMatch(/&izn=9999999999$/);
    expect(() => fiscalQrUrl({ ...base, jir: null, total: 10_000_000_000 })).toThrow(RangeError);
    expect(fiscalQrUrl({ ...base, jir: null, total: -999_999_999 })).toMatch(/&izn=-999999999$/);
    expect(() => fiscalQrUrl({ ...base, jir: null, total: -1_000_000_000 })).toThrow(RangeError);
  });
});

describe('QR symbol', () => {
  it('is the smallest version that holds the link at level M, and decodes back to it', () => {
    const doc = sampleInvoiceDocument();
    const url = fiscalQrUrl(doc);
    const matrix = qrMatrix(url);
    expect(url.length).toBe(94);
    expect(matrix.size).toBe(41); // version 6: 94 bytes need more than version 5-M's 84
    expect(decode(matrix)).toBe(url);
    const zkiUrl = fiscalQrUrl({ ...doc, jir: null });
    expect(decode(qrMatrix(zkiUrl))).toBe(zkiUrl);
  });

  it('runs cover exactly the dark modules', () => {
    const matrix = qrMatrix('https://porezna.gov.hr/rn?zki=e4d909c290d0fb1ca068ffaddf22cbd0&datv=20260714_1005&izn=-2215');
    const dark = new Set<string>();
    for (const r of qrRuns(matrix)) for (let x = r.x; x < r.x + r.length; x++) dark.add(`${x},${r.y}`);
    let count = 0;
    for (let y = 0; y < matrix.size; y++) for (let x = 0; x < matrix.size; x++) if (matrix.dark(x, y)) count++;
    expect(dark.size).toBe(count);
    for (const key of dark) {
      const [x, y] = key.split(',').map(Number);
      expect(matrix.dark(x!, y!)).toBe(true);
    }
  });

  it('as SVG: the same modules, decodable, its title escaped', () => {
    const url = fiscalQrUrl(sampleInvoiceDocument());
    const svg = qrSvg(url, 120, 'Scan <me> & "check"');
    expect(svg).toContain('<title>Scan &lt;me&gt; &amp; &quot;check&quot;</title>');
    expect(svg).toContain('width="120"');
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
    const dark = new Set<string>();
    for (const m of /<path d="([^"]+)"/.exec(svg)![1]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
      for (let i = 0; i < Number(m[3]); i++) dark.add(`${Number(m[1]) + i - 4},${Number(m[2]) - 4}`);
    const fromSvg: QrMatrix = { size: side - 8, dark: (x, y) => dark.has(`${x},${y}`) };
    expect(decode(fromSvg)).toBe(url);
  });
});
