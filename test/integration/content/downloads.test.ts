// The about-us downloads (issue 12): the product catalogue PDF made from the live catalogue in each
// language and the fun book PDF, listed with their exact sizes and served with ETag/304. A database of
// its own (only the demo catalogue and this file's products), the PDFs read back with a small text
// extractor (test/support/pdf-text.ts: pdfkit's glyph ids decoded through each font's ToUnicode map).
import request from 'supertest';
import { company } from '../../../contract/brand/company.js';
import { formatEuro } from '../../../contract/money.js';
import { LOCALES, type Locale } from '../../../contract/locales.js';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';
import { startShop } from '../../support/app.js';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { createProduct } from '../../factories/catalog.js';
import { isCompletePdf, pdfText } from '../../support/pdf-text.js';

interface Listed {
  kind: 'catalogue' | 'fun-book';
  title: string;
  summary: string;
  url: string;
  size_bytes: number;
  content_type: string;
  file_name: string;
}

/** Text of a PDF with line breaks as spaces (a wrapped line breaks where a space was). */
const flat = (pdf: Buffer) => pdfText(pdf).text.replace(/\s+/g, ' ');

function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** Letters only the language's own book has (its alphabet's pages), and words of its text. */
const BOOK_MARKS: Record<Locale, string[]> = {
  hr: ['Dž dž džem', 'Đ đ đak', 'Ć ć ćuk', 'Ž ž žito', 'Lj lj ljuljačka', 'PROČITAJ NAGLAS'],
  en: ['Q q queen', 'W w wheat', 'READ ALOUD'],
  de: ['Ä ä Ähre', 'Ö ö Öl', 'Ü ü Überraschung', 'Straße', 'heiß'],
  sl: ['Č č čebela', 'Š š štorklja', 'Ž ž žito', 'PREBERI NA GLAS'],
};

