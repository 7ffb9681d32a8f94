import { inflateSync } from 'node:zlib';

/**
 * Reads the text back out of a PDF written by pdfkit, for the downloads' tests (no PDF parser is a
 * dependency of the shop). pdfkit writes text as 2-byte glyph ids (`<0012002a> Tj` / `[<..> 12 <..>] TJ`)
 * in Type0 fonts with a ToUnicode CMap; this decodes every content stream with the CMap of the font
 * selected by `Tf`. It also reports glyph id 0 (.notdef, a character the font lacks) and the fonts used.
 * Enough for pdfkit's output, not a general PDF reader.
 */
export interface PdfText {
  /** Text per page (runs joined; a new line where pdfkit moved to a new line). */
  pages: string[];
  /** All pages joined by a form feed. */
  text: string;
  /** Glyphs drawn with id 0 (.notdef): a character no embedded font had. */
  notdefGlyphs: number;
  /** BaseFont names used (subset tag removed). */
  fonts: string[];
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const out = new Map<number, PdfObject>();
  const latin = pdf.toString('latin1');
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(latin))) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endobj', start);
    const body = latin.slice(start, end);
    const s = body.indexOf('stream');
    if (s >= 0 && /^<</.test(body)) {
      const dict = body.slice(0, s);
      const dataStart = start + s + 'stream'.length + (latin[start + s + 6] === '\r' ? 2 : 1);
      const len = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      let data = pdf.subarray(dataStart, dataStart + len);
      if (/\/Filter \/FlateDecode/.test(dict)) data = inflateSync(data);
      out.set(Number(m[1]), { dict, stream: data });
    } else {
      out.set(Number(m[1]), { dict: body });
    }
    re.lastIndex = end;
  }
  return out;
}

/** ToUnicode CMap -> glyph id -> text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (h: string) => {
    let s = '';
    for (let i = 0; i < h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
    return s;
  };
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(line[1]!, 16);
      const end = parseInt(line[2]!, 16);
      const dest = line[3]!;
      if (dest.startsWith('[')) {
        // a ligature's entry holds several code points: <0066 006c>
        const items = [...dest.matchAll(/<([0-9a-fA-F ]+)>/g)].map((x) => hexText(x[1]!.replace(/ /g, '')));
        items.forEach((t, i) => map.set(start + i, t));
      } else {
        const base = hexText(dest.slice(1, -1).replace(/ /g, ''));
        for (let g = start; g <= end; g++)
          map.set(g, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (g - start)));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const line of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(line[1]!, 16), hexText(line[2]!));
  }
  return map;
}

/** Each page's content streams (decompressed, as latin1 text), pages in order: the Kids of the page tree root. */
function pageContents(objs: Map<number, PdfObject>): string[][] {
  const root = [...objs.values()].find((o) => /\/Type \/Pages/.test(o.dict) && !/\/Parent/.test(o.dict));
  const kids = root ? [...(/\/Kids \[([^\]]*)\]/.exec(root.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) => Number(k[1])) : [];
  return kids.map((pageId) => {
    const page = objs.get(pageId)!;
    const contents = [...(/\/Contents (\d+) 0 R/.exec(page.dict) ?? [])].slice(1).map(Number);
    return contents.map((c) => objs.get(c)?.stream?.toString('latin1') ?? '');
  });
}

export function pdfText(pdf: Buffer): PdfText {
  const objs = objects(pdf);
  const cmaps = new Map<number, Map<number, string>>();
  const fontNames = new Map<number, string>();
  for (const [id, o] of objs) {
    if (/\/Type \/Font/.test(o.dict) && /\/Subtype \/Type0/.test(o.dict)) {
      const tu = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
      const stream = tu ? objs.get(Number(tu[1]))?.stream : undefined;
      cmaps.set(id, stream ? parseCMap(stream.toString('latin1')) : new Map());
      fontNames.set(id, /\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/]+)/.exec(o.dict)?.[1] ?? '?');
    }
  }
  // Resource names -> font object (pdfkit names fonts F1, F2... document-wide).
  const resource = new Map<string, number>();
  for (const o of objs.values()) {
    for (const fontDict of o.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const r of fontDict[1]!.matchAll(/\/(\S+) (\d+) 0 R/g)) resource.set(r[1]!, Number(r[2]));
    }
  }
  let notdef = 0;
  const used = new Set<string>();
  const pages = pageContents(objs).map((streams) => {
    let out = '';
    for (const ops of streams) {
      let cmap = new Map<number, string>();
      let lastY: string | undefined;
      for (const tok of ops.matchAll(/\/(\S+) [\d.]+ Tf|1 0 0 -?1 [-\d.]+ ([-\d.]+) Tm|(\[[^\]]*\]) TJ|<([0-9a-fA-F]*)> Tj/g)) {
        if (tok[1]) {
          const font = resource.get(tok[1]);
          cmap = (font !== undefined && cmaps.get(font)) || new Map();
          if (font !== undefined) used.add(fontNames.get(font) ?? '?');
        } else if (tok[2]) {
          if (lastY !== undefined && tok[2] !== lastY) out += '\n';
          lastY = tok[2];
        } else {
          const hexes = tok[3] ? [...tok[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [tok[4]!];
          for (const h of hexes) {
            for (let i = 0; i < h.length; i += 4) {
              const gid = parseInt(h.slice(i, i + 4), 16);
              if (gid === 0) notdef++;
              out += cmap.get(gid) ?? '\uFFFD';
            }
          }
        }
      }
    }
    return out;
  });
  return { pages, text: pages.join('\f'), notdefGlyphs: notdef, fonts: [...used].sort() };
}

/** A PDF's header and trailer are where they belong. */
export function isCompletePdf(pdf: Buffer): boolean {
  const head = pdf.subarray(0, 8).toString('latin1');
  const tail = pdf.subarray(Math.max(0, pdf.length - 64)).toString('latin1');
  return /^%PDF-1\.\d/.test(head) && /startxref\s+\d+\s+%%EOF\s*$/.test(tail);
}

/** Rectangles filled in one paint (`x y w h re` ... `f`), in pdfkit's page space (points, y down from the top), with the fill colour. */
export interface FilledRects {
  page: number;
  /** The fill colour's components as written (`0 0 0` is black). */
  color: string;
  rects: Array<{ x: number; y: number; w: number; h: number }>;
}

/**
 * The filled rectangles of a pdfkit PDF, paint by paint: enough to find a drawing made of
 * rectangles (the invoice's QR code) and check its size or raster it again. pdfkit draws in a page
 * space flipped once at the start of every page (`1 0 0 -1 0 <height> cm`), so the coordinates are
 * those the drawing code used.
 */
export function pdfFilledRects(pdf: Buffer): FilledRects[] {
  const objs = objects(pdf);
  const out: FilledRects[] = [];
  pageContents(objs).forEach((streams, page) => {
    for (const ops of streams) {
      let color = '';
      let pending: FilledRects['rects'] = [];
      for (const tok of ops.matchAll(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re|((?:[-\d.]+ )+)scn|\b(f\*?|n|S|B\*?)\n/g)) {
        if (tok[1]) pending.push({ x: Number(tok[1]), y: Number(tok[2]), w: Number(tok[3]), h: Number(tok[4]) });
        else if (tok[5]) color = tok[5].trim();
        else {
          if (pending.length && tok[6]!.startsWith('f')) out.push({ page, color, rects: pending });
          pending = [];
        }
      }
    }
  });
  return out;
}
