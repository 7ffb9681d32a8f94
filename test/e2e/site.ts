// Shared helpers of the shop's end-to-end tests: the screen x language cases taken from THE paths table
// (contract/paths.ts, so a new screen is covered without touching the tests), plain-fetch access to
// the server-rendered HTML with a tiny tag parser, and a browser page watcher that fails on console errors,
// warnings and page errors (React 19 reports hydration mismatches as page errors).
import type { ConsoleMessage, Page } from 'playwright-core';
import { createI18n } from '../../client/src/i18n/instance.js';
import { LOCALES, LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { SCREENS, SCREEN_IDS, alternatesOf, publicPath, type ScreenId } from '../../contract/paths.js';
import { nameFromSlug } from '../../client/src/brand/format.js';
import { BASE_URL } from '../support/browser.js';
import type { CartView } from '../../contract/api/cart.js';

export { BASE_URL };

/** Sample values for every path parameter the table uses. A new parameter name must be added here. */
export const SAMPLE_PARAMS: Record<string, string> = {
  slug: 'kamut-spaghetti',
  token: 'abc123',
  product: 'kamut',
  number: 'ZZ-2026-000123',
};

/**
 * Data-driven screens (issue 3) answer 404 for slugs that are not in the demo catalogue: they get real ones,
 * chosen to be the same in all four languages ('penne-rigate', category 'superfoodie') so the name shown is
 * still nameFromSlug(slug) and the alternates keep the same parameters.
 */
export const SCREEN_SAMPLE_PARAMS: Partial<Record<ScreenId, Record<string, string>>> = {
  product: { slug: 'penne-rigate' },
  products_slug: { slug: 'superfoodie' },
  webshop_slug: { slug: 'superfoodie' },
};

/**
 * Content detail screens (issue 12): the sample slugs name no entry, so every address of theirs in the shared
 * screen tests is the 404 page in the error layout (real entries: test/e2e/content.test.ts).
 */
/**
 * Screens whose title and h1 come from the content (the entry's SEO title and title, issue 12), not from the
 * screen's texts in the locale files; test/e2e/content.test.ts checks their text.
 */
export const CONTENT_TEXT_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'recipes',
  'blog',
  'superfoodie',
  'about_us',
  'story',
  'eu_projects',
  'delivery',
  'cookies',
  'gdpr',
  'privacy_policy',
  'general_terms',
  'payment_terms',
]);

export const NO_CONTENT_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>(['recipe', 'blog_post', 'superfoodie_slug', 'method']);

/**
 * Screens whose sample parameters name nothing that exists for the visitor (the demo customer has no order
 * 'ZZ-2026-000123'): every address of theirs in the shared screen tests is the 404 page.
 */
export const NOT_FOUND_SAMPLE_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>(['profile_order']);

export function paramsOf(screen: ScreenId): Record<string, string> {
  const sample = SCREEN_SAMPLE_PARAMS[screen];
  if (sample) return sample;
  const names = [...SCREENS[screen].internal.matchAll(/\$([A-Za-z_]\w*)/g)].map((m) => m[1]);
  return Object.fromEntries(
    names.map((name) => {
      const value = SAMPLE_PARAMS[name];
      if (!value) throw new Error(`No sample value for path parameter "${name}" of screen ${screen}: add it to SAMPLE_PARAMS`);
      return [name, value];
    }),
  );
}

export interface ScreenCase {
  screen: ScreenId;
  locale: Locale;
  params: Record<string, string>;
  /** Public path, e.g. /de/produkten/kamut-spaghetti */
  path: string;
}

/** Every screen in every language, with sample parameters. */
export function screenCases(): ScreenCase[] {
  return SCREEN_IDS.flatMap((screen) =>
    LOCALES.map((locale) => {
      const params = paramsOf(screen);
      return { screen, locale, params, path: publicPath(screen, locale, params) };
    }),
  );
}

export const absolute = (path: string): string => new URL(path, `${BASE_URL}/`).href;

/** Absolute alternates of a screen: hr, en, de, sl and x-default (-> hr). */
export function expectedAlternates(screen: ScreenId, params: Record<string, string>): Record<string, string> {
  const alternates = alternatesOf(screen, params);
  return { ...Object.fromEntries(LOCALES.map((l) => [l, absolute(alternates[l])])), 'x-default': absolute(alternates.hr) };
}

