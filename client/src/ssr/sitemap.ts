/**
 * /sitemap.xml and /robots.txt.
 *
 * The sitemap lists every public screen without parameters in all four languages, each <url> with
 * xhtml:link alternates for hr, en, de, sl and x-default (-> hr). Private screens (cart, checkout, payment
 * results, login, registration, password screens, account) are left out, disallowed in robots.txt and
 * marked noindex; so is the product page without a slug, which shows no product of its own. Parameterised
 * pages (products, recipes, posts) come from data: the issues that bring that data pass them in as `extra`.
 */
import { LOCALES, DEFAULT_LOCALE } from '../i18n/locales';
import { SCREENS, SCREEN_IDS, alternatesOf, type ScreenId } from '../i18n/paths';

export interface SitemapEntry {
  screen: ScreenId;
  params?: Record<string, string>;
}

/** Screens with a fixed path that belong in search results. */
export function sitemapScreens(): ScreenId[] {
  return SCREEN_IDS.filter((s) => !SCREENS[s].private && !SCREENS[s].noindex && !SCREENS[s].internal.includes('$'));
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

export function buildSitemap(publicUrl: string, extra: SitemapEntry[] = []): string {
  const entries: SitemapEntry[] = [...sitemapScreens().map((screen) => ({ screen })), ...extra];
  const urls: string[] = [];
  for (const { screen, params } of entries) {
    const alternates = alternatesOf(screen, params);
    const links = [
      ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(absolute(publicUrl, alternates[l]))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absolute(publicUrl, alternates[DEFAULT_LOCALE]))}"/>`,
    ].join('\n');
    for (const locale of LOCALES) {
      urls.push(`  <url>\n    <loc>${escapeXml(absolute(publicUrl, alternates[locale]))}</loc>\n${links}\n  </url>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Path prefixes of the private screens in every language (`/ponisti-lozinku/` for token paths), shortest form. */
export function privatePathPrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const screen of SCREEN_IDS) {
    if (!SCREENS[screen].private) continue;
    for (const locale of LOCALES) {
      const path = `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}${SCREENS[screen].paths[locale]}`;
      const dynamicAt = path.indexOf('$');
      prefixes.add(dynamicAt >= 0 ? path.slice(0, path.lastIndexOf('/', dynamicAt) + 1) : path);
    }
  }
  // A prefix already covered by a shorter one (robots.txt matches by prefix) is left out.
  return [...prefixes].filter((p) => ![...prefixes].some((q) => q !== p && p.startsWith(q))).sort();
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /admin/',
    ...privatePathPrefixes().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
