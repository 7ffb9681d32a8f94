import type { InvoiceBook, InvoiceBookEntry, InvoiceBookSequence } from '../../../../contract/api/admin-invoices.js';
import type { InvoiceDocument } from '../invoice-document.js';

/**
 * The book of invoices (knjiga računa) of a year: every number of every numbering sequence in
 * order, with its date, total and JIR (docs/invoicing/operators.md 'The book of invoices'). Numbers
 * run from 1 each year per premise (OznSlijed P) or per device (N) without a gap (law art. 9, the
 * internal act): a missing number is listed where it belongs as a gap, so the book shows by itself
 * whether the sequence is whole. Numbers beyond the last one issued cannot be seen and are not gaps.
 */
export function buildInvoiceBook(year: number, docs: readonly InvoiceDocument[]): InvoiceBook {
  const byScope = new Map<string, InvoiceDocument[]>();
  for (const d of docs) {
    const key = d.sequenceMark === 'N' ? `N ${d.premise}/${d.device}` : `P ${d.premise}`;
    const list = byScope.get(key) ?? [];
    list.push(d);
    byScope.set(key, list);
  }
  const sequences: InvoiceBookSequence[] = [...byScope.keys()].sort().map((key) => {
    const list = [...byScope.get(key)!].sort((a, b) => a.sequence - b.sequence);
    const first = list[0]!;
    const entries: InvoiceBookEntry[] = [];
    let expected = 1;
    let gaps = 0;
    for (const d of list) {
      if (d.sequence > expected) {
        entries.push({ type: 'gap', from: expected, to: d.sequence - 1 });
        gaps += d.sequence - expected;
      }
      entries.push({
        type: 'invoice',
        sequence: d.sequence,
        number: d.number,
        kind: d.kind,
        issued_at: d.issuedAt.toISOString(),
        total: d.total,
        jir: d.jir,
      });
      expected = Math.max(expected, d.sequence + 1);
    }
    return {
      premise: first.premise,
      device: first.sequenceMark === 'N' ? first.device : null,
      sequence_mark: first.sequenceMark,
      entries,
      count: list.length,
      gaps,
      total: list.reduce((sum, d) => sum + d.total, 0),
    };
  });
  return { year, sequences };
}
