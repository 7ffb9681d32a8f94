/**
 * THE per-process cache of the shop (the render cache's pages, the catalogue's answers and search
 * pages, the video lookups, the generated PDFs): least recently used entries go first once `maxEntries` or `maxBytes` is passed, and every
 * entry has its own time to live. Plain Map order is the recency order (a read moves the entry to the end).
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expires: number; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes?: number },
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether a live entry is kept under `key`, without making it the most recently used. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expires > this.now();
  }

  /** `ttlMs` may be Infinity: kept until pushed out by the bounds (or deleted). */
  set(key: string, value: V, ttlMs: number, bytes = 0): void {
    this.delete(key);
    if (this.limits.maxBytes !== undefined && bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, expires: this.now() + ttlMs, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.limits.maxEntries || (this.limits.maxBytes !== undefined && this.bytes > this.limits.maxBytes)) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
