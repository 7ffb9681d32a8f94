import { describe, expect, it } from '@jest/globals';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { buildInvoiceBook } from './invoice-book.js';

function doc(sequence: number, over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const premise = over.premise ?? 'ZZ1';
  const device = over.device ?? '1';
  return sampleInvoiceDocument({ sequence, number: `${sequence}/${premise}/${device}`, jir: sequence % 2 ? 'jir' : null, ...over });
}

describe('the book of invoices', () => {
  it('lists a gapless sequence in number order with no gaps', () => {
    const book = buildInvoiceBook(2026, [doc(3), doc(1), doc(2)]);
    expect(book.year).toBe(2026);
    expect(book.sequences).toHaveLength(1);
    const s = book.sequences[0]!;
    expect(s).toMatchObject({ premise: 'ZZ1', device: null, sequence_mark: 'P', count: 3, gaps: 0 });
    expect(s.entries.map((e) => (e.type === 'invoice' ? e.sequence : 'gap'))).toEqual([1, 2, 3]);
    expect(s.total).toBe(3 * sampleInvoiceDocument().total);
  });

  it('lists missing numbers where they belong, a missing first number included', () => {
    const s = buildInvoiceBook(2026, [doc(2), doc(3), doc(7), doc(9)]).sequences[0]!;
    expect(s.entries.map((e) => (e.type === 'gap' ? `gap ${e.from}-${e.to}` : e.sequence))).toEqual([
      'gap 1-1',
      2,
      3,
      'gap 4-6',
      7,
      'gap 8-8',
      9,
    ]);
    expect(s.gaps).toBe(5);
    expect(s.count).toBe(4);
  });

  it('keeps one sequence per premise, or per premise and device when numbered per device (N)', () => {
    const book = buildInvoiceBook(2026, [
      doc(1, { premise: 'ZZ2' }),
      doc(1),
      doc(2),
      doc(1, { premise: 'ZZ1', device: '2', sequenceMark: 'N' }),
      doc(3, { premise: 'ZZ1', device: '2', sequenceMark: 'N' }),
    ]);
    const summary = book.sequences.map((s) => [s.sequence_mark, s.premise, s.device, s.count, s.gaps]);
    expect(summary).toEqual([
      ['N', 'ZZ1', '2', 2, 1],
      ['P', 'ZZ1', null, 2, 0],
      ['P', 'ZZ2', null, 1, 0],
    ]);
  });

  it('shows stornos with their negative totals and the JIR or its absence', () => {
    const s = buildInvoiceBook(2026, [doc(1), sampleInvoiceDocument({ storno: true, sequence: 2, number: '2/ZZ1/1', jir: null })])
      .sequences[0]!;
    const [a, b] = s.entries;
    expect(a).toMatchObject({ type: 'invoice', kind: 'invoice', jir: 'jir' });
    expect(b).toMatchObject({ type: 'invoice', kind: 'storno', jir: null, total: -sampleInvoiceDocument().total });
    expect(s.total).toBe(0);
  });

  it('an empty year has no sequences', () => {
    expect(buildInvoiceBook(2030, [])).toEqual({ year: 2030, sequences: [] });
  });
});
