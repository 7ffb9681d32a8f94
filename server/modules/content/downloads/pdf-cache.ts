/**
 * The generated PDFs a web process keeps (least recently used out first, bounded by count and bytes),
 * keyed by a hash of everything a file prints. A request for a key being rendered waits for that
 * render instead of starting another (a burst on a fresh catalogue renders it once).
 */
export interface CachedPdf {
  bytes: Buffer;
  etag: string;
}

export interface PdfCacheBounds {
  maxEntries: number;
  maxBytes: number;
}

/** 4 languages x 2 files, a few versions each: a catalogue PDF is 40-50 kB with the demo catalogue, a fun book 55-70 kB. */
export const PDF_CACHE_BOUNDS: PdfCacheBounds = { maxEntries: 24, maxBytes: 8 * 1024 * 1024 };

export class PdfCache {
  private readonly entries = new Map<string, CachedPdf>();
  private readonly pending = new Map<string, Promise<CachedPdf>>();
  private bytes = 0;

  constructor(private readonly bounds: PdfCacheBounds = PDF_CACHE_BOUNDS) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The file for `key`: kept, being rendered, or rendered now by `render`. A failed render is not kept. */
  async get(key: string, render: () => Promise<CachedPdf>): Promise<CachedPdf> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = render().then(
      (pdf) => {
        this.pending.delete(key);
        this.store(key, pdf);
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

  private store(key: string, pdf: CachedPdf): void {
    if (pdf.bytes.length > this.bounds.maxBytes) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes.length;
    }
  }
}
