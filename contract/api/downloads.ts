import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '../locales.js';
import { data, report, single } from './fields.js';

/**
 * The downloads of the about-us page (`/api/content/downloads`, module content, docs/content.md
 * 'Downloads'): the product catalogue as a PDF made from the live catalogue in each language (so
 * products, prices and offers are those of the shop at that moment) and the fun book of the alphabet
 * pasta campaign as a PDF. The list gives each file's size; the files are at stable URLs
 * (`/api/content/downloads/catalogue.pdf?locale=hr`, `/api/content/downloads/fun-book.pdf?locale=hr`)
 * with an ETag (If-None-Match answers 304).
 */

export const DOWNLOAD_KINDS = ['catalogue', 'fun-book'] as const;
export const DownloadKindSchema = z.enum(DOWNLOAD_KINDS);
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export function isDownloadKind(value: unknown): value is DownloadKind {
  return typeof value === 'string' && (DOWNLOAD_KINDS as readonly string[]).includes(value);
}

/** `?locale=` of the list and the files: one of the four languages (default: the request's language). */
export const DownloadsQuery = z.object({
  locale: z
    .unknown()
    .transform((raw, ctx): Locale | undefined => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!isLocale(v)) report(ctx, 'DOWNLOADS_INVALID_LOCALE');
      return isLocale(v) ? v : undefined;
    })
    .optional()
    .meta({
      type: 'string',
      enum: [...LOCALES],
      description: 'Language of the file and its texts (default: the language of the request, else hr)',
    }),
});
export type DownloadsQuery = z.output<typeof DownloadsQuery>;

/** `:file` of `GET /api/content/downloads/:file`: `catalogue.pdf` or `fun-book.pdf` (anything else: 404 DOWNLOADS_NOT_FOUND). */
export const DownloadFileParams = z.object({ file: z.string().meta({ enum: DOWNLOAD_KINDS.map((k) => `${k}.pdf`) }) });

export const DownloadView = z.object({
  kind: DownloadKindSchema,
  title: z.string().meta({ example: 'Katalog proizvoda' }),
  summary: z.string(),
  /** Path of the file in this language, e.g. `/api/content/downloads/catalogue.pdf?locale=hr`. */
  url: z.string().meta({ example: '/api/content/downloads/catalogue.pdf?locale=hr' }),
  size_bytes: z.number().int().positive().meta({ description: 'Exact size of the file the URL answers now' }),
  content_type: z.literal('application/pdf'),
  file_name: z
    .string()
    .meta({ description: 'The name the browser saves it under', example: 'zlatno-zrno-katalog-proizvoda-2026-11-24.pdf' }),
});
export type DownloadView = z.infer<typeof DownloadView>;

export const DownloadsResponse = data(z.array(DownloadView));
export type DownloadsResponse = z.infer<typeof DownloadsResponse>;
