import { cachedPdf, PdfCache } from './pdf-cache.js';
import { newDocument } from './pdf-document.js';
import { fontRuns, parseUnicodeRange, wrapLines, writeText, type CodePointRanges } from './pdf-fonts.js';

const RANGES: Record<'latin' | 'latin-ext', CodePointRanges> = {
  latin: parseUnicodeRange('U+0000-00FF,U+20AC,U+2000-206F,U+2212'),
  'latin-ext': parseUnicodeRange('U+0100-02BA'),
};

describe('font runs (fontsource latin + latin-ext subsets)', () => {
  it('reads the CSS unicode-range syntax and refuses anything else', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+0131, U+20AC')).toEqual([
      [0, 255],
      [0x131, 0x131],
      [0x20ac, 0x20ac],
    ]);
    expect(() => parseUnicodeRange('U+00ZZ')).toThrow();
  });

  it('keeps spaces and digits in the run they are in and switches only for letters a subset lacks', () => {
    expect(fontRuns('Šifra 12 čaša', RANGES)).toEqual([
      { subset: 'latin-ext', text: 'Š' },
      { subset: 'latin', text: 'ifra 12 ' },
      { subset: 'latin-ext', text: 'č' },
      { subset: 'latin', text: 'a' },
      { subset: 'latin-ext', text: 'š' },
      { subset: 'latin', text: 'a' },
    ]);
    expect(fontRuns('Größe 2,49 € −9 %', RANGES)).toEqual([{ subset: 'latin', text: 'Größe 2,49 € −9 %' }]);
    expect(fontRuns('đž', RANGES)).toEqual([{ subset: 'latin-ext', text: 'đž' }]);
    expect(fontRuns('', RANGES)).toEqual([]);
  });
});

describe('line breaking', () => {
  const measure = (s: string) => s.length; // one unit per character

  it('breaks at spaces within the width, keeping explicit line breaks', () => {
    expect(wrapLines('aaa bbb ccc dd', 7, measure)).toEqual(['aaa bbb', 'ccc dd']);
    expect(wrapLines('one\ntwo three', 20, measure)).toEqual(['one', 'two three']);
    expect(wrapLines('  spaced   out  ', 20, measure)).toEqual(['spaced out']);
  });

  it('cuts a word wider than the line where it must, and never loops on a zero width', () => {
    expect(wrapLines('abcdefghij xy', 4, measure)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
    expect(wrapLines('abc', 0, measure)).toEqual(['a', 'b', 'c']);
  });
});

describe('PDF cache', () => {
  const pdf = (n: number) => ({ bytes: Buffer.alloc(n), etag: `"${n}"` });

  it('keeps the most recently used files within its bounds', async () => {
    const cache = new PdfCache({ maxEntries: 2, maxBytes: 100 });
    await cache.get('a', async () => pdf(40));
    await cache.get('b', async () => pdf(40));
    await cache.get('a', async () => pdf(1)); // hit: a is now the most recent
    await cache.get('c', async () => pdf(40)); // over 2 entries: b goes
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    await cache.get('d', async () => pdf(90)); // over 100 bytes: a and c go
    expect([cache.has('a'), cache.has('c'), cache.has('d'), cache.totalBytes]).toEqual([false, false, true, 90]);
    await cache.get('huge', async () => pdf(101)); // larger than the whole budget: served, not kept
    expect(cache.has('huge')).toBe(false);
  });

  it('renders a key once for concurrent requests and does not keep a failure', async () => {
    const cache = new PdfCache({ maxEntries: 8, maxBytes: 1024 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return pdf(10);
    };
    const [x, y] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    expect(renders).toBe(1);
    expect(x).toBe(y);
    await expect(cache.get('bad', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.has('bad')).toBe(false);
    expect((await cache.get('bad', async () => pdf(5))).etag).toBe('"5"');
  });
});

describe('a new document', () => {
  async function render(createdAt: Date): Promise<Buffer> {
    const { doc, bytes } = newDocument({ title: 'Test', author: 'Zlatno zrno d.o.o.', subject: 'Test', lang: 'hr', createdAt });
    doc.addPage();
    writeText(doc, 'text', 12, 'Račun čćžšđ', { x: 40, y: 40, width: 300 });
    doc.end();
    return bytes;
  }

  it('gives the same bytes for the same content and date (not the clock), so its hash is an ETag', async () => {
    const a = await render(new Date('2026-07-14T08:05:09Z'));
    await new Promise((r) => setTimeout(r, 1100)); // a second later: pdfkit would write a new date if it read the clock
    const b = await render(new Date('2026-07-14T08:05:09Z'));
    const c = await render(new Date('2026-07-15T08:05:09Z'));
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(b.equals(a)).toBe(true);
    expect(c.equals(a)).toBe(false);
    expect(cachedPdf(b).etag).toBe(cachedPdf(a).etag);
    expect(cachedPdf(c).etag).not.toBe(cachedPdf(a).etag);
    expect(cachedPdf(a).etag).toMatch(/^"[\w-]{32}"$/);
  });
});
