import { XMLParser } from 'fast-xml-parser';
import { fontRuns, faceRanges, fontName, brandFonts, textWidth, type Doc, type FaceName, type LoadedFonts } from '../../../platform/pdf/index.js';

/**
 * Draws our own SVG drawings (the product art in client/public/images/products, 320 x 400) as PDF
 * vectors with pdfkit, no rasterizing: `rect` (with `rx`), `circle`, `ellipse`, `line`, `path` (pdfkit
 * reads SVG path data), `text` (in the brand fonts: a serif family becomes Fraunces, any other
 * Figtree), `g` with `transform` (translate, rotate, scale), and the presentation attributes the
 * drawings use (fill, stroke, stroke-width, opacity, stroke-linecap, stroke-linejoin, text-anchor,
 * font-*). Colours are hex (#rgb, #rgba, #rrggbb, #rrggbbaa), `none` or a few names. Anything else
 * (gradients, CSS, images, filters) is skipped: these are files we draw ourselves, not arbitrary SVG.
 */

export interface SvgNode {
  tag: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

type Raw = Record<string, unknown> & { ':@'?: Record<string, string> };

function toNode(raw: Raw): SvgNode | null {
  const tag = Object.keys(raw).find((k) => k !== ':@');
  if (!tag || tag === '#text' || tag.startsWith('?') || tag.startsWith('!')) return null;
  const kids = (raw[tag] as Raw[]) ?? [];
  return {
    tag,
    attrs: { ...(raw[':@'] ?? {}) },
    children: kids.map(toNode).filter((n): n is SvgNode => n !== null),
    text: kids
      .filter((k) => '#text' in k)
      .map((k) => String(k['#text']))
      .join(''),
  };
}

/** The `<svg>` element of a document, or an error when there is none or a DOCTYPE (entities) is present. */
export function parseSvg(source: string): SvgNode {
  if (/<!DOCTYPE/i.test(source)) throw new Error('SVG with a DOCTYPE is not drawn');
  const root = (parser.parse(source) as Raw[]).map(toNode).find((n) => n?.tag === 'svg');
  if (!root) throw new Error('Not an SVG document');
  return root;
}

export interface Rgba {
  color: string;
  opacity: number;
}

const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000', red: '#ff0000', transparent: '#000000' };

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a few names; `none` (and unknown values) -> null. */
export function parseColor(value: string | undefined): Rgba | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'transparent') return null;
  if (NAMED[v]) return { color: NAMED[v]!, opacity: 1 };
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v);
  if (!m) return null;
  let hex = m[1]!;
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
  return { color: `#${hex.slice(0, 6)}`, opacity: hex.length === 8 ? parseInt(hex.slice(6), 16) / 255 : 1 };
}

export type Transform = { kind: 'translate'; x: number; y: number } | { kind: 'rotate'; angle: number; cx: number; cy: number } | { kind: 'scale'; x: number; y: number };

/** `translate(10 20) rotate(-30 120 200) scale(2)` -> the steps in order (unknown ones skipped). */
export function parseTransform(value: string | undefined): Transform[] {
  if (!value) return [];
  const out: Transform[] = [];
  for (const m of value.matchAll(/(translate|rotate|scale)\s*\(([^)]*)\)/g)) {
    const n = m[2]!.split(/[\s,]+/).filter(Boolean).map(Number);
    if (n.some((x) => !Number.isFinite(x))) continue;
    if (m[1] === 'translate') out.push({ kind: 'translate', x: n[0] ?? 0, y: n[1] ?? 0 });
    else if (m[1] === 'rotate') out.push({ kind: 'rotate', angle: n[0] ?? 0, cx: n[1] ?? 0, cy: n[2] ?? 0 });
    else out.push({ kind: 'scale', x: n[0] ?? 1, y: n[1] ?? n[0] ?? 1 });
  }
  return out;
}

/** The scale and offset that fit a `w` x `h` picture into a box, centred, proportions kept. */
export function fitInto(w: number, h: number, box: { x: number; y: number; width: number; height: number }): { scale: number; x: number; y: number } {
  const scale = Math.min(box.width / w, box.height / h);
  return { scale, x: box.x + (box.width - w * scale) / 2, y: box.y + (box.height - h * scale) / 2 };
}

interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  opacity: number;
  linecap?: string;
  linejoin?: string;
  fontFamily: string;
  fontSize: number;
  fontWeight: string;
  fontStyle: string;
  anchor: string;
}

const INITIAL: Style = { fill: '#000', stroke: 'none', strokeWidth: 1, opacity: 1, fontFamily: 'sans-serif', fontSize: 16, fontWeight: 'normal', fontStyle: 'normal', anchor: 'start' };

function inherit(style: Style, a: Record<string, string>): Style {
  return {
    fill: a.fill ?? style.fill,
    stroke: a.stroke ?? style.stroke,
    strokeWidth: a['stroke-width'] !== undefined ? Number(a['stroke-width']) || 0 : style.strokeWidth,
    opacity: style.opacity * (a.opacity !== undefined ? Math.min(1, Math.max(0, Number(a.opacity) || 0)) : 1),
    linecap: a['stroke-linecap'] ?? style.linecap,
    linejoin: a['stroke-linejoin'] ?? style.linejoin,
    fontFamily: a['font-family'] ?? style.fontFamily,
    fontSize: a['font-size'] !== undefined ? Number.parseFloat(a['font-size']) || style.fontSize : style.fontSize,
    fontWeight: a['font-weight'] ?? style.fontWeight,
    fontStyle: a['font-style'] ?? style.fontStyle,
    anchor: a['text-anchor'] ?? style.anchor,
  };
}

