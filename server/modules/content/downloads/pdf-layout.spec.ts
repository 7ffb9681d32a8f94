import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { LOCALES } from '../../../../contract/locales.js';
import { productLines } from './catalogue-pdf.js';
import { attachment, matchesEtag } from './downloads.controller.js';
import { CATALOGUE_LABELS, FALLBACK_TITLES, fill, formatDay, formatWeight } from './downloads-texts.js';
import { FUN_BOOK } from './fun-book-texts.js';
import { brandFonts, registerBrandFonts, uncovered } from '../../../platform/pdf/index.js';
import { drawSvg, faceFor, fitInto, parseColor, parseSvg, parseTransform } from './svg-drawing.js';

describe('the PDFs’ texts in the brand fonts', () => {
  it('has a glyph for every character the PDFs print, in every language, in both families', () => {
    const fonts = brandFonts();
    const texts = [
      ...LOCALES.flatMap((l) => Object.values(FUN_BOOK[l]).flatMap((v) => (Array.isArray(v) ? v.flatMap((x) => (typeof x === 'string' ? [x] : Object.values(x))) : [v]))),
      ...LOCALES.flatMap((l) => JSON.stringify(CATALOGUE_LABELS[l])),
      ...LOCALES.flatMap((l) => [FALLBACK_TITLES.catalogue[l].title, FALLBACK_TITLES['fun-book'][l].summary]),
      'čćđšžČĆĐŠŽäöüßÄÖÜ€−–„“”’·',
    ].join(' ');
    expect(uncovered(texts, fonts.ranges.figtree)).toEqual([]);
    expect(uncovered(texts, fonts.ranges.fraunces)).toEqual([]);
  });
});

describe('SVG drawing', () => {
  it('reads hex colours with alpha, none and names', () => {
    expect(parseColor('#0002')).toEqual({ color: '#000000', opacity: 0x22 / 255 });
    expect(parseColor('#f4d27a')).toEqual({ color: '#f4d27a', opacity: 1 });
    expect(parseColor('#FFF')).toEqual({ color: '#ffffff', opacity: 1 });
    expect(parseColor('white')).toEqual({ color: '#ffffff', opacity: 1 });
    expect(parseColor('none')).toBeNull();
    expect(parseColor('url(#g)')).toBeNull();
    expect(parseColor(undefined)).toBeNull();
  });

  it('reads transforms in order and skips what it does not know', () => {
    expect(parseTransform('translate(10 20) rotate(-30 120 200) scale(2) skewX(3)')).toEqual([
      { kind: 'translate', x: 10, y: 20 },
      { kind: 'rotate', angle: -30, cx: 120, cy: 200 },
      { kind: 'scale', x: 2, y: 2 },
    ]);
    expect(parseTransform('rotate(x)')).toEqual([]);
  });

  it('fits a picture into a box, centred, proportions kept', () => {
    expect(fitInto(320, 400, { x: 10, y: 20, width: 72, height: 90 })).toEqual({ scale: 0.225, x: 10, y: 20 });
    expect(fitInto(100, 100, { x: 0, y: 0, width: 200, height: 100 })).toEqual({ scale: 1, x: 50, y: 0 });
  });

  it('maps the drawings’ font families to the brand faces', () => {
    expect(faceFor('Georgia,serif', 'normal', 'italic')).toBe('heading-italic');
    expect(faceFor('Georgia,serif', 'bold', 'normal')).toBe('heading');
    expect(faceFor('Helvetica,Arial,sans-serif', 'bold', 'normal')).toBe('text-bold');
    expect(faceFor('sans-serif', '400', 'normal')).toBe('text');
  });

  it('parses every product drawing and draws it into a PDF; refuses DOCTYPEs and non-SVG', () => {
    const dir = resolve(process.cwd(), 'client/public/images/products');
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(15);
    const doc = new PDFDocument({ autoFirstPage: true });
    registerBrandFonts(doc);
    for (const f of files) {
      const svg = readFileSync(resolve(dir, f), 'utf8');
      const root = parseSvg(svg);
      expect(root.attrs.viewBox).toBe('0 0 320 400');
      expect(root.children.length).toBeGreaterThan(2);
      expect(drawSvg(doc, svg, { x: 0, y: 0, width: 72, height: 90 })).toBe(true);
    }
    expect(drawSvg(doc, '<!DOCTYPE svg [<!ENTITY x "y">]><svg/>', { x: 0, y: 0, width: 10, height: 10 })).toBe(false);
    expect(drawSvg(doc, '<html><body/></html>', { x: 0, y: 0, width: 10, height: 10 })).toBe(false);
    expect(drawSvg(doc, '<svg viewBox="0 0 0 0"/>', { x: 0, y: 0, width: 10, height: 10 })).toBe(false);
    doc.end();
  });
});

