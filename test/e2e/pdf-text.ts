// The text a PDF shows, read from its bytes with Node alone (no PDF library is in the repo, and tests may
// not need a system tool): the shop's PDF kit (pdfkit, server/modules/content/downloads) writes plain
// `N 0 obj` objects, Flate-compressed streams, Type0 fonts with a ToUnicode map, and text as hex glyph
// codes in Tj/TJ under `/Fx size Tf`. Each shown string is mapped through its font's ToUnicode map and
// the strings are joined as they come (no spaces added), so an ASCII number written in one run, e.g.
// `17/ZZ1/1`, is found with `toContain` whatever font runs surround it.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const src = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  for (const m of src.matchAll(/(\d+) 0 obj\b/g)) {
    const start = m.index + m[0].length;
    const end = src.indexOf('endobj', start);
    const body = src.slice(start, end);
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    let from = start + at + 'stream'.length;
    if (src[from] === '\r') from++;
    if (src[from] === '\n') from++;
    const to = length ? from + Number(length[1]) : src.indexOf('endstream', from);
    const raw = pdf.subarray(from, to);
    out.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return out;
}

/** A ToUnicode CMap: glyph code (hex, as written) -> text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1].toLowerCase(), utf16(m[2]));
  }
  for (const block of block2(cmap)) {
    for (const m of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const width = m[1].length;
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      const targets = m[3].startsWith('[') ? [...m[3].matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => t[1]) : null;
      for (let code = lo; code <= hi; code++) {
        const key = code.toString(16).padStart(width, '0');
        if (targets) map.set(key, utf16(targets[code - lo] ?? ''));
        else {
          const base = Buffer.from(m[3].slice(1, -1), 'hex');
          base.writeUInt16BE(base.readUInt16BE(base.length - 2) + (code - lo), base.length - 2);
          map.set(key, utf16(base.toString('hex')));
        }
      }
    }
  }
  return map;
}

const block2 = (cmap: string) => [...cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)].map((b) => b[1]);

/** Every string the PDF's pages show, in drawing order, joined without separators. */
export function pdfText(pdf: Buffer): string {
  const objs = objects(pdf);
  // font resource name (/F1) -> its ToUnicode map; a font without one shows its bytes as Latin-1
  const fonts = new Map<string, Map<string, string> | null>();
  for (const { dict } of objs.values()) {
    const resources = /\/Font\s*<<([^>]*)>>/.exec(dict);
    if (!resources) continue;
    for (const ref of resources[1].matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
      const font = objs.get(Number(ref[2]));
      const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const cmap = cmapRef ? objs.get(Number(cmapRef[1]))?.stream : null;
      fonts.set(ref[1], cmap ? toUnicode(cmap.toString('latin1')) : null);
    }
  }
  let text = '';
  for (const { stream } of objs.values()) {
    if (!stream) continue;
    const content = stream.toString('latin1');
    if (!/\bT[jJ]\b/.test(content)) continue;
    let font: Map<string, string> | null = null;
    for (const op of content.matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|(\[(?:[^\]\\]|\\.)*\]|<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*T[jJ]/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      for (const s of op[2].matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
        if (s[1] !== undefined) {
          const hex = s[1].toLowerCase();
          if (font) {
            const width = [...font.keys()][0]?.length ?? 4;
            for (let i = 0; i < hex.length; i += width) text += font.get(hex.slice(i, i + width)) ?? '';
          } else text += Buffer.from(hex, 'hex').toString('latin1');
        } else text += s[2].replace(/\\([()\\])/g, '$1');
      }
    }
  }
  return text;
}