// ---------------------------------------------------------------------------------------------------
// Translations (the bundled resources the client renders with)

const i18n = createI18n('hr');
export const tFor = (locale: Locale) => i18n.getFixedT(locale);

/** The name a parameterised screen shows for its sample slug ('kamut-spaghetti' -> 'Kamut spaghetti'). */
export const sampleName = (params: Record<string, string>): string => nameFromSlug(params.slug ?? params.product);

// ---------------------------------------------------------------------------------------------------
// Plain HTTP

/** GET like a browser asking for a page, without following redirects. */
export function getHtml(path: string, opts: { cookie?: string; acceptLanguage?: string; userAgent?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };
  if (opts.cookie !== undefined) headers.cookie = opts.cookie;
  if (opts.acceptLanguage !== undefined) headers['accept-language'] = opts.acceptLanguage;
  if (opts.userAgent !== undefined) headers['user-agent'] = opts.userAgent;
  // Concatenated, not resolved: `//kontakt` must reach the server as a path, not as a host.
  return fetch(`${BASE_URL}${path}`, { redirect: 'manual', headers });
}

export const localeCookie = (locale: Locale): string => `${LOCALE_COOKIE}=${locale}`;

/** The `Set-Cookie` headers of a response, one string each. */
export const setCookies = (res: Response): string[] => res.headers.getSetCookie();

/** Runs `fn` over `items` with at most `limit` in flight, results in input order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// A tiny HTML reader for server-rendered pages (React's output: double-quoted attributes, escaped text)

export type Attrs = Record<string, string>;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[k];
  });
}

function parseAttrs(source: string): Attrs {
  const attrs: Attrs = {};
  for (const m of source.matchAll(/([^\s=/>]+)(?:\s*=\s*"([^"]*)")?/g)) attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? '');
  return attrs;
}

/** Text content of an HTML fragment: tags and comments removed, entities decoded, whitespace collapsed. */
export function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export class HtmlPage {
  readonly head: string;
  readonly body: string;

  constructor(readonly html: string) {
    const end = html.indexOf('</head>');
    this.head = end >= 0 ? html.slice(0, end) : '';
    this.body = end >= 0 ? html.slice(end) : html;
  }

  /** Start tags named `name` (attributes only), in document order. */
  static tags(fragment: string, name: string): Attrs[] {
    return [...fragment.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => parseAttrs(m[1]));
  }

  /** Elements named `name` with their attributes and text (no nesting of the same element). */
  static elements(fragment: string, name: string): Array<{ attrs: Attrs; inner: string; text: string }> {
    return [...fragment.matchAll(new RegExp(`<${name}\\b([^>]*)>([\\s\\S]*?)</${name}>`, 'gi'))].map((m) => ({
      attrs: parseAttrs(m[1]),
      inner: m[2],
      text: textOf(m[2]),
    }));
  }

  get lang(): string | undefined {
    return HtmlPage.tags(this.html, 'html')[0]?.lang;
  }

  get title(): string | undefined {
    const m = /<title>([\s\S]*?)<\/title>/.exec(this.head);
    return m ? decodeEntities(m[1]) : undefined;
  }

  links(rel: string): Attrs[] {
    return HtmlPage.tags(this.head, 'link').filter((l) => l.rel === rel);
  }

  /** Content of every `<meta name|property=key>` in the head. */
  meta(key: string): string[] {
    return HtmlPage.tags(this.head, 'meta')
      .filter((m) => m.name === key || m.property === key)
      .map((m) => m.content);
  }

  get main(): Attrs | undefined {
    return HtmlPage.tags(this.body, 'main')[0];
  }

  get h1s(): string[] {
    return HtmlPage.elements(this.body, 'h1').map((e) => e.text);
  }

  /** The `<nav aria-label=label>` element's inner HTML. */
  nav(label: string): string | undefined {
    return HtmlPage.elements(this.body, 'nav').find((n) => n.attrs['aria-label'] === label)?.inner;
  }
}

export async function readPage(res: Response): Promise<HtmlPage> {
  return new HtmlPage(await res.text());
}

// ---------------------------------------------------------------------------------------------------
// Browser

const NOT_FOUND_RESOURCE = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

export interface ConsoleWatch {
  /** Errors, warnings and page errors so far, minus Chromium's own line for a 404 document. */
  problems(): string[];
}

