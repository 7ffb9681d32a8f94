import { company } from '../../../../contract/brand/company.js';
import type { Locale } from '../../../../contract/locales.js';
import { fill } from './downloads-texts.js';
import { FUN_BOOK, type FunBookTexts, type LetterPage } from './fun-book-texts.js';
import { A4, BRAND, newDocument, textWidth, writeText, type Doc } from '../../../platform/pdf/index.js';

/**
 * The fun book of the alphabet pasta campaign: a cover, an introduction (the campaign and how to use
 * the book), one page per letter of the reader's alphabet (the letter outlined big in the packs'
 * serif to colour in, a word and a line to read aloud, a frame to draw in) and a closing page.
 * Everything it prints comes from `FUN_BOOK` and the download's title, so a language's book is the
 * same file until the code or the title changes.
 */
export interface FunBookModel {
  locale: Locale;
  title: string;
  /** The creation date written into the file (a fixed day: the same book gives the same bytes). */
  createdAt: Date;
}

const M = { left: 56, right: 56, top: 56, bottom: 56 } as const;
const W = A4.width - M.left - M.right;

export async function renderFunBookPdf(model: FunBookModel): Promise<Buffer> {
  const t = FUN_BOOK[model.locale];
  const { doc, bytes } = newDocument({ title: model.title, author: company.legalName, subject: t.campaign, lang: model.locale, createdAt: model.createdAt });
  cover(doc, model, t);
  intro(doc, t);
  t.letters.forEach((page, i) => letterPage(doc, t, page, i + 3));
  closing(doc, t, t.letters.length + 3);
  doc.end();
  return bytes;
}

/** A row of pasta letters in the packs' colours, wobbling as they do in the soup. */
function pastaLetters(doc: Doc, letters: string[], x: number, y: number, width: number, size: number): void {
  const step = width / letters.length;
  letters.forEach((ch, i) => {
    const cx = x + i * step + step / 2;
    const cy = y + (i % 2 === 0 ? 0 : size * 0.18);
    doc.save();
    doc.rotate(((i * 37) % 24) - 12, { origin: [cx, cy + size / 2] });
    const w = textWidth(doc, 'heading', size, ch);
    writeText(doc, 'heading', size, ch, { x: cx - w / 2, y: cy, width: w + 4, color: BRAND.wheat });
    writeText(doc, 'heading', size, ch, { x: cx - w / 2, y: cy, width: w + 4, color: BRAND.gold, outline: 0.8 });
    doc.restore();
  });
}

function soupBowl(doc: Doc, cx: number, cy: number, r: number): void {
  // the bowl: a half disc under an ellipse of soup, in the packs' cream and wheat
  doc.path(`M ${cx - r} ${cy} A ${r} ${r * 0.8} 0 0 0 ${cx + r} ${cy} Z`).fillAndStroke(BRAND.cream, BRAND.ink);
  doc.ellipse(cx, cy, r, r * 0.22).fillAndStroke('#f6c453', BRAND.ink);
  doc.roundedRect(cx - r * 0.35, cy + r * 0.78, r * 0.7, r * 0.12, 4).fillAndStroke(BRAND.cream, BRAND.ink);
}

function footer(doc: Doc, t: FunBookTexts, n: number): void {
  writeText(doc, 'text', 8, `${company.brand} · ${t.campaign}`, { x: M.left, y: A4.height - 36, width: W / 2, color: BRAND.muted });
  writeText(doc, 'text', 8, String(n), { x: M.left + W / 2, y: A4.height - 36, width: W / 2, align: 'right', color: BRAND.muted });
}

function cover(doc: Doc, model: FunBookModel, t: FunBookTexts): void {
  doc.addPage();
  doc.rect(0, 0, A4.width, A4.height).fill(BRAND.cream);
  doc.rect(0, 0, A4.width, 210).fill(BRAND.wheat);
  let y = writeText(doc, 'heading-italic', 20, company.brand, { x: M.left, y: 56, width: W, align: 'center', color: BRAND.ink }) + 8;
  y = writeText(doc, 'heading', 44, model.title, { x: M.left, y, width: W, align: 'center', color: BRAND.ink });
  y = writeText(doc, 'heading-italic', 18, t.campaign, { x: M.left, y: Math.max(y + 24, 230), width: W, align: 'center', color: BRAND.red }) + 6;
  writeText(doc, 'text', 13, t.subtitle, { x: M.left, y, width: W, align: 'center', color: BRAND.ink });
  soupBowl(doc, A4.width / 2, 470, 150);
  pastaLetters(doc, t.letters.slice(0, 6).map((p) => p.letter), A4.width / 2 - 130, 420, 260, 30);
  writeText(doc, 'text', 11, t.forWhom, { x: M.left, y: 640, width: W, align: 'center', color: BRAND.muted });
  const ny = 700;
  writeText(doc, 'text-bold', 12, t.yourName, { x: M.left, y: ny, width: W, color: BRAND.ink });
  doc.moveTo(M.left, ny + 40).lineTo(A4.width - M.right, ny + 40).lineWidth(1).strokeColor(BRAND.ink).stroke();
}

