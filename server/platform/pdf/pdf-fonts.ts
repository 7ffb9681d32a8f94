import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The brand fonts for the PDFs: Figtree (text) and Fraunces (headings), the static per-weight WOFF
 * files of @fontsource. Fontsource splits every face into subsets: `latin` (ASCII, Latin-1 with
 * ä ö ü ß, the euro sign, typographic quotes and dashes) and `latin-ext` (č ć đ š ž and the rest of
 * Latin Extended). A browser picks the file per character by the subsets' `unicode-range`; a PDF
 * line does the same here: `fontRuns` cuts a text into runs, each in the first subset whose range
 * (the package's own unicode.json, the ranges its CSS declares) holds every character of the run,
 * and the writer switches the font between runs (`writeText`). Spaces and digits (in both ranges)
 * stay in the run they are in, so a word is not split needlessly.
 */

export type FaceName = 'text' | 'text-bold' | 'heading' | 'heading-italic';

interface FaceFile {
  family: 'figtree' | 'fraunces';
  weight: number;
  style: 'normal' | 'italic';
}

const FACES: Record<FaceName, FaceFile> = {
  text: { family: 'figtree', weight: 400, style: 'normal' },
  'text-bold': { family: 'figtree', weight: 700, style: 'normal' },
  heading: { family: 'fraunces', weight: 700, style: 'normal' },
  'heading-italic': { family: 'fraunces', weight: 400, style: 'italic' },
};

/** The subsets in the order they are tried. */
export const SUBSETS = ['latin', 'latin-ext'] as const;
export type Subset = (typeof SUBSETS)[number];

export type CodePointRanges = ReadonlyArray<readonly [number, number]>;

/** `U+0000-00FF,U+0131` -> [[0, 255], [305, 305]] (the CSS unicode-range syntax fontsource writes). */
export function parseUnicodeRange(spec: string): CodePointRanges {
  return spec.split(',').map((part) => {
    const m = /^\s*U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?\s*$/i.exec(part);
    if (!m) throw new Error(`Not a unicode-range part: ${part}`);
    const start = parseInt(m[1]!, 16);
    return [start, m[2] ? parseInt(m[2], 16) : start] as const;
  });
}

export function inRanges(cp: number, ranges: CodePointRanges): boolean {
  return ranges.some(([a, b]) => cp >= a && cp <= b);
}

export interface FontRun {
  subset: Subset;
  text: string;
}

/**
 * Cuts `text` into runs of one subset each. A character stays in the current run when that run's
 * subset has it (spaces, digits, punctuation shared by both); otherwise it opens a run in the first
 * subset that has it. A character no subset has stays in `latin` (and shows as a missing glyph: the
 * tests check that none of our texts has one).
 */
export function fontRuns(text: string, ranges: Record<Subset, CodePointRanges>): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs[runs.length - 1];
    if (current && inRanges(cp, ranges[current.subset])) {
      current.text += ch;
      continue;
    }
    const subset = SUBSETS.find((s) => inRanges(cp, ranges[s])) ?? 'latin';
    if (current && current.subset === subset) current.text += ch;
    else runs.push({ subset, text: ch });
  }
  return runs;
}

/** Characters of `text` that no subset has (none may be drawn). */
export function uncovered(text: string, ranges: Record<Subset, CodePointRanges>): string[] {
  return [...new Set([...text].filter((ch) => !SUBSETS.some((s) => inRanges(ch.codePointAt(0)!, ranges[s]))))];
}

export interface LoadedFonts {
  /** Font files by pdfkit name (`<face>/<subset>`). */
  files: Map<string, Buffer>;
  ranges: Record<'figtree' | 'fraunces', Record<Subset, CodePointRanges>>;
}

let loaded: LoadedFonts | undefined;