/**
 * Watches a page's console. Chromium logs "Failed to load resource: … 404" for a document answered with 404;
 * exactly that message for exactly the document URL is expected on the error page and left out. Every other
 * error or warning (a hydration mismatch, a failed chunk, a CSP refusal, React's warnings) is a problem.
 */
export function watchPage(page: Page): ConsoleWatch {
  const seen: Array<{ text: string; url: string; documentUrl: string; status: number | null }> = [];
  const statusOf = new Map<string, number>();
  page.on('response', (res) => {
    if (res.request().isNavigationRequest()) statusOf.set(res.url(), res.status());
  });
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const url = m.location().url;
    seen.push({ text: `${m.type()}: ${m.text()}`, url, documentUrl: page.url(), status: statusOf.get(url) ?? null });
  });
  page.on('pageerror', (e) => seen.push({ text: `pageerror: ${e.message}`, url: '', documentUrl: page.url(), status: null }));
  return {
    problems: () =>
      seen
        .filter((p) => !(p.text === `error: ${NOT_FOUND_RESOURCE}` && p.status === 404 && p.url === p.documentUrl))
        .map((p) => `${p.text}${p.url ? ` (${p.url})` : ''} on ${p.documentUrl}`),
  };
}

/**
 * Waits until the router has hydrated the server-rendered page and the stream has ended (the router's
 * bootstrap object `$_TSR` deletes itself then), plus one frame for effects and late console output.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !('$_TSR' in self) && '__TSR_ROUTER__' in self);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** Marks the current document; `sameDocument` tells later whether navigations stayed client-side. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (self as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export const sameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (self as unknown as { __e2eMark?: boolean }).__e2eMark === true);

/**
 * Navigates with the app's own router (client-side), as a ScreenLink would: `to` is an internal route path
 * (`/$locale/contact`) with params, or `href` a public URL that goes through the router's rewrite.
 */
export async function routerNavigate(
  page: Page,
  opts: { to: string; params?: Record<string, string>; hash?: string } | { href: string },
): Promise<void> {
  await page.evaluate(async (o) => {
    const router = (self as unknown as { __TSR_ROUTER__: { navigate: (o: unknown) => Promise<void> } }).__TSR_ROUTER__;
    await router.navigate(o);
  }, opts);
}

export const windowScrollY = (page: Page): Promise<number> => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the window and waits for the scroll event, so the router has seen the position. */
export async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        addEventListener('scroll', () => setTimeout(resolve, 50), { once: true });
        window.scrollTo(0, top);
      }),
    y,
  );
}

/** Screens only a signed-in user sees (issue 4), typed out: visitors are sent to the login page. */
export const PROTECTED_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'profile',
  'profile_edit',
  'profile_orders',
  'profile_order',
  'profile_reset_password',
]);

/** The demo customer the shop seeds outside production (README). */
export const DEMO_CUSTOMER = { email: 'kupac@zlatnozrno.test', password: 'tjestenina' } as const;

/**
 * Signs in over the API as a browser would (CSRF token from /api/csrf, then POST /api/auth/login) and
 * returns the Cookie header value of that session (CSRF cookie included).
 */
export async function signInCookies(email: string = DEMO_CUSTOMER.email, password: string = DEMO_CUSTOMER.password): Promise<string> {
  const csrf = await fetch(`${BASE_URL}/api/csrf`);
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const jar = new Map(csrf.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const login = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookieHeader() },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email} failed: ${login.status} ${await login.text()}`);
  for (const c of login.headers.getSetCookie()) {
    const [k, v] = c.split(';')[0].split('=');
    jar.set(k, v);
  }
  return cookieHeader();
}

/** Adds packs through the API from the page, with the page's CSRF token (as an add-to-cart button would). */
export async function addViaApi(page: Page, code: string, quantity: number): Promise<void> {
  const status = await page.evaluate(
    async ({ code, quantity }) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const res = await fetch('/api/cart/items', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ product_code: code, quantity }),
      });
      return res.status;
    },
    { code, quantity },
  );
  expect([code, status]).toEqual([code, 200]);
}

/** The cart as the API answers it to the page's cookies. */
export const apiCart = (page: Page, locale: Locale): Promise<CartView> =>
  page.evaluate(async (l) => ((await (await fetch(`/api/cart?locale=${l}`)).json()) as { data: CartView }).data, locale);