/** The brand face for an SVG text's font attributes. */
export function faceFor(family: string, weight: string, style: string): FaceName {
  const serif = /georgia|serif|times|fraunces/i.test(family) && !/sans-serif/i.test(family);
  if (serif) return style === 'italic' ? 'heading-italic' : 'heading';
  return weight === 'bold' || Number(weight) >= 600 ? 'text-bold' : 'text';
}

const num = (v: string | undefined, d = 0) => {
  const n = v === undefined ? d : Number.parseFloat(v);
  return Number.isFinite(n) ? n : d;
};

/** Draws `source` fitted into the box. Answers false (drawing nothing) when it is not a drawable SVG. */
export function drawSvg(doc: Doc, source: string, box: { x: number; y: number; width: number; height: number }, fonts: LoadedFonts = brandFonts()): boolean {
  let root: SvgNode;
  try {
    root = parseSvg(source);
  } catch {
    return false;
  }
  const vb = (root.attrs.viewBox ?? `0 0 ${num(root.attrs.width, 100)} ${num(root.attrs.height, 100)}`).split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || vb.some((n) => !Number.isFinite(n)) || vb[2]! <= 0 || vb[3]! <= 0) return false;
  const fit = fitInto(vb[2]!, vb[3]!, box);
  doc.save();
  doc.translate(fit.x, fit.y).scale(fit.scale).translate(-vb[0]!, -vb[1]!);
  for (const child of root.children) drawNode(doc, child, inherit(INITIAL, root.attrs), fonts);
  doc.restore();
  return true;
}

function drawNode(doc: Doc, node: SvgNode, parent: Style, fonts: LoadedFonts): void {
  const a = node.attrs;
  const style = inherit(parent, a);
  const steps = parseTransform(a.transform);
  doc.save();
  for (const t of steps) {
    if (t.kind === 'translate') doc.translate(t.x, t.y);
    else if (t.kind === 'scale') doc.scale(t.x, t.y);
    else doc.rotate(t.angle, { origin: [t.cx, t.cy] });
  }
  switch (node.tag) {
    case 'g':
      for (const child of node.children) drawNode(doc, child, style, fonts);
      break;
    case 'rect': {
      const w = num(a.width);
      const h = num(a.height);
      if (w > 0 && h > 0) {
        const rx = Math.min(num(a.rx, num(a.ry)), w / 2, h / 2);
        if (rx > 0) doc.roundedRect(num(a.x), num(a.y), w, h, rx);
        else doc.rect(num(a.x), num(a.y), w, h);
        paint(doc, style);
      }
      break;
    }
    case 'circle':
      if (num(a.r) > 0) {
        doc.circle(num(a.cx), num(a.cy), num(a.r));
        paint(doc, style);
      }
      break;
    case 'ellipse':
      if (num(a.rx) > 0 && num(a.ry) > 0) {
        doc.ellipse(num(a.cx), num(a.cy), num(a.rx), num(a.ry));
        paint(doc, style);
      }
      break;
    case 'line':
      doc.moveTo(num(a.x1), num(a.y1)).lineTo(num(a.x2), num(a.y2));
      paint(doc, { ...style, fill: 'none' });
      break;
    case 'path':
      if (a.d && /^[\sMmLlHhVvCcSsQqTtAaZz0-9.,eE+-]*$/.test(a.d)) {
        doc.path(a.d);
        paint(doc, style);
      }
      break;
    case 'text':
      drawText(doc, node.text.trim(), num(a.x), num(a.y), style, fonts);
      break;
    default:
      break; // title, desc, defs, anything else: not drawn
  }
  doc.restore();
}

function paint(doc: Doc, style: Style): void {
  const fill = parseColor(style.fill);
  const stroke = style.strokeWidth > 0 ? parseColor(style.stroke) : null;
  if (stroke) {
    doc.lineWidth(style.strokeWidth);
    if (style.linecap === 'round' || style.linecap === 'square' || style.linecap === 'butt') doc.lineCap(style.linecap);
    if (style.linejoin === 'round' || style.linejoin === 'bevel' || style.linejoin === 'miter') doc.lineJoin(style.linejoin);
  }
  if (fill && stroke) {
    doc.fillOpacity(fill.opacity * style.opacity).strokeOpacity(stroke.opacity * style.opacity);
    doc.fillAndStroke(fill.color, stroke.color);
  } else if (fill) {
    doc.fillOpacity(fill.opacity * style.opacity).fill(fill.color);
  } else if (stroke) {
    doc.strokeOpacity(stroke.opacity * style.opacity).stroke(stroke.color);
  } else {
    // nothing painted: end the path without drawing
    doc.fillOpacity(0).fill();
  }
  doc.fillOpacity(1).strokeOpacity(1);
}

function drawText(doc: Doc, text: string, x: number, y: number, style: Style, fonts: LoadedFonts): void {
  const fill = parseColor(style.fill);
  if (!text || !fill) return;
  const face = faceFor(style.fontFamily, style.fontWeight, style.fontStyle);
  const w = textWidth(doc, face, style.fontSize, text, fonts);
  let cx = style.anchor === 'middle' ? x - w / 2 : style.anchor === 'end' ? x - w : x;
  doc.fillColor(fill.color, fill.opacity * style.opacity).fontSize(style.fontSize);
  for (const run of fontRuns(text, faceRanges(fonts, face))) {
    doc.font(fontName(face, run.subset));
    doc.text(run.text, cx, y, { lineBreak: false, baseline: 'alphabetic' });
    cx += doc.widthOfString(run.text);
  }
  doc.fillOpacity(1);
}
