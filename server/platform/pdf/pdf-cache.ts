import { createHash } from 'node:crypto';
import { TtlLru } from '../cache/index.js';

/**
 * The generated PDFs a web process keeps (the shared TtlLru: least recently used out first, bounded by
 * count and bytes, no time limit: the key changes with anything printed),
 * keyed by a hash of everything a file prints. A request for a key being rendered waits for that
 * render instead of starting another (a burst on a fresh catalogue renders it once). Each user of it
 * (the content downloads, the invoices) keeps its own, with bounds of its own.
 */
export interface CachedPdf {
  bytes: Buffer;
  etag: string;
}

export interface PdfCacheBounds {
  maxEntries: number;
  maxBytes: number;
}

/** A rendered file with its ETag: a hash of the bytes (our PDFs are deterministic, so equal content gives an equal ETag). */
export function cachedPdf(bytes: Buffer): CachedPdf {
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"` };
}

export class PdfCache {
  private readonly entries: TtlLru<CachedPdf>;
  /** Renders under way (not a cache: a request for the same key waits for the same render). */
  private readonly pending = new Map<string, Promise<CachedPdf>>();

  constructor(bounds: PdfCacheBounds) {
    this.entries = new TtlLru(bounds);
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.entries.totalBytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The file for `key`: kept, being rendered, or rendered now by `render`. A failed render is not kept. */
  async get(key: string, render: () => Promise<CachedPdf>): Promise<CachedPdf> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = render().then(
      (pdf) => {
        this.pending.delete(key);
        this.entries.set(key, pdf, Number.POSITIVE_INFINITY, pdf.bytes.length); // larger than the budget: not kept
        return pdf;
      },
      (err: unknown) => {
        this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, work);
    return work;
  }
}
