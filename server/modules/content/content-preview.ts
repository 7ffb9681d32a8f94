import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ContentType } from '../../../contract/api/content.js';
import type { Locale } from '../../../contract/locales.js';
import { publicPath, type ScreenId } from '../../../contract/paths.js';
import type { VisibleRow } from './content.repository.js';

/**
 * The preview of a draft on the shop's own page (docs/admin.md 'Content in the back office'): the
 * editor stores its unsaved state (`content_preview`, 15 minutes) and opens the real page with
 * `?preview=<token>`; the web server passes the token to the page's API calls (header
 * `X-Preview-Token`, server/platform/ssr), where the content API answers with the draft in place of
 * the published row (`previewScope`). The token is `<id>.<expires, unix seconds>.<HMAC-SHA256>`:
 * a forged, altered or expired one is refused (404), the page is noindex and never cached.
 */
export const PREVIEW_TTL_MS = 15 * 60 * 1000;
export const PREVIEW_HEADER = 'x-preview-token';

/** The draft row the public reads use instead of the stored one, for one request. */
export const previewScope = new AsyncLocalStorage<VisibleRow>();

function mac(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`content-preview:${id}:${exp}`).digest('base64url');
}

export function signPreview(secret: string, id: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${mac(secret, id, exp)}`;
}

/** The preview's id when the token is well-formed, signed by us and not expired; else null. */
export function verifyPreview(secret: string, token: unknown, now = new Date()): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id, expText, sig] = m;
  const exp = Number(expText);
  if (exp * 1000 <= now.getTime()) return null;
  const want = Buffer.from(mac(secret, id!, exp));
  const got = Buffer.from(sig!);
  return want.length === got.length && timingSafeEqual(want, got) ? id! : null;
}

/** The shop page that shows an entry of `type` in `locale` (its own page, or the page it is part of). */
export function previewPath(type: ContentType, key: string, slug: string, locale: Locale): string {
  const own: Partial<Record<ContentType, [ScreenId, Record<string, string>]>> = {
    recipes: ['recipe', { slug }],
    blog: ['blog_post', { slug }],
    superfoodie: ['superfoodie_slug', { slug }],
    methods: ['method', { product: slug }],
    campaigns: ['story', {}],
    'eu-projects': ['eu_projects', {}],
    team: ['about_us', {}],
    'b2b-customers': ['about_us', {}],
    certificates: ['about_us', {}],
    timeline: ['about_us', {}],
    downloads: ['about_us', {}],
    'recipe-categories': ['recipes', {}],
  };
  const pages: Record<string, ScreenId> = {
    'home-superfoodie': 'home',
    recipes: 'recipes',
    blog: 'blog',
    superfoodie: 'superfoodie',
    'about-us': 'about_us',
    story: 'story',
    'eu-projects': 'eu_projects',
    delivery: 'delivery',
    cookies: 'cookies',
    gdpr: 'gdpr',
    'privacy-policy': 'privacy_policy',
    'general-terms-and-conditions': 'general_terms',
    'terms-and-methods-of-payment': 'payment_terms',
  };
  if (type === 'pages') return publicPath(pages[key] ?? 'home', locale);
  const [screen, params] = own[type]!;
  return publicPath(screen, locale, params);
}

/** The rows a public read answers with the request's draft in place: replaced where it was, added where it matches. */
export function withPreview(
  rows: VisibleRow[],
  type: ContentType,
  locale: Locale,
  filter: { slug?: string; key?: string; keys?: string[]; category?: string },
): VisibleRow[] {
  const draft = previewScope.getStore();
  if (!draft || draft.type !== type || draft.locale !== locale) return rows;
  const matches =
    filter.slug !== undefined
      ? draft.slug === filter.slug
      : filter.key !== undefined
        ? draft.key === filter.key
        : filter.keys !== undefined
          ? filter.keys.includes(draft.key)
          : filter.category !== undefined
            ? draft.fields.category === filter.category
            : true;
  const at = rows.findIndex((r) => r.entry_id === draft.entry_id);
  if (!matches) return at >= 0 ? rows.filter((_, i) => i !== at) : rows;
  if (at >= 0) return rows.map((r, i) => (i === at ? draft : r));
  return [...rows, draft];
}
