import { randomBytes } from 'node:crypto';
import { TtlLru } from '../cache/index.js';

/**
 * The render cache (docs/performance.md): a server-rendered page that depends on nothing personal
 * is rendered once per language, path and query and then served from this process's memory.
 *
 * A request is anonymous when it is a GET of a returning visitor (the language cookie is there: a
 * first visit's language is negotiated from Accept-Language), carries no cookie but the anonymous
 * ones (the CSRF pair, the browser id, Google Analytics' cookies after consent, the language and the cookie choice: their values are part of
 * the key where they change the page) and no query but the pages' own (`page`, `q`). A signed-in visitor, a guest with
 * a cart, any other cookie or query, and every other method bypass the cache. Only a 200 without
 * Set-Cookie is stored.
 *
 * The parts of a page that belong to one response (the CSP nonce, the CSRF token) are rendered as
 * random per-process placeholders and filled in at every serve, so two visitors never share a token
 * or a nonce. Entries live at most `ttlMs` (prices with a scheduled offer change with time, not by an
 * event) and are dropped at once by `clear()` (catalogue events, through PostgreSQL NOTIFY to every web
 * process: render-cache-invalidation.ts). A render that started before a `clear()` is not stored.
 */

/**
 * The bounds of the shop's render cache (server/main.ts): pages are 20 to 100 kB (Croatian ones twice
 * that in memory, two bytes a character), the pages worth keeping a few hundred (home, the list's
 * first pages, the products per language); 32 MB keeps the web process under its memory goal of
 * 300 MB (docs/performance.md 'Memory') even when full.
 */
export const RENDER_CACHE_BOUNDS = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 } as const;

export interface RenderCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** Pages at most, least recently used out first. */
  maxEntries: number;
  /** Bytes of stored pages at most (as V8 holds the strings), least recently used out first. */
  maxBytes: number;
  now?: () => number;
}

/** Cookies an anonymous visitor may carry; the value of those in `KEYED_COOKIES` is part of the key. */
export interface AnonymousCookies {
  /** Allowed, value ignored (per-visitor, but only feeds the per-response parts). */
  ignored: readonly string[];
  /** Allowed, value ignored, by name prefix (cookies whose name carries an id, like Google Analytics' `_ga_<id>`). */
  ignoredPrefixes?: readonly string[];
  /** Allowed, value in the key (they change the page: language, cookie banner). */
  keyed: readonly string[];
  /**
   * Without it the visit is a first one: the page's language is negotiated from Accept-Language
   * (a redirect, or the page with the cookie set), which is this visitor's own: not cached.
   */
  required: string;
}

/** The queries a page may have and still be cached: the product list's page and search. */
export const CACHEABLE_QUERY_KEYS: ReadonlySet<string> = new Set(['page', 'q']);
const MAX_URL_LENGTH = 512;

export interface CacheableRequest {
  method: string;
  /** Path and query as requested (`req.originalUrl`). */
  url: string;
  cookies: Record<string, string | undefined>;
}

export type CacheDecision = { key: string } | { bypass: string };

export interface PerResponse {
  nonce: string;
  csrfToken: string;
}

interface Entry {
  headers: Array<[string, string]>;
  /** The body split at the placeholders: text, slot, text, slot, ..., text (slots say which value). */
  parts: string[];
  slots: Array<keyof PerResponse>;
}

export interface CachedPage {
  headers: Array<[string, string]>;
  body: string;
}

export class RenderCache {
  private readonly entries: TtlLru<Entry>;
  private gen = 0;
  /** Random per process: what the renderer writes where the nonce and the token go. Letters and digits only, so no escaping changes them. */
  readonly placeholders: PerResponse = {
    nonce: `zznonce${randomBytes(12).toString('hex')}`,
    csrfToken: `zzcsrf${randomBytes(12).toString('hex')}`,
  };
  private readonly now: () => number;

