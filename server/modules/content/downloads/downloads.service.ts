import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DOWNLOAD_KINDS, type DownloadKind, type DownloadView } from '../../../../contract/api/downloads.js';
import type { Locale } from '../../../../contract/locales.js';
import { CatalogService } from '../../catalog/index.js';
import { renderCataloguePdf } from './catalogue-pdf.js';
import { FALLBACK_TITLES, FILE_NAMES, zagrebDay } from './downloads-texts.js';
import { renderFunBookPdf } from './fun-book-pdf.js';
import { cachedPdf, PdfCache, type CachedPdf, type PdfCacheBounds } from '../../../platform/pdf/index.js';

/**
 * Where the downloads' titles and summaries come from: the content module's `downloads` entries
 * (content/downloads/*.md). The content module provides it under this token
 * (`downloadTextsProvider(ContentService)`); without it, or when it has no entry for a kind, the
 * texts of `FALLBACK_TITLES` are used.
 */
export const DOWNLOAD_TEXTS = 'CONTENT_DOWNLOAD_TEXTS';
export interface DownloadTextsSource {
  downloadTexts(locale: Locale): Promise<Array<{ kind: string; title: string; summary: string }>>;
}

/** Raise when the PDFs' layout or texts in code change: the cached files and their ETags then change too. */
const RENDER_VERSION = 1;
/** The catalogue PDF prints at most this many products (the demo has 16; the shop a few dozen). */
export const CATALOGUE_MAX_PRODUCTS = 400;
/** 4 languages x 2 files, a few versions each: a catalogue PDF is 40-50 kB with the demo catalogue, a fun book 55-70 kB. */
const PDF_CACHE_BOUNDS: PdfCacheBounds = { maxEntries: 24, maxBytes: 8 * 1024 * 1024 };
/** The fun book's date (its content changes only with the code). */
const FUN_BOOK_DATE = new Date('2023-09-01T00:00:00Z');

export interface DownloadFile extends CachedPdf {
  kind: DownloadKind;
  /** The name to save it under, e.g. `zlatno-zrno-katalog-proizvoda-2026-11-24.pdf`. */
  fileName: string;
}

@Injectable()
export class DownloadsService {
  private readonly logger = new Logger('downloads');
  private readonly cache = new PdfCache(PDF_CACHE_BOUNDS);

  constructor(
    private readonly catalog: CatalogService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Both downloads in `locale`, each with the size of the file its URL answers now. */
  async list(locale: Locale): Promise<DownloadView[]> {
    const texts = await this.texts(locale);
    const files = await Promise.all(DOWNLOAD_KINDS.map((kind) => this.file(kind, locale, texts)));
    return files.map((f) => ({
      kind: f.kind,
      title: texts[f.kind].title,
      summary: texts[f.kind].summary,
      url: `/api/content/downloads/${f.kind}.pdf?locale=${locale}`,
      size_bytes: f.bytes.length,
      content_type: 'application/pdf' as const,
      file_name: f.fileName,
    }));
  }

  /**
   * The file of `kind` in `locale`. The catalogue is read from the catalogue module on every call
   * (priced now, offers applied) and the PDF is rendered only when what it prints differs from a
   * kept one: a price change, an offer starting or ending, a new product or text shows in the next
   * download, in every process, whether or not an event announced it.
   */
  async file(kind: DownloadKind, locale: Locale, texts?: Record<DownloadKind, { title: string; summary: string }>): Promise<DownloadFile> {
    const title = (texts ?? (await this.texts(locale)))[kind].title;
    if (kind === 'catalogue') {
      const now = new Date();
      const { year, month, day } = zagrebDay(now);
      const dayDate = new Date(Date.UTC(year, month - 1, day));
      const catalogue = await this.catalog.printedCatalogue(locale, now, CATALOGUE_MAX_PRODUCTS);
      const model = { locale, at: dayDate, title, catalogue, maxProducts: CATALOGUE_MAX_PRODUCTS };
      const pdf = await this.cache.get(key({ v: RENDER_VERSION, kind, ...model, at: dayDate.toISOString() }), () => this.render(kind, locale, () => renderCataloguePdf(model)));
      return { ...pdf, kind, fileName: `${FILE_NAMES[kind][locale]}-${dayDate.toISOString().slice(0, 10)}.pdf` };
    }
    const model = { locale, title, createdAt: FUN_BOOK_DATE };
    const pdf = await this.cache.get(key({ v: RENDER_VERSION, kind, ...model }), () => this.render(kind, locale, () => renderFunBookPdf(model)));
    return { ...pdf, kind, fileName: `${FILE_NAMES[kind][locale]}.pdf` };
  }

  private async render(kind: DownloadKind, locale: Locale, make: () => Promise<Buffer>): Promise<CachedPdf> {
    const started = process.hrtime.bigint();
    const bytes = await make();
    this.logger.log(`rendered ${kind} (${locale}): ${bytes.length} bytes in ${Number((process.hrtime.bigint() - started) / 1_000_000n)} ms`);
    return cachedPdf(bytes);
  }

  /** Titles and summaries: the content entries when there are, else the built-in ones. */
  async texts(locale: Locale): Promise<Record<DownloadKind, { title: string; summary: string }>> {
    const out = { catalogue: FALLBACK_TITLES.catalogue[locale], 'fun-book': FALLBACK_TITLES['fun-book'][locale] };
    const source = this.source();
    if (!source) return out;
    try {
      for (const entry of await source.downloadTexts(locale)) {
        if ((DOWNLOAD_KINDS as readonly string[]).includes(entry.kind) && entry.title.trim()) {
          out[entry.kind as DownloadKind] = { title: entry.title, summary: entry.summary };
        }
      }
    } catch (err) {
      this.logger.warn(`download texts unavailable, using the built-in ones: ${(err as Error).message}`);
    }
    return out;
  }

  private source(): DownloadTextsSource | null {
    try {
      return this.moduleRef.get<DownloadTextsSource>(DOWNLOAD_TEXTS, { strict: false });
    } catch {
      return null;
    }
  }
}

function key(model: unknown): string {
  return createHash('sha256').update(JSON.stringify(model)).digest('hex');
}

/**
 * The provider the content module adds so the titles come from its `downloads` entries:
 * `providers: [..., downloadTextsProvider(ContentService)]`. Typed structurally, so this folder does
 * not depend on the content service's file.
 */
export function downloadTextsProvider(contentService: abstract new (...args: never[]) => { aboutUs(locale: Locale): Promise<{ downloads: Array<{ kind: string; title: string; summary: string }> }> }) {
  return {
    provide: DOWNLOAD_TEXTS,
    inject: [contentService],
    useFactory: (content: { aboutUs(locale: Locale): Promise<{ downloads: Array<{ kind: string; title: string; summary: string }> }> }): DownloadTextsSource => ({
      downloadTexts: async (locale) => (await content.aboutUs(locale)).downloads,
    }),
  };
}
