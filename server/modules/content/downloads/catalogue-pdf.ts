import { company } from '../../../../contract/brand/company.js';
import { formatEuro } from '../../../../contract/money.js';
import type { Locale } from '../../../../contract/locales.js';
import type { PrintedCatalogue, PrintedProduct } from '../../catalog/index.js';
import { CATALOGUE_LABELS, fill, formatDay, formatWeight, type CatalogueLabels } from './downloads-texts.js';
import { A4, BRAND, newDocument, textHeight, writeText, type Doc } from '../../../platform/pdf/index.js';
import { productDrawing } from './product-drawings.js';
import { drawSvg } from './svg-drawing.js';

/** What a catalogue PDF is made of: everything it prints, so equal models give equal files. */
export interface CatalogueModel {
  locale: Locale;
  /** The day the prices are read on (the cover's date). */
  at: Date;
  title: string;
  catalogue: PrintedCatalogue;
  /** Products at most (printed in `truncated`'s note). */
  maxProducts: number;
}

const M = { left: 48, right: 48, top: 56, bottom: 64 } as const;
const CONTENT_W = A4.width - M.left - M.right;
const IMAGE = { width: 72, height: 90 } as const;
const GAP = 16;
const TEXT_X = M.left + IMAGE.width + GAP;
const TEXT_W = CONTENT_W - IMAGE.width - GAP;

/** The lines of text one product prints, in order (pure: unit-tested). */
export function productLines(
  p: PrintedProduct,
  locale: Locale,
  l: CatalogueLabels,
): Array<{ kind: 'name' | 'meta' | 'price' | 'offer' | 'availability' | 'text' | 'small'; text: string }> {
  const price = p.price;
  const lines: ReturnType<typeof productLines> = [
    { kind: 'name', text: p.name },
    { kind: 'meta', text: `${l.code} ${p.code} · ${fill(l.pack[p.pack], { weight: formatWeight(p.pack_grams, locale) })}` },
    {
      kind: 'price',
      text: `${l.pricePerPiece}: ${formatEuro(price.amount, locale)} (${fill(l.vatIncluded, { rate: p.vat_rate })}) · ${fill(l.perKg, { price: formatEuro(price.per_kg, locale) })}`,
    },
  ];
  if (price.offer) {
    const parts = [fill(l.offerUntil, { date: formatDay(new Date(new Date(price.offer.ends_at).getTime() - 1), locale) })];
    if (price.offer.lowest_30d !== null) parts.push(fill(l.lowest30d, { price: formatEuro(price.offer.lowest_30d, locale) }));
    if (price.offer.discount_percent)
      parts.push(locale === 'en' ? `−${price.offer.discount_percent}%` : `−${price.offer.discount_percent} %`);
    lines.push({ kind: 'offer', text: parts.join(' · ') });
  }
  const availability =
    p.availability !== 'available' ? l.soonAvailable : p.stock_left !== null ? fill(l.stockLeft, { count: p.stock_left }) : l.available;
  lines.push({ kind: 'availability', text: availability });
  if (p.short_description) lines.push({ kind: 'text', text: p.short_description });
  if (p.ingredients) lines.push({ kind: 'small', text: `${l.ingredients}: ${p.ingredients}` });
  if (p.allergens) lines.push({ kind: 'small', text: `${l.allergens}: ${p.allergens}` });
  return lines;
}

const STYLE = {
  name: { face: 'heading', size: 14, color: BRAND.ink, gap: 2 },
  meta: { face: 'text', size: 8.5, color: BRAND.muted, gap: 3 },
  price: { face: 'text-bold', size: 10, color: BRAND.ink, gap: 1 },
  offer: { face: 'text-bold', size: 8.5, color: BRAND.red, gap: 1 },
  availability: { face: 'text', size: 8.5, color: BRAND.green, gap: 4 },
  text: { face: 'text', size: 9.5, color: BRAND.ink, gap: 3 },
  small: { face: 'text', size: 8, color: BRAND.muted, gap: 1 },
} as const;