function intro(doc: Doc, t: FunBookTexts): void {
  doc.addPage();
  let y = writeText(doc, 'heading', 28, t.introTitle, { x: M.left, y: M.top, width: W, color: BRAND.ink }) + 14;
  for (const para of t.intro) y = writeText(doc, 'text', 12.5, para, { x: M.left, y, width: W, color: BRAND.ink, lineGap: 3 }) + 12;
  y += 8;
  t.howTo.forEach((step, i) => {
    doc.circle(M.left + 12, y + 9, 12).fill(BRAND.wheat);
    writeText(doc, 'heading', 13, String(i + 1), { x: M.left, y: y + 1, width: 24, align: 'center', color: BRAND.ink });
    y = Math.max(y + 26, writeText(doc, 'text', 12.5, step, { x: M.left + 36, y: y + 1, width: W - 36, color: BRAND.ink, lineGap: 2 })) + 10;
  });
  pastaLetters(doc, t.letters.slice(-6).map((p) => p.letter), M.left, Math.max(y + 30, 600), W, 40);
  footer(doc, t, 2);
}

function letterPage(doc: Doc, t: FunBookTexts, page: LetterPage, n: number): void {
  doc.addPage();
  // The letter, big and outlined to colour in, on a card like the packs'.
  const card = { x: M.left, y: M.top, width: W, height: 300 };
  doc.roundedRect(card.x, card.y, card.width, card.height, 24).fill(BRAND.cream);
  doc.roundedRect(card.x, card.y, card.width, card.height, 24).lineWidth(2).strokeColor(BRAND.wheat).stroke();
  writeText(doc, 'text-bold', 10, t.colour.toUpperCase(), { x: card.x + 20, y: card.y + 16, width: card.width - 40, color: BRAND.gold });
  const letters = `${page.letter} ${page.letter.toLowerCase()}`;
  // 210 pt, smaller when the pair (M m, W w, Dž dž) would come closer than 40 pt to the card's edges
  const size = Math.min(210, Math.floor((210 * (card.width - 80)) / textWidth(doc, 'heading', 210, letters)));
  const lw = textWidth(doc, 'heading', size, letters);
  writeText(doc, 'heading', size, letters, { x: card.x + (card.width - lw) / 2, y: card.y + 34 + (210 - size) * 0.6, width: lw + 10, color: BRAND.gold, outline: 2.5 });
  // The word and the line to read aloud.
  let y = card.y + card.height + 22;
  y = writeText(doc, 'heading', 34, page.word, { x: M.left, y, width: W, color: BRAND.ink }) + 4;
  writeText(doc, 'text-bold', 10, t.readAloud.toUpperCase(), { x: M.left, y, width: W, color: BRAND.gold });
  y = writeText(doc, 'text', 20, page.line, { x: M.left, y: y + 14, width: W, color: BRAND.ink, lineGap: 2 }) + 16;
  // The frame to draw in.
  const frame = { x: M.left, y, width: W, height: A4.height - M.bottom - 14 - y };
  doc.dash(6, { space: 5 });
  doc.roundedRect(frame.x, frame.y, frame.width, frame.height, 16).lineWidth(1.2).strokeColor(BRAND.muted).stroke();
  doc.undash();
  writeText(doc, 'text', 10, fill(t.draw, { word: page.word }), { x: frame.x + 16, y: frame.y + 12, width: frame.width - 32, color: BRAND.muted });
  footer(doc, t, n);
}

function closing(doc: Doc, t: FunBookTexts, n: number): void {
  doc.addPage();
  doc.rect(0, 0, A4.width, A4.height).fill(BRAND.cream);
  let y = writeText(doc, 'heading', 30, t.theEnd, { x: M.left, y: 150, width: W, align: 'center', color: BRAND.ink }) + 16;
  y = writeText(doc, 'text', 15, t.theEndLine, { x: M.left + 30, y, width: W - 60, align: 'center', color: BRAND.ink, lineGap: 3 });
  soupBowl(doc, A4.width / 2, y + 200, 140);
  pastaLetters(doc, t.letters.map((p) => p.letter).filter((_, i) => i % 3 === 0), A4.width / 2 - 120, y + 150, 240, 24);
  footer(doc, t, n);
}
