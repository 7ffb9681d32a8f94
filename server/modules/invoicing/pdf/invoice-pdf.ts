import { A4, BRAND, newDocument, textHeight, textWidth, writeText, type Doc, type FaceName } from '../../../platform/pdf/index.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { qrMatrix, qrRuns, type QrMatrix } from './fiscal-qr.js';
import { invoiceView, joined, type Bilingual, type ColumnKey, type InvoiceView } from './invoice-view.js';

/**
 * The invoice as an A4 PDF, drawn with the shop's PDF kit (server/platform/pdf: pdfkit, the brand
 * fonts, so č ć đ š ž print): header with the title and number, seller and buyer, the invoice's
 * details, the lines (across pages, the table's head repeated), the totals and the VAT per rate, the
 * fiscal block (ZKI, JIR, the QR code of spec 2.7), notes, and on every page the seller's company-law
 * data and the page number. Deterministic: the creation date is the issue time, so one document
 * always gives the same bytes (cacheable, hashable). What it prints: `invoiceView`.
 */

const M = { left: 42, right: 42, top: 40, bottom: 62 } as const;
const W = A4.width - M.left - M.right;
const BOTTOM = A4.height - M.bottom;
const CM = 72 / 2.54;
/** The QR symbol's side, quiet zone not counted: 2.4 cm (spec 2.7: at least 2 x 2 cm). */
const QR_SYMBOL_PT = 2.4 * CM;
/** Its quiet zone: 4 modules, and never less than the spec's 2 mm on every side. */
function qrQuietZone(modules: number): number {
  return Math.max((4 * QR_SYMBOL_PT) / modules, 0.2 * CM);
}

/** Column widths of the lines table (sum = W). */
const COLUMN_WIDTHS: Record<ColumnKey, number> = {
  code: 74,
  name: W - 74 - 30 - 46 - 56 - 56 - 32 - 62,
  quantity: 30,
  unit: 46,
  netPrice: 56,
  price: 56,
  vatRate: 32,
  amount: 62,
};
const CELL_PAD = 4;

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const view = invoiceView(doc);
  const { doc: pdf, bytes } = newDocument({
    title: view.documentTitle,
    author: doc.seller.legalName,
    subject: `${view.documentTitle} · ${doc.orderNumber}`,
    lang: 'hr',
    createdAt: doc.issuedAt,
  });
  pdf.addPage();
  let y = header(pdf, view);
  y = parties(pdf, view, y + 14);
  y = details(pdf, view, y + 12);
  y = lines(pdf, view, y + 14);
  y = totals(pdf, view, y + 10);
  y = fiscal(pdf, view, y + 14);
  notes(pdf, view, y + 10);
  footers(pdf, view);
  pdf.end();
  return bytes;
}

/** Bilingual text as two lines (the second smaller and muted), answering the y below it. */
function writeBilingual(
  pdf: Doc,
  text: Bilingual,
  box: { x: number; y: number; width: number; align?: 'left' | 'right' },
  style: { face: FaceName; size: number; color: string },
): number {
  let y = writeText(pdf, style.face, style.size, text.hr, { ...box, color: style.color });
  if (text.other) y = writeText(pdf, 'text', Math.max(6.5, style.size - 1.5), text.other, { ...box, y, color: BRAND.muted });
  return y;
}

function bilingualHeight(pdf: Doc, text: Bilingual, width: number, style: { face: FaceName; size: number }): number {
  return (
    textHeight(pdf, style.face, style.size, text.hr, width) +
    (text.other ? textHeight(pdf, 'text', Math.max(6.5, style.size - 1.5), text.other, width) : 0)
  );
}

function rule(pdf: Doc, y: number, color: string = BRAND.line, width = 0.5, x0: number = M.left, x1: number = A4.width - M.right): void {
  pdf.moveTo(x0, y).lineTo(x1, y).lineWidth(width).strokeColor(color).stroke();
}