  constructor(
    private readonly opts: RenderCacheOptions,
    private readonly cookies: AnonymousCookies,
  ) {
    this.now = opts.now ?? Date.now;
    this.entries = new TtlLru({ maxEntries: opts.maxEntries, maxBytes: opts.maxBytes }, this.now);
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** Counts `clear()`s: a render stores its page only if none happened since it started. */
  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of an anonymous request, or why it is not one. */
  decide(req: CacheableRequest): CacheDecision {
    if (!this.enabled) return { bypass: 'off' };
    if (req.method !== 'GET') return { bypass: 'method' };
    if (req.url.length > MAX_URL_LENGTH) return { bypass: 'long url' };
    const keyed: string[] = [];
    for (const [name, value] of Object.entries(req.cookies)) {
      if (value === undefined) continue;
      if (this.cookies.keyed.includes(name)) keyed.push(`${name}=${value}`);
      else if (!this.cookies.ignored.includes(name) && !this.cookies.ignoredPrefixes?.some((p) => name.startsWith(p)))
        return { bypass: `cookie ${name}` };
    }
    if (req.cookies[this.cookies.required] === undefined) return { bypass: 'first visit' };
    const queryAt = req.url.indexOf('?');
    if (queryAt >= 0) {
      const seen = new Set<string>();
      for (const key of new URLSearchParams(req.url.slice(queryAt + 1)).keys()) {
        if (!CACHEABLE_QUERY_KEYS.has(key) || seen.has(key)) return { bypass: `query ${key.slice(0, 40)}` };
        seen.add(key);
      }
    }
    return { key: `${keyed.sort().join(';')}\n${req.url}` };
  }

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  /**
   * Stores a rendered page (its body with the placeholders) unless a `clear()` came after the render
   * started (`generation` as read before it) or the page is larger than the whole budget. Answers
   * whether it was stored.
   */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (!this.enabled || generation !== this.gen) return false;
    const { parts, slots } = splitAtPlaceholders(page.body, this.placeholders);
    const bytes = stringBytes(page.body) + page.headers.reduce((n, [k, v]) => n + stringBytes(k) + stringBytes(v), 0);
    if (bytes > this.opts.maxBytes) return false;
    this.entries.set(key, { headers: page.headers, parts, slots }, this.opts.ttlMs, bytes);
    return true;
  }

  /** Drops every entry (in this process) and stops renders in flight from storing theirs. */
  clear(): void {
    this.gen += 1;
    this.entries.clear();
  }

  /** A stored page with this response's nonce and token in place of the placeholders. */
  static serve(entry: Entry, values: PerResponse): string {
    let out = entry.parts[0]!;
    for (let i = 0; i < entry.slots.length; i++) out += values[entry.slots[i]!] + entry.parts[i + 1]!;
    return out;
  }

  /** Replaces the placeholders in text that is not stored: a header value, or a page rendered for the cache that turned out not cacheable. */
  fill(body: string, values: PerResponse): string {
    const { parts, slots } = splitAtPlaceholders(body, this.placeholders);
    return RenderCache.serve({ parts, slots, headers: [] }, values);
  }
}

/**
 * What a string occupies in V8: one byte a character when every character is Latin-1, else two
 * (a Croatian page with č is two-byte throughout). The stored parts are slices of the body, which
 * keep the body itself alive: its size is the entry's.
 */
function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

function splitAtPlaceholders(body: string, placeholders: PerResponse): { parts: string[]; slots: Array<keyof PerResponse> } {
  const pattern = new RegExp(`${placeholders.nonce}|${placeholders.csrfToken}`, 'g');
  const parts: string[] = [];
  const slots: Array<keyof PerResponse> = [];
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    parts.push(body.slice(last, match.index));
    slots.push(match[0] === placeholders.nonce ? 'nonce' : 'csrfToken');
    last = match.index + match[0].length;
  }
  parts.push(body.slice(last));
  return { parts, slots };
}
