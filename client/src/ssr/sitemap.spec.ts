import { describe, expect, it } from '@jest/globals';
import { buildRobots, buildSitemap, privatePathPrefixes, sitemapScreens } from './sitemap';

const URL_BASE = 'https://www.zlatnozrno.example';

describe('sitemap.xml', () => {
  const xml = buildSitemap(URL_BASE);
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);

  it('is a urlset with the xhtml namespace', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
  });

  it('lists every public page without parameters in four languages', () => {
    expect(urls).toHaveLength(sitemapScreens().length * 4);
    const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)?.[1]);
    for (const loc of [
      `${URL_BASE}/`,
      `${URL_BASE}/en`,
      `${URL_BASE}/de/produkten`,
      `${URL_BASE}/sl/izdelki`,
      `${URL_BASE}/o-nama`,
      `${URL_BASE}/de/uber-uns`,
      `${URL_BASE}/de/eu-projekte`,
      `${URL_BASE}/de/rezepte`,
      `${URL_BASE}/prica-vrijedna-svakog-slova`,
      `${URL_BASE}/uvjeti-i-nacini-placanja`,
      `${URL_BASE}/en/cookies`,
    ]) {
      expect(locs).toContain(loc);
    }
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out private, parameterised and noindex pages', () => {
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
      expect(xml).not.toContain(`<loc>${URL_BASE}${path}</loc>`);
    }
    expect(xml).not.toContain('$');
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

  it('takes parameterised pages from data and escapes them', () => {
    const withData = buildSitemap(URL_BASE, [{ screen: 'recipe', params: { slug: 'sarma&co' } }]);
    expect(withData).toContain(`<loc>${URL_BASE}/de/rezepte/sarma&amp;co</loc>`);
    expect(withData).not.toMatch(/&co/);
  });
});

describe('robots.txt', () => {
  const robots = buildRobots(URL_BASE);

  it('points to the sitemap', () => {
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