describe('content downloads', () => {
  let shop: RunningShop & { url: string };
  let database: { url: string; name: string } | undefined;

  beforeAll(async () => {
    database = await createDatabase('shop_downloads');
    shop = await startShop({ env: { DATABASE_URL: database.url } }); // migrates and seeds the demo catalogue
  });
  afterAll(async () => {
    await shop?.stop();
    if (database) await dropDatabase(database.name);
  });

  function get(url: string, headers: Record<string, string> = {}) {
    const req = request(shop.url).get(url).buffer(true).parse(binary);
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req;
  }

  it.each(LOCALES)('lists both PDFs in %s with their exact sizes, and serves them complete, in the brand fonts, every letter drawn', async (locale) => {
    const list = (await request(shop.url).get(`/api/content/downloads?locale=${locale}`).expect(200)).body.data as Listed[];
    expect(list.map((d) => d.kind)).toEqual(['catalogue', 'fun-book']);
    const products = (await request(shop.url).get(`/api/catalog/products?locale=${locale}&page_size=48`).expect(200)).body.data.items as Array<{
      code: string;
      name: string;
      price: { amount: number };
    }>;
    for (const d of list) {
      expect(d.url).toBe(`/api/content/downloads/${d.kind}.pdf?locale=${locale}`);
      expect(d.content_type).toBe('application/pdf');
      expect(d.title.trim()).not.toBe('');
      expect(d.summary.trim()).not.toBe('');
      const res = await get(d.url).expect(200);
      const pdf = res.body as Buffer;
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(Number(res.headers['content-length'])).toBe(pdf.length);
      expect(pdf.length).toBe(d.size_bytes);
      expect(isCompletePdf(pdf)).toBe(true);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"/);
      expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'])?.[1] ?? /filename="(.+)"/.exec(res.headers['content-disposition'])![1]!)).toBe(d.file_name);
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      const read = pdfText(pdf);
      expect(read.notdefGlyphs).toBe(0);
      expect(read.fonts).toEqual(expect.arrayContaining(['Figtree-Regular', 'Fraunces-Bold']));
      const text = flat(pdf);
      expect(text).toContain(d.title);
      if (d.kind === 'catalogue') {
        expect(text).toContain(company.legalName);
        expect(text).toContain(company.oib);
        // every demo product, with the price the shop charges now (offers applied), in this language's format
        for (const p of products.filter((x) => x.code.startsWith('ZZ-'))) {
          expect(text).toContain(p.name);
          expect(text).toContain(p.code);
          expect(text).toContain(formatEuro(p.price.amount, locale));
        }
      } else {
        for (const mark of BOOK_MARKS[locale]) expect(text).toContain(mark);
        expect(read.pages.length).toBeGreaterThanOrEqual(28);
      }
    }
  });

  it('shows a price change in the very next catalogue PDF, and its size in the list', async () => {
    const { code, names } = await createProduct(shop.app, { price: 333, names: { hr: 'Fuži za katalog', en: 'Fuži for the catalogue' } });
    const first = await get('/api/content/downloads/catalogue.pdf?locale=hr').expect(200);
    expect(flat(first.body)).toContain(`${names.hr} Šifra ${code}`);
    expect(flat(first.body)).toContain(`Cijena po komadu: ${formatEuro(333, 'hr')}`);
    await shop.app.get(PriceService).changePrice(code, 377);
    const list = (await request(shop.url).get('/api/content/downloads?locale=hr').expect(200)).body.data as Listed[];
    const second = await get('/api/content/downloads/catalogue.pdf?locale=hr').expect(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(flat(second.body)).toContain(`Cijena po komadu: ${formatEuro(377, 'hr')}`);
    expect(flat(second.body)).not.toContain(`Cijena po komadu: ${formatEuro(333, 'hr')}`);
    expect(list.find((d) => d.kind === 'catalogue')!.size_bytes).toBe((second.body as Buffer).length);
    const en = await get('/api/content/downloads/catalogue.pdf?locale=en').expect(200);
    expect(flat(en.body)).toContain(`Price per piece: ${formatEuro(377, 'en')}`);
  });

  it('answers 304 to If-None-Match with the current ETag, and the file again once it changed', async () => {
    for (const file of ['catalogue.pdf', 'fun-book.pdf']) {
      const res = await get(`/api/content/downloads/${file}?locale=sl`).expect(200);
      const etag = res.headers.etag as string;
      const again = await get(`/api/content/downloads/${file}?locale=sl`).expect(200);
      expect(again.headers.etag).toBe(etag); // same content, same bytes
      expect(Buffer.compare(again.body, res.body)).toBe(0);
      const notModified = await get(`/api/content/downloads/${file}?locale=sl`, { 'If-None-Match': `"other", ${etag}` }).expect(304);
      expect((notModified.body as Buffer).length).toBe(0);
      await get(`/api/content/downloads/${file}?locale=sl`, { 'If-None-Match': `W/${etag}` }).expect(304);
      await get(`/api/content/downloads/${file}?locale=sl`, { 'If-None-Match': '"stale"' }).expect(200);
    }
    const before = (await get('/api/content/downloads/catalogue.pdf?locale=sl').expect(200)).headers.etag as string;
    const { code } = await createProduct(shop.app, { price: 512 });
    await shop.app.get(PriceService).changePrice(code, 498);
    await get('/api/content/downloads/catalogue.pdf?locale=sl', { 'If-None-Match': before }).expect(200);
  });

  it('takes the language from the request when no locale is given', async () => {
    const list = (await request(shop.url).get('/api/content/downloads').set('Accept-Language', 'de-AT,de;q=0.9').expect(200)).body.data as Listed[];
    expect(list[0]!.url).toBe('/api/content/downloads/catalogue.pdf?locale=de');
    const res = await get('/api/content/downloads/fun-book.pdf').set('Cookie', 'locale=sl').expect(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''zlatno-zrno-zabavna-knji%C5%BEica.pdf");
  });

  it('refuses hostile values with a localized 4xx, never a 500', async () => {
    for (const q of ['locale=xx', 'locale=HR', 'locale=hr&locale=en', `locale=${'x'.repeat(5000)}`, 'locale=%00']) {
      for (const path of ['/api/content/downloads', '/api/content/downloads/catalogue.pdf', '/api/content/downloads/fun-book.pdf']) {
        const res = await request(shop.url).get(`${path}?${q}`).set('Accept-Language', 'hr');
        expect([q, [400, 422].includes(res.status)]).toEqual([q, true]);
        // a NUL is refused before any route by the shop's control-character check (400 CONTROL_CHARACTER)
        if (!q.includes('%00')) expect(res.body.errors[0]).toMatchObject({ code: 'DOWNLOADS_INVALID_LOCALE', field: 'locale', message: 'Jezik mora biti jedan od: hr, en, de, sl.' });
      }
    }
    for (const file of ['recipes.pdf', 'catalogue.PDF', 'catalogue', 'fun-book.pdf.exe', '..%2F..%2Fpackage.json', 'x'.repeat(300)]) {
      const res = await request(shop.url).get(`/api/content/downloads/${file}?locale=en`);
      expect([file, res.status, res.body.errors?.[0]?.code]).toEqual([file, 404, 'DOWNLOADS_NOT_FOUND']);
    }
    // a NUL in the path is refused before any route by the shop's control-character check
    const nul = await request(shop.url).get('/api/content/downloads/catalogue.pdf%00?locale=en');
    expect([nul.status, nul.body.errors[0].code]).toEqual([422, 'CONTROL_CHARACTER']);
    const nf = await request(shop.url).get('/api/content/downloads/recipes.pdf?locale=de').expect(404);
    expect(nf.body.errors[0]).toMatchObject({ code: 'DOWNLOADS_NOT_FOUND', message: 'Diesen Download gibt es nicht.' });
  });

  it('is listed in /api/docs', async () => {
    const docs = (await request(shop.url).get('/api/docs-json').expect(200)).body;
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/content/downloads', '/api/content/downloads/{file}']));
    expect(docs.paths['/api/content/downloads/{file}'].get.responses['200'].content).toHaveProperty(['application/pdf']);
  });
});
