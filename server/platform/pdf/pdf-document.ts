import PDFDocument from 'pdfkit';
import { registerBrandFonts, type Doc } from './pdf-fonts.js';

/** The brand's colours (the product art and the site's theme). */
export const BRAND = {
  ink: '#2b2118',
  muted: '#6b5d4f',
  cream: '#fff8e7',
  wheat: '#f4d27a',
  gold: '#c8962c',
  red: '#b23a2b',
  green: '#2e7d32',
  line: '#e6dcc6',
} as const;

export const A4 = { width: 595.28, height: 841.89 } as const;

/**
 * A new A4 document with the brand fonts registered, its pages kept until the end (so page numbers
 * can be written), and the bytes as one Buffer when `doc.end()` is called. The creation date is the
 * one given (not the clock), so the same content gives the same bytes: the ETag is their hash.
 */
export function newDocument(info: { title: string; author: string; subject: string; lang: string; createdAt: Date }): {
  doc: Doc;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    lang: info.lang,
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: info.author,
      Producer: info.author,
      CreationDate: info.createdAt,
      ModDate: info.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerBrandFonts(doc);
  return { doc, bytes };
}
