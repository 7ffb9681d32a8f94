import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { sampleInvoiceDocument } from '../../../test/support/invoice-document.js';
import { demoProducts } from './catalog-demo.data.js';
import { DEFAULT_KPD_CODE, parseKpdCode } from './kpd-code.js';

// The KPD 2025 list (test/fixtures/einvoice/kpd2025-codes.tsv, extracted from the official KPD2025.xls).
const KPD = new Map(
  readFileSync(new URL('../../../test/fixtures/einvoice/kpd2025-codes.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t') as [string, string]),
);

describe('KPD 2025 codes', () => {
  it('defaults to the class of pasta in the official list', () => {
    expect(KPD.size).toBeGreaterThan(3000);
    expect(KPD.get(DEFAULT_KPD_CODE)).toBe('Makaroni, rezanci, kuskus i slična tjestenina');
  });

  it('gives every demo product (all of them pasta) a code from the list', () => {
    const codes = demoProducts(new Date()).map((p) => p.product.kpdCode ?? DEFAULT_KPD_CODE);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => !KPD.has(c))).toEqual([]);
    expect(new Set(codes)).toEqual(new Set([DEFAULT_KPD_CODE]));
  });

  it('uses listed codes in the sample invoice (pasta and buckwheat flour)', () => {
    expect(sampleInvoiceDocument().lines.map((l) => [l.kpdCode, KPD.get(l.kpdCode)])).toEqual([
      ['10.73.11', 'Makaroni, rezanci, kuskus i slična tjestenina'],
      ['10.73.11', 'Makaroni, rezanci, kuskus i slična tjestenina'],
      ['10.61.22', 'Brašno od ostalih žitarica'],
    ]);
  });

  it('accepts six digits in three pairs and nothing else', () => {
    expect(parseKpdCode('10.61.22')).toBe('10.61.22');
    for (const bad of ['', '10.73.1', '10.73.111', '1O.73.11', '10-73-11', ' 10.73.11', '10.73.11\n', 'C10.73.11'])
      expect(() => parseKpdCode(bad)).toThrow(/KPD/);
  });
});