function header(pdf: Doc, view: InvoiceView): number {
  const brandY = writeText(pdf, 'heading', 20, view.seller.name, { x: M.left, y: M.top, width: W / 2, color: BRAND.ink });
  const title = view.title.other
    ? `${view.title.hr.toLocaleUpperCase('hr')} / ${view.title.other.toLocaleUpperCase(view.locale)}`
    : view.title.hr.toLocaleUpperCase('hr');
  let y = writeText(pdf, 'heading', 17, title, {
    x: M.left + W / 3,
    y: M.top,
    width: (2 * W) / 3,
    align: 'right',
    color: view.kind === 'storno' ? BRAND.red : BRAND.ink,
  });
  y = writeText(pdf, 'text-bold', 13, view.number, { x: M.left + W / 2, y: y + 1, width: W / 2, align: 'right', color: BRAND.ink });
  if (view.stornoOf) {
    y = writeBilingual(
      pdf,
      view.stornoOf,
      { x: M.left + W / 4, y: y + 2, width: (3 * W) / 4, align: 'right' },
      { face: 'text-bold', size: 9, color: BRAND.red },
    );
  }
  y = Math.max(y, brandY) + 6;
  rule(pdf, y, BRAND.gold, 1.2);
  return y;
}

function parties(pdf: Doc, view: InvoiceView, top: number): number {
  const colW = (W - 24) / 2;
  const block = (x: number, part: InvoiceView['seller']) => {
    let y =
      writeText(pdf, 'text-bold', 7.5, joined(part.heading).toLocaleUpperCase('hr'), { x, y: top, width: colW, color: BRAND.gold }) + 2;
    y = writeText(pdf, 'text-bold', 10.5, part.name, { x, y, width: colW, color: BRAND.ink }) + 1;
    for (const line of part.lines) y = writeText(pdf, 'text', 8.5, line, { x, y, width: colW, color: BRAND.ink, lineGap: 0.5 });
    return y;
  };
  return Math.max(block(M.left, view.seller), block(M.left + colW + 24, view.buyer));
}

function details(pdf: Doc, view: InvoiceView, top: number): number {
  const cols = 3;
  const cellW = W / cols;
  const rows = Math.ceil(view.details.length / cols);
  const labelStyle = { face: 'text' as const, size: 7.5 };
  const heights = Array.from({ length: rows }, (_, r) =>
    Math.max(
      ...view.details
        .slice(r * cols, r * cols + cols)
        .map((d) => bilingualHeight(pdf, d.label, cellW - 12, labelStyle) + textHeight(pdf, 'text-bold', 9.5, d.value, cellW - 12) + 2),
    ),
  );
  const boxH = heights.reduce((a, h) => a + h + 6, 0) + 6;
  pdf.rect(M.left, top, W, boxH).fill(BRAND.cream);
  let y = top + 6;
  for (let r = 0; r < rows; r++) {
    view.details.slice(r * cols, r * cols + cols).forEach((d, c) => {
      const x = M.left + c * cellW + 6;
      const ly = writeBilingual(pdf, d.label, { x, y, width: cellW - 12 }, { ...labelStyle, color: BRAND.muted });
      writeText(pdf, 'text-bold', 9.5, d.value, { x, y: ly + 1, width: cellW - 12, color: BRAND.ink });
    });
    y += heights[r]! + 6;
  }
  return top + boxH;
}

function tableHead(pdf: Doc, view: InvoiceView, top: number): number {
  const style = { face: 'text-bold' as const, size: 7.5 };
  const h = Math.max(...view.columns.map((c) => bilingualHeight(pdf, c.label, COLUMN_WIDTHS[c.key] - 2 * CELL_PAD, style))) + 8;
  pdf.rect(M.left, top, W, h).fill(BRAND.wheat);
  let x = M.left;
  for (const c of view.columns) {
    const w = COLUMN_WIDTHS[c.key];
    writeBilingual(pdf, c.label, { x: x + CELL_PAD, y: top + 4, width: w - 2 * CELL_PAD, align: c.align }, { ...style, color: BRAND.ink });
    x += w;
  }
  return top + h;
}

function rowHeight(pdf: Doc, view: InvoiceView, row: Record<ColumnKey, string>): number {
  return (
    Math.max(
      ...view.columns.map((c) =>
        textHeight(pdf, c.key === 'name' ? 'text-bold' : 'text', 8.5, cellText(row, c.key), COLUMN_WIDTHS[c.key] - 2 * CELL_PAD),
      ),
    ) + 8
  );
}

