import QRCode from 'qrcode';
import { escapeMarkup } from '../../../../contract/markup.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { qrDateTime } from './zagreb-time.js';

/**
 * The fiscal QR code of an invoice (technical specification v2.6, section 2.7): the link to the Tax
 * Administration's check page with the invoice's JIR (36 characters) or, while it has none, its ZKI
 * (32 characters), the issue time as `GGGGMMDD_HHMM` in Croatian wall time, and the total in euro
 * cents without leading zeros or separators, `-` before a negative total (a storno), at most 10
 * characters with the sign. The spec's own examples: `...?jir=...&datv=20200921_0630&izn=152599`,
 * `izn=-10550`, `...?zki=...&datv=20210205_0801&izn=510`.
 */
export const FISCAL_QR_BASE = 'https://porezna.gov.hr/rn';

const JIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZKI = /^[0-9a-f]{32}$/;

export function fiscalQrUrl(doc: Pick<InvoiceDocument, 'jir' | 'zki' | 'issuedAt' | 'total'>): string {
  const amount = qrAmount(doc.total);
  const datv = qrDateTime(doc.issuedAt);
  if (doc.jir !== null) {
    if (!JIR.test(doc.jir)) throw new RangeError(`fiscalQrUrl: the JIR is not a UUID (${doc.jir})`);
    return `${FISCAL_QR_BASE}?jir=${doc.jir}&datv=${datv}&izn=${amount}`;
  }
  if (!ZKI.test(doc.zki)) throw new RangeError(`fiscalQrUrl: the ZKI is not 32 lowercase hex digits (${doc.zki})`);
  return `${FISCAL_QR_BASE}?zki=${doc.zki}&datv=${datv}&izn=${amount}`;
}

/** Cents as the QR writes them: 152599, -10550, 0. */
function qrAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`fiscalQrUrl: the total is not whole cents (${cents})`);
  const text = String(cents);
  if (text.length > 10) throw new RangeError(`fiscalQrUrl: the total ${text} is longer than the 10 characters the QR allows`);
  return text;
}

/**
 * The QR symbol of `text` as a square of modules (true: dark), the smallest version that holds it at
 * error correction level M (the spec asks for at least L), model 2, by the `qrcode` package. The PDF
 * draws it as vector rectangles and the HTML view as an SVG path, both from this one matrix.
 */
export interface QrMatrix {
  size: number;
  dark(x: number, y: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** The dark modules row by row as horizontal runs (fewer shapes, no seams between neighbours). */
export function qrRuns(matrix: QrMatrix): Array<{ x: number; y: number; length: number }> {
  const runs: Array<{ x: number; y: number; length: number }> = [];
  for (let y = 0; y < matrix.size; y++) {
    let x = 0;
    while (x < matrix.size) {
      if (!matrix.dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < matrix.size && matrix.dark(x, y)) x++;
      runs.push({ x: start, y, length: x - start });
    }
  }
  return runs;
}

/** The symbol as an SVG element (quiet zone of 4 modules included), `px` CSS pixels wide, for the HTML view; `title` (plain text) is escaped here. */
export function qrSvg(text: string, px: number, title: string): string {
  const matrix = qrMatrix(text);
  const quiet = 4;
  const side = matrix.size + 2 * quiet;
  const d = qrRuns(matrix)
    .map((r) => `M${r.x + quiet} ${r.y + quiet}h${r.length}v1h-${r.length}z`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${px}" height="${px}" role="img" shape-rendering="crispEdges"><title>${escapeMarkup(title)}</title><rect width="${side}" height="${side}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
