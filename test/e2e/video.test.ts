// Video embeds in Chromium (docs/video.md): on a recipe page and on the campaign page, no request leaves
// for any host but the shop before the visitor clicks the poster (every request recorded); the click
// loads the privacy-friendly player (YouTube's no-cookie host, Vimeo with do-not-track; both stood in for
// by page.route, the machine has no internet) with the spec's defaults and the features the page
// delegates; axe-core finds no violation before and after the click; without the metadata (offline) the
// poster is drawn with the page's title and still plays; without JavaScript it is a link. The shop's oEmbed calls go to the
// emulator the e2e setup started (test/support/oembed-emulator.mjs).
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { Campaign, RecipeDetail, RecipePage } from '../../contract/api/content.js';
import { parseVideoRef } from '../../contract/api/video.js';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { BASE_URL, hydrated, tFor, watchPage } from './site.js';

const SHOP = new URL(BASE_URL).origin;
const PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  return ((await res.json()) as { data: T }).data;
}

interface VideoPage {
  name: string;
  locale: Locale;
  path: string;
  video: string;
}

/** The campaign page and every recipe with a video, in one language. */
async function videoPages(locale: Locale): Promise<VideoPage[]> {
  const campaign = await api<Campaign>(`/api/content/campaign?locale=${locale}`);
  const list = await api<RecipePage>(`/api/content/recipes?locale=${locale}&limit=48`);
  const recipes = await Promise.all(list.items.map((r) => api<RecipeDetail>(`/api/content/recipes/${r.slug}?locale=${locale}`)));
  return [
    ...(campaign.video ? [{ name: 'campaign', locale, path: publicPath('story', locale), video: campaign.video }] : []),
    ...recipes
      .filter((r) => r.video)
      .map((r) => ({ name: `recipe ${r.key}`, locale, path: publicPath('recipe', locale, { slug: r.slug }), video: r.video! })),
  ];
}