/** A cell's text; the unit's two languages one above the other (`kom` over `pc`), as the column is narrow. */
function cellText(row: Record<ColumnKey, string>, key: ColumnKey): string {
  return key === 'unit' ? row.unit.replace(' / ', '\n') : row[key];
}

function lines(pdf: Doc, view: InvoiceView, top: number): number {
  let y = tableHead(pdf, view, top);
  for (const row of view.rows) {
    const h = rowHeight(pdf, view, row);
    if (y + h > BOTTOM) {
      pdf.addPage();
      y = tableHead(pdf, view, M.top);
    }
    let x = M.left;
    for (const c of view.columns) {
      const w = COLUMN_WIDTHS[c.key];
      writeText(pdf, c.key === 'name' ? 'text-bold' : 'text', 8.5, cellText(row, c.key), {
        x: x + CELL_PAD,
        y: y + 4,
        width: w - 2 * CELL_PAD,
        align: c.align,
        color: BRAND.ink,
      });
      x += w;
    }
    y += h;
    rule(pdf, y);
  }
  return y;
}

/** Starts a new page when `height` does not fit below `y`; answers where to draw. */
function room(pdf: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  pdf.addPage();
  return M.top;
}

function totals(pdf: Doc, view: InvoiceView, top: number): number {
  const leftW = W * 0.48;
  const rightX = M.left + W * 0.52;
  const rightW = W * 0.48;
  const labelStyle = { face: 'text' as const, size: 8.5 };
  const headStyle = { face: 'text' as const, size: 7.5 };
  const headingStyle = { face: 'text-bold' as const, size: 8.5 };
  const colW = leftW / view.vatRecap.columns.length;
  const headingH = bilingualHeight(pdf, view.vatRecap.heading, leftW, headingStyle) + 3;
  const headH = Math.max(...view.vatRecap.columns.map((c) => bilingualHeight(pdf, c, colW - 2 * CELL_PAD, headStyle))) + 6;
  const recapH = headingH + headH + 2 + view.vatRecap.rows.length * 13;
  const totalsH = view.totals.reduce(
    (h, t) =>
      h + bilingualHeight(pdf, t.label, rightW - 90, t.strong ? { face: 'text-bold', size: 11 } : labelStyle) + 4 + (t.strong ? 6 : 0),
    0,
  );
  const start = room(pdf, top, Math.max(totalsH, recapH));

  // VAT per rate, on the left.
  writeBilingual(pdf, view.vatRecap.heading, { x: M.left, y: start, width: leftW }, { ...headingStyle, color: BRAND.ink });
  let ly = start + headingH;
  pdf.rect(M.left, ly, leftW, headH).fill(BRAND.cream);
  view.vatRecap.columns.forEach((c, i) =>
    writeBilingual(
      pdf,
      c,
      { x: M.left + i * colW + CELL_PAD, y: ly + 3, width: colW - 2 * CELL_PAD, align: i === 0 ? 'left' : 'right' },
      { ...headStyle, color: BRAND.muted },
    ),
  );
  ly += headH + 2;
  for (const row of view.vatRecap.rows) {
    row.forEach((cell, i) =>
      writeText(pdf, 'text', 8.5, cell, {
        x: M.left + i * colW + CELL_PAD,
        y: ly,
        width: colW - 2 * CELL_PAD,
        align: i === 0 ? 'left' : 'right',
        color: BRAND.ink,
      }),
    );
    ly += 13;
    rule(pdf, ly - 2, BRAND.line, 0.5, M.left, M.left + leftW);
  }

  // Totals, on the right.
  let ry = start;
  for (const t of view.totals) {
    if (t.strong) {
      ry += 2;
      rule(pdf, ry, BRAND.gold, 1, rightX, rightX + rightW);
      ry += 4;
    }
    const style = t.strong ? { face: 'text-bold' as const, size: 11, color: BRAND.ink } : { ...labelStyle, color: BRAND.ink };
    const below = writeBilingual(pdf, t.label, { x: rightX, y: ry, width: rightW - 90 }, style);
    writeText(pdf, t.strong ? 'text-bold' : 'text', t.strong ? 11 : 8.5, t.value, {
      x: rightX + rightW - 90,
      y: ry,
      width: 90,
      align: 'right',
      color: BRAND.ink,
    });
    ry = below + 4;
  }
  return Math.max(ly, ry);
}