describe('texts and formats', () => {
  it('writes dates as each language does, on the Croatian calendar day', () => {
    const at = new Date('2026-11-24T23:30:00Z'); // already 25 November in Zagreb
    expect(formatDay(at, 'hr')).toBe('25. 11. 2026.');
    expect(formatDay(at, 'en')).toBe('25 November 2026');
    expect(formatDay(at, 'de')).toBe('25.11.2026');
    expect(formatDay(at, 'sl')).toBe('25. 11. 2026');
  });

  it('writes weights and fills placeholders', () => {
    expect(formatWeight(400, 'hr')).toBe('400 g');
    expect(formatWeight(1000, 'de')).toBe('1 kg');
    expect(formatWeight(2500, 'hr')).toBe('2,5 kg');
    expect(formatWeight(2500, 'en')).toBe('2.5 kg');
    expect(fill('{a} and {b} and {c}', { a: 1, b: 'x' })).toBe('1 and x and {c}');
  });

  it('has a fun-book page per letter of each alphabet, each word starting with its letter', () => {
    expect(FUN_BOOK.hr.letters.map((p) => p.letter).join(' ')).toBe('A B C Č Ć D Dž Đ E F G H I J K L Lj M N Nj O P R S Š T U V Z Ž');
    expect(FUN_BOOK.sl.letters).toHaveLength(25);
    expect(FUN_BOOK.en.letters.map((p) => p.letter).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(FUN_BOOK.de.letters).toHaveLength(29);
    for (const l of LOCALES) {
      for (const p of FUN_BOOK[l].letters) {
        expect([l, p.word.toLowerCase().startsWith(p.letter.toLowerCase())]).toEqual([l, true]);
        expect(p.line.trim().length).toBeGreaterThan(10);
      }
    }
  });

  it('prints a product’s lines: price with VAT, offer with the 30-day lowest, availability, ingredients', () => {
    const product = {
      code: 'ZZ-PENN-400',
      slug: 'penne',
      name: 'Penne rigate',
      short_description: 'Kratki opis.',
      category: { slug: 'c', name: 'C' },
      line: 'classic',
      pack: 'standard' as const,
      pack_grams: 400,
      image: null,
      price: {
        amount: 199,
        currency: 'EUR' as const,
        regular_amount: 249,
        per_kg: 498,
        offer: { starts_at: '2026-11-20T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z', reference_date: '2026-10-21', reference_price: 219, lowest_30d: 219, discount_percent: 9 },
      },
      availability: 'available' as const,
      stock_left: 8,
      ingredients: 'krupica durum pšenice',
      allergens: 'gluten',
      vat_rate: 25,
    };
    expect(productLines(product, 'hr', CATALOGUE_LABELS.hr).map((l) => l.text)).toEqual([
      'Penne rigate',
      'Šifra ZZ-PENN-400 · Pakiranje 400 g',
      'Cijena po komadu: 1,99 € (uključen PDV 25 %) · 4,98 € / kg',
      'Akcija traje do 1. 12. 2026. · Najniža cijena u posljednjih 30 dana: 2,19 € · −9 %',
      'Dostupno, još 8 kom.',
      'Kratki opis.',
      'Sastojci: krupica durum pšenice',
      'Alergeni: gluten',
    ]);
    const soldOut = { ...product, availability: 'soon_available_again' as const, stock_left: null, price: { ...product.price, offer: null } };
    expect(productLines(soldOut, 'en', CATALOGUE_LABELS.en).map((l) => l.text).slice(2, 4)).toEqual(['Price per piece: €1.99 (incl. 25% VAT) · €4.98 / kg', 'Soon available again']);
  });
});

describe('HTTP helpers', () => {
  it('offers an ASCII file name and the exact UTF-8 one', () => {
    expect(attachment('zlatno-zrno-fun-book.pdf')).toBe('attachment; filename="zlatno-zrno-fun-book.pdf"');
    expect(attachment('zlatno-zrno-zabavna-knjižica.pdf')).toBe(`attachment; filename="zlatno-zrno-zabavna-knjizica.pdf"; filename*=UTF-8''zlatno-zrno-zabavna-knji%C5%BEica.pdf`);
    expect(attachment('đak "x".pdf')).toBe(`attachment; filename="dak--x-.pdf"; filename*=UTF-8''%C4%91ak%20%22x%22.pdf`);
  });

  it('compares If-None-Match weakly, lists and * included', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
