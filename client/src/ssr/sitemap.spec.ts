import { describe, expect, it } from '@jest/globals';
import {
  SITEMAP_PATHS,
  buildRobots,
  buildSitemap,
  buildSitemapIndex,
  contentSitemapEntries,
  localizedEntry,
  privatePathPrefixes,
  screenEntry,
  sitemapLocaleOf,
  sitemapScreens,
} from './sitemap';

const URL_BASE = 'https://www.zlatnozrno.example';

/** Well-formedness of the simple XML these builders write: declaration, balanced elements, escaped text. */
function expectWellFormed(xml: string, root: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('\n') + 1).trim();
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(body.startsWith(`<${root} `)).toBe(true);
  expect(body.endsWith(`</${root}>`)).toBe(true);
  // Text between tags: no raw '<' or unescaped '&'.
  for (const text of body.split(/<[^>]*>/)) expect(text).not.toMatch(/<|&(?!(?:amp|lt|gt|quot|apos);)/);
}

describe('sitemap index (/sitemap.xml)', () => {
  const xml = buildSitemapIndex(URL_BASE);

  it('names the four language sitemaps, absolute, in a well-formed sitemapindex', () => {
    expectWellFormed(xml, 'sitemapindex');
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*<\/sitemap>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${URL_BASE}/sitemap-hr.xml`,
      `${URL_BASE}/en/sitemap.xml`,
      `${URL_BASE}/de/sitemap.xml`,
      `${URL_BASE}/sl/sitemap.xml`,
    ]);
  });

  it('knows which path is which language sitemap', () => {
    expect(SITEMAP_PATHS).toEqual({ hr: '/sitemap-hr.xml', en: '/en/sitemap.xml', de: '/de/sitemap.xml', sl: '/sl/sitemap.xml' });
    expect(sitemapLocaleOf('/en/sitemap.xml')).toBe('en');
    expect(sitemapLocaleOf('/sitemap-hr.xml')).toBe('hr');
    expect(sitemapLocaleOf('/sitemap.xml')).toBeNull();
    expect(sitemapLocaleOf('/hr/sitemap.xml')).toBeNull();
  });
});

describe('language sitemaps', () => {
  const xml = buildSitemap(URL_BASE, 'de');
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);
  const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)?.[1]);

  it('is a well-formed urlset with the xhtml namespace', () => {
    expectWellFormed(xml, 'urlset');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
  });

  it('lists every public page without parameters once, in its own language only', () => {
    expect(urls).toHaveLength(sitemapScreens().length);
    for (const path of ['/de', '/de/produkten', '/de/uber-uns', '/de/eu-projekte', '/de/rezepte']) {
      expect(locs).toContain(`${URL_BASE}${path}`);
    }
    for (const loc of locs) expect(loc === `${URL_BASE}/de` || loc?.startsWith(`${URL_BASE}/de/`)).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    const croatian = [...buildSitemap(URL_BASE, 'hr').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(croatian).toEqual(expect.arrayContaining([`${URL_BASE}/`, `${URL_BASE}/o-nama`, `${URL_BASE}/prica-vrijedna-svakog-slova`]));
    for (const loc of croatian) expect(loc).not.toMatch(/^https:\/\/[^/]+\/(en|de|sl)(\/|$)/);
  });

  it('leaves out private, parameterised and noindex pages', () => {
    for (const locale of ['hr', 'en'] as const) {
      const all = buildSitemap(URL_BASE, locale);
      for (const path of [
        '/kosarica',
        '/en/cart',
        '/placanje',
        '/prijava',
        '/profil',
        '/en/profile/orders',
        '/proizvod',
        '/ponisti-lozinku',
      ]) {
        expect(all).not.toContain(`<loc>${URL_BASE}${path}</loc>`);
      }
      expect(all).not.toContain('$');
    }
  });

  it('gives every url its four alternates and x-default (Croatian)', () => {
    const german = urls.find((u) => u.includes(`<loc>${URL_BASE}/de/produkten</loc>`)) ?? '';
    expect(german).toContain(`<xhtml:link rel="alternate" hreflang="hr" href="${URL_BASE}/proizvodi"/>`);
    expect(german).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${URL_BASE}/en/products"/>`);
    expect(german).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${URL_BASE}/de/produkten"/>`);
    expect(german).toContain(`<xhtml:link rel="alternate" hreflang="sl" href="${URL_BASE}/sl/izdelki"/>`);
    expect(german).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${URL_BASE}/proizvodi"/>`);
    for (const url of urls) expect(url.match(/<xhtml:link /g)).toHaveLength(5);
  });

  it("takes products from data with each language's slug, escaped, with lastmod when known", () => {
    const product = localizedEntry(
      'product',
      { hr: { slug: 'sarma&co' }, en: { slug: 'cabbage-rolls' }, de: { slug: 'kohlrouladen' }, sl: { slug: 'sarma' } },
      '2026-11-01',
    );
    const withData = buildSitemap(URL_BASE, 'de', [product, screenEntry('products_slug', { slug: 'tjestenina' })]);
    expectWellFormed(withData, 'urlset');
    expect(withData).toContain(`<url>
    <loc>${URL_BASE}/de/product/kohlrouladen</loc>
    <lastmod>2026-11-01</lastmod>
    <xhtml:link rel="alternate" hreflang="hr" href="${URL_BASE}/proizvod/sarma&amp;co"/>
    <xhtml:link rel="alternate" hreflang="en" href="${URL_BASE}/en/product/cabbage-rolls"/>`);
    expect(withData).toContain(`<loc>${URL_BASE}/de/produkten/tjestenina</loc>`);
    expect(withData).not.toMatch(/&co/);
    expect(buildSitemap(URL_BASE, 'hr', [product])).toContain(`<loc>${URL_BASE}/proizvod/sarma&amp;co</loc>`);
  });
});