function fiscal(pdf: Doc, view: InvoiceView, top: number): number {
  const pad = 4;
  const matrix = qrMatrix(view.fiscal.qrUrl);
  const qrSide = QR_SYMBOL_PT + 2 * qrQuietZone(matrix.size);
  const textX = M.left + pad + qrSide + 12;
  const textW = W - (textX - M.left) - pad;
  const f = view.fiscal;
  const labelW = 150;
  const entries = [f.zki, f.jir];
  const textH =
    entries.reduce(
      (h, e) =>
        h +
        Math.max(
          bilingualHeight(pdf, e.label, labelW, { face: 'text', size: 8 }),
          textHeight(pdf, 'text-bold', 9, e.value, textW - labelW),
        ) +
        4,
      0,
    ) +
    (f.pendingNote ? bilingualHeight(pdf, f.pendingNote, textW, { face: 'text', size: 8 }) + 6 : 0) +
    bilingualHeight(pdf, f.qrNote, textW, { face: 'text', size: 8 }) +
    6;
  const boxH = Math.max(qrSide, textH) + 2 * pad;
  const y0 = room(pdf, top, boxH);
  pdf.lineWidth(0.75).strokeColor(BRAND.line).rect(M.left, y0, W, boxH).stroke();
  drawQr(pdf, matrix, M.left + pad, y0 + pad + (boxH - 2 * pad - qrSide) / 2);

  let y = y0 + 10;
  for (const e of entries) {
    const ly = writeBilingual(pdf, e.label, { x: textX, y, width: labelW }, { face: 'text', size: 8, color: BRAND.muted });
    const vy = writeText(pdf, 'text-bold', 9, e.value, {
      x: textX + labelW,
      y,
      width: textW - labelW,
      color: e === f.jir && f.pendingNote ? BRAND.red : BRAND.ink,
    });
    y = Math.max(ly, vy) + 4;
  }
  if (f.pendingNote)
    y = writeBilingual(pdf, f.pendingNote, { x: textX, y: y + 2, width: textW }, { face: 'text', size: 8, color: BRAND.red }) + 4;
  writeBilingual(pdf, f.qrNote, { x: textX, y: y + 2, width: textW }, { face: 'text', size: 8, color: BRAND.ink });
  return y0 + boxH;
}

/**
 * The QR symbol with its top-left quiet zone corner at (x, y): `QR_SYMBOL_PT` wide, the quiet zone
 * (white, so nothing else can touch it) around it, the dark modules as filled rectangles, black on
 * white (spec 2.7: not on a picture, no logo in it).
 */
function drawQr(pdf: Doc, matrix: QrMatrix, x: number, y: number): void {
  const quiet = qrQuietZone(matrix.size);
  const module = QR_SYMBOL_PT / matrix.size;
  const x0 = x + quiet;
  const y0 = y + quiet;
  pdf.save();
  pdf.rect(x, y, QR_SYMBOL_PT + 2 * quiet, QR_SYMBOL_PT + 2 * quiet).fill('#ffffff');
  for (const run of qrRuns(matrix)) pdf.rect(x0 + run.x * module, y0 + run.y * module, run.length * module, module);
  pdf.fill('#000000');
  pdf.restore();
}

function notes(pdf: Doc, view: InvoiceView, top: number): number {
  let y = top;
  for (const n of view.notes) {
    y = room(pdf, y, bilingualHeight(pdf, n, W, { face: 'text', size: 8 }));
    y = writeBilingual(pdf, n, { x: M.left, y, width: W }, { face: 'text', size: 8, color: BRAND.muted }) + 3;
  }
  return y;
}

/** On every page: the seller's company-law data and `Stranica n od N / Page n of N`. */
function footers(pdf: Doc, view: InvoiceView): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const fy = A4.height - M.bottom + 14;
    rule(pdf, fy - 6);
    const pageText = `${view.number} · ${joined(view.page(i + 1, range.count))}`;
    const pageW = textWidth(pdf, 'text', 7, pageText) + 2;
    writeText(pdf, 'text', 7, view.footer, { x: M.left, y: fy, width: W - pageW - 16, color: BRAND.muted });
    writeText(pdf, 'text', 7, pageText, { x: A4.width - M.right - pageW, y: fy, width: pageW, align: 'right', color: BRAND.muted });
  }
}