export async function renderCataloguePdf(model: CatalogueModel): Promise<Buffer> {
  const { locale } = model;
  const l = CATALOGUE_LABELS[locale];
  const day = formatDay(model.at, locale);
  const { doc, bytes } = newDocument({
    title: model.title,
    author: company.legalName,
    subject: fill(l.asOf, { date: day }),
    lang: locale,
    createdAt: model.at,
  });

  cover(doc, model, l, day);

  let y: number = M.top;
  for (const category of model.catalogue.categories) {
    doc.addPage();
    y = M.top;
    const line = category.products[0]?.line;
    if (line && l.lines[line])
      y = writeText(doc, 'text-bold', 9, l.lines[line]!.toUpperCase(), { x: M.left, y, width: CONTENT_W, color: BRAND.gold });
    y = writeText(doc, 'heading', 24, category.name, { x: M.left, y: y + 2, width: CONTENT_W, color: BRAND.ink }) + 6;
    doc
      .moveTo(M.left, y)
      .lineTo(A4.width - M.right, y)
      .lineWidth(1)
      .strokeColor(BRAND.gold)
      .stroke();
    y += 14;
    for (const product of category.products) {
      const lines = productLines(product, locale, l);
      const height = Math.max(
        IMAGE.height,
        lines.reduce((h, ln) => h + textHeight(doc, STYLE[ln.kind].face, STYLE[ln.kind].size, ln.text, TEXT_W) + STYLE[ln.kind].gap, 0),
      );
      if (y + height > A4.height - M.bottom) {
        doc.addPage();
        y = M.top;
        y = writeText(doc, 'heading-italic', 11, category.name, { x: M.left, y, width: CONTENT_W, color: BRAND.muted }) + 10;
      }
      drawProductPicture(doc, product, { x: M.left, y, ...IMAGE });
      let ty = y;
      for (const ln of lines)
        ty =
          writeText(doc, STYLE[ln.kind].face, STYLE[ln.kind].size, ln.text, {
            x: TEXT_X,
            y: ty,
            width: TEXT_W,
            color: STYLE[ln.kind].color,
          }) + STYLE[ln.kind].gap;
      y += height + 10;
      doc
        .moveTo(M.left, y)
        .lineTo(A4.width - M.right, y)
        .lineWidth(0.5)
        .strokeColor(BRAND.line)
        .stroke();
      y += 12;
    }
  }

  // Closing note, then page numbers on every page but the cover.
  let noteY = y;
  if (model.catalogue.categories.length === 0 || noteY > A4.height - M.bottom - 60) {
    doc.addPage();
    noteY = M.top;
  }
  noteY = writeText(doc, 'text', 8.5, l.pricesNote, { x: M.left, y: noteY, width: CONTENT_W, color: BRAND.muted });
  if (model.catalogue.truncated)
    writeText(doc, 'text', 8.5, fill(l.truncated, { count: model.maxProducts }), {
      x: M.left,
      y: noteY + 4,
      width: CONTENT_W,
      color: BRAND.muted,
    });
  const range = doc.bufferedPageRange();
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const fy = A4.height - 40;
    doc
      .moveTo(M.left, fy - 8)
      .lineTo(A4.width - M.right, fy - 8)
      .lineWidth(0.5)
      .strokeColor(BRAND.line)
      .stroke();
    writeText(doc, 'text', 8, `${company.brand} · ${model.title} · ${day}`, {
      x: M.left,
      y: fy,
      width: CONTENT_W / 2 + 60,
      color: BRAND.muted,
    });
    writeText(doc, 'text', 8, fill(l.page, { n: i + 1, total: range.count }), {
      x: M.left + CONTENT_W / 2,
      y: fy,
      width: CONTENT_W / 2,
      align: 'right',
      color: BRAND.muted,
    });
  }
  doc.end();
  return bytes;
}

function cover(doc: Doc, model: CatalogueModel, l: CatalogueLabels, day: string): void {
  doc.addPage();
  doc.rect(0, 0, A4.width, A4.height).fill(BRAND.cream);
  doc.rect(0, 0, A4.width, 250).fill(BRAND.wheat);
  let y = writeText(doc, 'heading', 54, company.brand, { x: M.left, y: 80, width: CONTENT_W, color: BRAND.ink });
  writeText(doc, 'heading-italic', 18, l.since, { x: M.left, y: y + 2, width: CONTENT_W, color: BRAND.ink });
  // A row of product drawings (the first product of each category), as on the packs.
  const firsts = model.catalogue.categories
    .map((c) => c.products.find((p) => productDrawing(p.image?.src)) ?? null)
    .filter((p): p is PrintedProduct => p !== null)
    .slice(0, 4);
  const w = 96;
  const h = 120;
  const gap = (CONTENT_W - firsts.length * w) / Math.max(1, firsts.length - 1);
  firsts.forEach((p, i) =>
    drawSvg(doc, productDrawing(p.image!.src)!, { x: M.left + i * (w + (firsts.length > 1 ? gap : 0)), y: 280, width: w, height: h }),
  );
  y = writeText(doc, 'heading', 34, model.title, { x: M.left, y: 440, width: CONTENT_W, color: BRAND.ink }) + 6;
  y = writeText(doc, 'text-bold', 13, fill(l.asOf, { date: day }), { x: M.left, y, width: CONTENT_W, color: BRAND.red }) + 10;
  writeText(doc, 'text', 12, l.intro, { x: M.left, y, width: CONTENT_W, color: BRAND.ink, lineGap: 2 });
  const block = [
    company.legalName,
    company.street,
    `${company.postalCode} ${company.city}, ${l.country}`,
    `${l.oib} ${company.oib} · ${l.vatId} ${company.vatId}`,
    `${company.email} · ${company.phone}`,
  ];
  let by = A4.height - 150;
  doc
    .moveTo(M.left, by - 12)
    .lineTo(A4.width - M.right, by - 12)
    .lineWidth(1)
    .strokeColor(BRAND.gold)
    .stroke();
  for (const [i, text] of block.entries())
    by = writeText(doc, i === 0 ? 'text-bold' : 'text', 10, text, { x: M.left, y: by, width: CONTENT_W, color: BRAND.ink }) + 1;
}

function drawProductPicture(doc: Doc, p: PrintedProduct, box: { x: number; y: number; width: number; height: number }): void {
  const svg = productDrawing(p.image?.src);
  if (svg && drawSvg(doc, svg, box)) return;
  // No drawing: a card in the packs' colours with the brand, so the layout keeps its rhythm.
  doc.roundedRect(box.x, box.y, box.width, box.height, 8).fill(BRAND.wheat);
  writeText(doc, 'heading-italic', 10, company.brand, {
    x: box.x,
    y: box.y + box.height / 2 - 7,
    width: box.width,
    align: 'center',
    color: BRAND.ink,
  });
}