describe('robots.txt', () => {
  const robots = buildRobots(URL_BASE);

  it('points to the sitemap index', () => {
    expect(robots).toContain(`Sitemap: ${URL_BASE}/sitemap.xml`);
    expect(robots.startsWith('User-agent: *\n')).toBe(true);
  });

  it('disallows the private pages in every language and the API', () => {
    const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
    expect(disallowed).toContain('/api/');
    const covered = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of [
      '/kosarica',
      '/en/cart',
      '/de/cart',
      '/sl/kosarica',
      '/placanje',
      '/en/checkout',
      '/prijava',
      '/sl/login',
      '/profil',
      '/profil/uredi',
      '/en/profile/orders',
      '/ponisti-lozinku/abc',
      '/de/reset-password/abc',
      '/placanje-uspjesno',
      '/en/payment-fail',
      '/zaboravljena-lozinka',
    ]) {
      expect([path, covered(path)]).toEqual([path, true]);
    }
    expect(privatePathPrefixes().every((p) => !p.includes('$'))).toBe(true);
  });

  it('does not disallow public pages', () => {
    for (const path of ['/proizvodi', '/recepti', '/kontakt', '/o-nama', '/en/about-us']) {
      expect(robots).not.toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
      // no Disallow prefix covers a public page
      for (const prefix of privatePathPrefixes()) expect(path.startsWith(prefix)).toBe(false);
    }
  });
});

describe('content entries in the sitemaps', () => {
  const entries = contentSitemapEntries([
    { type: 'recipes', key: 'penne', alternates: { hr: 'penne-ljuta', en: 'penne-arrabbiata' }, lastmod: '2026-03-01T08:00:00.000Z' },
    {
      type: 'methods',
      key: 'classic',
      alternates: { hr: 'klasicna', en: 'classic', de: 'klassisch', sl: 'klasicna' },
      lastmod: '2026-03-02T08:00:00.000Z',
    },
    { type: 'blog', key: 'hello', alternates: { en: 'hello' }, lastmod: '2026-03-03T08:00:00.000Z' },
  ]);

  it("gives each published language its own slug on the screen's path", () => {
    expect(entries[0]!.alternates).toEqual({ hr: '/recepti/penne-ljuta', en: '/en/recipes/penne-arrabbiata' });
    expect(entries[1]!.alternates).toEqual({
      hr: '/klasicna-metoda',
      en: '/en/classic-method',
      de: '/de/klassisch-method',
      sl: '/sl/klasicna-metoda',
    });
    expect(entries[2]!.alternates).toEqual({ en: '/en/blog/hello' });
  });

  it('lists an entry only in the sitemaps of its languages, with hreflang for exactly those (x-default only with Croatian)', () => {
    const de = buildSitemap(URL_BASE, 'de', entries);
    expectWellFormed(de, 'urlset');
    expect(de).not.toContain('penne');
    expect(de).toContain(`<loc>${URL_BASE}/de/klassisch-method</loc>`);
    const en = buildSitemap(URL_BASE, 'en', entries);
    const penne = en.slice(en.indexOf(`<loc>${URL_BASE}/en/recipes/penne-arrabbiata</loc>`));
    const block = penne.slice(0, penne.indexOf('</url>'));
    expect([...block.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual(['hr', 'en', 'x-default']);
    expect(block).toContain('<lastmod>2026-03-01T08:00:00.000Z</lastmod>');
    const hello = en.slice(en.indexOf(`<loc>${URL_BASE}/en/blog/hello</loc>`));
    expect([...hello.slice(0, hello.indexOf('</url>')).matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual(['en']);
  });
});