describe('video embeds', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function context(locale: Locale, opts: { axe?: boolean; javaScript?: boolean } = {}): Promise<BrowserContext> {
    const ctx =
      opts.javaScript === false
        ? await browser.newContext({ baseURL: BASE_URL, locale, javaScriptEnabled: false })
        : await newContext(browser, { locale, axe: opts.axe ?? false });
    await ctx.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    // The players' hosts answer a tiny page of their own; anything else outside the shop is refused (and recorded).
    await ctx.route(/^https?:\/\//, async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === SHOP) return route.continue();
      if (PLAYERS.includes(url.origin))
        return route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><title>Player</title><p id="player">Player ${url.pathname}</p></html>`,
        });
      return route.abort();
    });
    return ctx;
  }

  function recordRequests(page: Page): Request[] {
    const seen: Request[] = [];
    page.on('request', (r) => seen.push(r));
    return seen;
  }
  const foreign = (requests: Request[]) => requests.map((r) => r.url()).filter((u) => new URL(u).origin !== SHOP);

  it('has a video on the campaign page and on recipes, in every language', async () => {
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) {
      const pages = await videoPages(locale);
      expect([locale, pages.some((p) => p.name === 'campaign'), pages.length >= 3]).toEqual([locale, true, true]);
      for (const p of pages) expect([p.name, parseVideoRef(p.video).ok]).toEqual([p.name, true]);
    }
  });

  it.each(['hr', 'en'] as const)('loads nothing from the provider before the click; the click loads the player (%s)', async (locale) => {
    const t = tFor(locale);
    const pages = await videoPages(locale);
    const chosen = [
      pages.find((p) => p.name === 'campaign')!,
      pages.find((p) => p.name.startsWith('recipe') && parseVideoRef(p.video).ok && p.video.includes('youtu'))!,
      pages.find((p) => p.video.includes('vimeo'))!,
    ];
    const ctx = await context(locale);
    try {
      for (const [n, target] of chosen.entries()) {
        const ref = parseVideoRef(target.video);
        if (!ref.ok) throw new Error(target.video);
        const page = await ctx.newPage();
        const watch = watchPage(page);
        const requests = recordRequests(page);
        const answer = await page.goto(target.path);
        expect(answer?.headers()['content-security-policy']).toContain(`frame-src 'self' ${PLAYERS.join(' ')}`);
        await hydrated(page);
        const title = `Video ${ref.ref.id}`;
        const poster = page.getByRole('button', { name: t('video.play', { title }) });
        await poster.waitFor();
        // The poster picture comes from our own origin, and has arrived.
        const picture = page.locator(`img[src^="/api/video/poster/${ref.ref.provider}/${ref.ref.id}"]`);
        await picture.waitFor();
        await page.waitForFunction(
          (src) => (document.querySelector(`img[src^="${src}"]`) as HTMLImageElement | null)?.complete === true,
          `/api/video/poster/`,
        );
        expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await page.waitForLoadState('networkidle');
        expect([target.name, foreign(requests)]).toEqual([target.name, []]);
        expect(await page.locator('iframe').count()).toBe(0);

        // Mouse on the first page, keyboard on the others: the poster is a real button.
        if (n === 0) await poster.click();
        else {
          await poster.focus();
          await page.keyboard.press('Enter');
        }
        const frame = page.locator('iframe');
        await frame.waitFor();
        const src = (await frame.getAttribute('src'))!;
        if (ref.ref.provider === 'youtube') expect(src).toBe(`https://www.youtube-nocookie.com/embed/${ref.ref.id}?autoplay=1`);
        else expect(src).toBe(`https://player.vimeo.com/video/${ref.ref.id}?${ref.ref.hash ? `h=${ref.ref.hash}&` : ''}dnt=1&autoplay=1`);
        expect(await frame.evaluate((f: HTMLIFrameElement) => [f.width, f.height, f.title, f.allow])).toEqual([
          '640',
          '320',
          t('video.frameTitle', { title }),
          'autoplay; fullscreen; picture-in-picture; encrypted-media',
        ]);
        await page.frameLocator('iframe').locator('#player').waitFor();
        // Focus went to the player; the only new host is the player's.
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
        const after = foreign(requests);
        expect(after.length).toBeGreaterThan(0);
        expect([...new Set(after.map((u) => new URL(u).origin))]).toEqual([new URL(src).origin]);
        // The page delegates exactly the player's features to it (Permissions-Policy + allow).
        const child = page.frames().find((f) => f.url().startsWith(new URL(src).origin))!;
        const allowed = await child.evaluate(() => {
          const policy = (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy;
          return policy
            ? ['fullscreen', 'autoplay', 'picture-in-picture', 'encrypted-media', 'camera', 'geolocation'].map((f) =>
                policy.allowsFeature(f),
              )
            : null;
        });
        expect(allowed).toEqual([true, true, true, true, false, false]);
        expect([target.name, watch.problems()]).toEqual([target.name, []]);
        await page.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it('has no axe-core violation before and after the click, on a recipe and on the campaign page', async () => {
    const locale: Locale = 'de';
    const t = tFor(locale);
    const pages = await videoPages(locale);
    const ctx = await context(locale, { axe: true });
    try {
      for (const target of [pages.find((p) => p.name === 'campaign')!, pages.find((p) => p.name.startsWith('recipe'))!]) {
        const ref = parseVideoRef(target.video);
        if (!ref.ok) throw new Error(target.video);
        const page = await ctx.newPage();
        await page.goto(target.path);
        await hydrated(page);
        const poster = page.getByRole('button', { name: t('video.play', { title: `Video ${ref.ref.id}` }) });
        await poster.waitFor();
        await page.locator('img[src^="/api/video/poster/"]').waitFor();
        const before = await axeViolations(page);
        expect([target.name, 'before', describeViolations(before)]).toEqual([target.name, 'before', '']);
        await poster.click();
        await page.frameLocator('iframe').locator('#player').waitFor();
        const after = await axeViolations(page);
        expect([target.name, 'after', describeViolations(after)]).toEqual([target.name, 'after', '']);
        await page.close();
      }
    } finally {
      await ctx.close();
    }
  });

  it("draws the poster with the page's title when the metadata cannot be had (offline), and the click still plays", async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const target = (await videoPages(locale)).find((p) => p.name.startsWith('recipe') && p.video.includes('youtu'))!;
    const ref = parseVideoRef(target.video);
    if (!ref.ok) throw new Error(target.video);
    const recipe = await api<RecipeDetail>(`/api/content/recipes/${target.path.split('/').pop()}?locale=${locale}`);
    const ctx = await context(locale);
    try {
      const page = await ctx.newPage();
      // What the browser gets from our API when the provider cannot be reached (a developer offline).
      await page.route('**/api/video/oembed?**', (route) =>
        route.fulfill({
          status: 504,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: [{ code: 'VIDEO_EMBED_TIMEOUT', message: 'embed error: no answer from the video provider within 3000 ms' }],
          }),
        }),
      );
      const requests = recordRequests(page);
      await page.goto(target.path);
      await hydrated(page);
      const poster = page.getByRole('button', { name: t('video.play', { title: recipe.title }) });
      await poster.waitFor();
      expect(await page.locator('[data-video-poster] img').count()).toBe(0);
      expect(foreign(requests)).toEqual([]);
      await poster.click();
      await page.frameLocator('iframe').locator('#player').waitFor();
      expect(await page.locator('iframe').getAttribute('title')).toBe(t('video.frameTitle', { title: recipe.title }));
    } finally {
      await ctx.close();
    }
  });

  it('without JavaScript shows the poster as a link to the video and still loads nothing from the provider', async () => {
    const locale: Locale = 'sl';
    const t = tFor(locale);
    const [campaign] = (await videoPages(locale)).filter((p) => p.name === 'campaign');
    const ref = parseVideoRef(campaign!.video);
    if (!ref.ok) throw new Error(campaign!.video);
    const ctx = await context(locale, { javaScript: false });
    try {
      const page = await ctx.newPage();
      const requests = recordRequests(page);
      await page.goto(campaign!.path);
      await page.waitForLoadState('networkidle');
      const link = page.locator('a[data-video-poster]');
      expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ref.ref.id}`);
      const title = (await api<Campaign>(`/api/content/campaign?locale=${locale}`)).title;
      expect((await link.textContent())?.trim()).toBe(t('video.watchAt', { provider: 'YouTube', title }));
      expect(await page.locator('iframe').count()).toBe(0);
      expect(foreign(requests)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