/** Reads the font files and their ranges once per process (about 400 kB). */
export function brandFonts(): LoadedFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const dirs = {
    figtree: dirname(require.resolve('@fontsource/figtree/package.json')),
    fraunces: dirname(require.resolve('@fontsource/fraunces/package.json')),
  };
  const ranges = Object.fromEntries(
    (['figtree', 'fraunces'] as const).map((family) => {
      const json = JSON.parse(readFileSync(join(dirs[family], 'unicode.json'), 'utf8')) as Record<string, string>;
      return [family, Object.fromEntries(SUBSETS.map((s) => [s, parseUnicodeRange(json[s]!)]))];
    }),
  ) as LoadedFonts['ranges'];
  const files = new Map<string, Buffer>();
  for (const [face, f] of Object.entries(FACES)) {
    for (const subset of SUBSETS) {
      files.set(
        fontName(face as FaceName, subset),
        readFileSync(join(dirs[f.family], 'files', `${f.family}-${subset}-${f.weight}-${f.style}.woff`)),
      );
    }
  }
  loaded = { files, ranges };
  return loaded;
}

export function fontName(face: FaceName, subset: Subset): string {
  return `${face}/${subset}`;
}

export function faceRanges(fonts: LoadedFonts, face: FaceName): Record<Subset, CodePointRanges> {
  return fonts.ranges[FACES[face].family];
}

/** The part of PDFKit's document these helpers use. */
export type Doc = PDFKit.PDFDocument;

export function registerBrandFonts(doc: Doc, fonts: LoadedFonts = brandFonts()): void {
  for (const [name, file] of fonts.files) doc.registerFont(name, file);
}

/**
 * Greedy line breaking at spaces (explicit line breaks kept): each line as wide as `width` allows by
 * `measure`; a word wider than a line is cut where it must be. Pure, so it is unit-tested.
 */
export function wrapLines(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter((w) => w !== '')) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Extra space between lines (points). */
  lineGap?: number;
  color?: string;
  /** Draw the letters' outlines this wide (in `color`) instead of filling them: letters to colour in. */
  outline?: number;
}

/**
 * Writes `text` in `face` at `size` into the box, wrapped by `wrapLines`, each line drawn run by run
 * (the subset's font per run) at explicit positions, so no word is ever cut at a change of font.
 * Answers the y below the last line (also left in `doc.y`).
 */
export function writeText(doc: Doc, face: FaceName, size: number, text: string, box: TextBox, fonts: LoadedFonts = brandFonts()): number {
  const lineHeight = lineHeightOf(doc, face, size) + (box.lineGap ?? 0);
  const measure = (s: string) => textWidth(doc, face, size, s, fonts);
  let y = box.y;
  if (box.color) doc.fillColor(box.color);
  if (box.outline)
    doc
      .lineWidth(box.outline)
      .strokeColor(box.color ?? 'black')
      .lineJoin('round');
  const mode = box.outline ? { stroke: true, fill: false } : {};
  for (const line of wrapLines(text, box.width, measure)) {
    const w = box.align && box.align !== 'left' ? measure(line) : 0;
    let x = box.align === 'center' ? box.x + (box.width - w) / 2 : box.align === 'right' ? box.x + box.width - w : box.x;
    doc.fontSize(size);
    for (const run of fontRuns(line, faceRanges(fonts, face))) {
      doc.font(fontName(face, run.subset));
      doc.text(run.text, x, y, { lineBreak: false, ...mode });
      x += doc.widthOfString(run.text);
    }
    y += lineHeight;
  }
  doc.x = box.x;
  doc.y = y;
  return y;
}

/** The height `writeText` will use for `text` in a box `width` wide. */
export function textHeight(
  doc: Doc,
  face: FaceName,
  size: number,
  text: string,
  width: number,
  lineGap = 0,
  fonts: LoadedFonts = brandFonts(),
): number {
  const lines = wrapLines(text, width, (s) => textWidth(doc, face, size, s, fonts));
  return lines.length * (lineHeightOf(doc, face, size) + lineGap);
}

function lineHeightOf(doc: Doc, face: FaceName, size: number): number {
  doc.font(fontName(face, 'latin')).fontSize(size);
  return doc.currentLineHeight(true);
}

/** Width of `text` in `face` at `size`, each run measured in its own font. */
export function textWidth(doc: Doc, face: FaceName, size: number, text: string, fonts: LoadedFonts = brandFonts()): number {
  doc.fontSize(size);
  let w = 0;
  for (const run of fontRuns(text, faceRanges(fonts, face))) {
    doc.font(fontName(face, run.subset));
    w += doc.widthOfString(run.text);
  }
  return w;
}
