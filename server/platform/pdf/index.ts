// The shop's one PDF kit (pdfkit with the brand fonts): the content downloads and the invoices draw with it.
export { A4, BRAND, newDocument } from './pdf-document.js';
export {
  brandFonts,
  faceRanges,
  fontName,
  fontRuns,
  registerBrandFonts,
  textHeight,
  textWidth,
  uncovered,
  writeText,
  type Doc,
  type FaceName,
  type LoadedFonts,
} from './pdf-fonts.js';
export { cachedPdf, PdfCache, type CachedPdf, type PdfCacheBounds } from './pdf-cache.js';
