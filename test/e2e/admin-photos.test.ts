// The back office's photos screen in Chromium against the built shop (docs/admin.md 'Photos'): on a
// phone's width the demo admin picks a photo (setInputFiles on the file input, as the gallery would
// hand it over), watches it arrive, writes its alt text in Croatian, taps the picture to set the
// centre of interest, saves with the one save bar; the shop's product page then shows the photo as
// <picture> (AVIF, WebP, JPEG) with that alt text. axe-core at 360 and 1280 px, no sideways scroll;
// screenshots in /tmp/admin-photos-*.png. The photo is removed at the end (the demo keeps its drawing).
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { publicPath } from '../../contract/paths.js';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { BASE_URL, hydrated } from './site.js';

const ADMIN = { email: 'operater@zlatnozrno.test', password: 'operater-demo' } as const;
/** A demo product no other browser test looks at. */
const PRODUCT = 'ZZ-SF-KAMUT-400';
const ALT = 'Fusilli u drvenoj zdjeli na kuhinjskom stolu';

async function accessible(page: Page, shot: string): Promise<void> {
  expect(describeViolations(await axeViolations(page))).toBe('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `/tmp/admin-photos-${shot}.png`, fullPage: true });
}

/** A phone-like portrait JPEG: warm background, a darker band in its upper third (what the centre is set on). */
async function photo(): Promise<Buffer> {
  const band = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#8a4b10' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#e8c070' } })
    .composite([{ input: band, left: 0, top: 300 }])
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 1 })
    .toBuffer();
}

describe('the photos screen (/admin/products/$code/photos) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone: upload, alt text, centre of interest, one save; the shop shows the photo with its alt text', async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true, viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      const path = `/admin/products/${PRODUCT}/photos`;
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/prijava');
      await hydrated(page);
      const login = page.getByTestId('login-form');
      await login.locator('input[name="email"]').fill(ADMIN.email);
      await login.locator('input[name="password"]').fill(ADMIN.password);
      await login.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: /^Fotografije:/ }).waitFor();
      await page.getByText('Još nema fotografija.').waitFor();

      // Pick a photo (the 'choose photos' input; 'take a photo' is the same input with capture).
      await page.locator('#photo-upload-files').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await photo() });
      await page.getByRole('heading', { level: 2, name: /Fotografija 1 od 1/ }).waitFor();
      await page.getByText('dodano').waitFor();
      // The picture really arrives (a /media/ URL, not the page renderer's 404).
      await page.waitForFunction(() => {
        const el = document.querySelector('.focal-frame img') as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth > 0;
      });

      await page.getByLabel('Što se vidi na fotografiji').fill(ALT);
      // A tap on the picture's upper part sets the centre of interest there.
      const frame = page.getByRole('button', { name: 'Središte fotografije 1' });
      const box = (await frame.boundingBox())!;
      await frame.click({ position: { x: box.width / 2, y: box.height * 0.3 } });
      await page.getByText(/Središte: 50 % slijeva, 3\d % odozgo/).waitFor();
      // ... and the keyboard moves it (one press: 5 %).
      await frame.press('ArrowDown');
      await page.getByText(/Središte: 50 % slijeva, [34]\d % odozgo/).waitFor();
      await page.getByText('2 promjene').waitFor();
      await accessible(page, 'hr-360');
      await page.getByRole('button', { name: 'Spremi' }).click();
      await page.getByText('Spremljeno. Trgovina već prikazuje promjene.').waitFor();
      expect(await page.getByText('2 promjene').count()).toBe(0);

      await page.setViewportSize({ width: 1280, height: 900 });
      await accessible(page, 'hr-1280');

      // The shop's product page: the photo as <picture> with AVIF and WebP sources and the alt text.
      const found = (await (await fetch(`${BASE_URL}/api/catalog/products?locale=hr&page_size=48`)).json()) as {
        data: { items: Array<{ code: string; slug: string }> };
      };
      const slug = found.data.items.find((i) => i.code === PRODUCT)!.slug;
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(publicPath('product', 'hr', { slug }));
      await hydrated(page);
      const img = page.locator(`main picture img[alt="${ALT}"]`);
      await img.waitFor();
      expect(await page.locator('main picture source[type="image/avif"]').count()).toBe(1);
      expect(await page.locator('main picture source[type="image/webp"]').count()).toBe(1);
      await page.waitForFunction((alt) => {
        const el = document.querySelector(`main picture img[alt="${alt}"]`) as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth > 0;
      }, ALT);
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/[0-9a-f]{16}-\d+\.avif$/);
      await page.screenshot({ path: '/tmp/admin-photos-shop-360.png' });

      // Back to the screen: remove it (asked first), so the demo product shows its drawing again.
      await page.goto(path);
      await page.getByRole('heading', { level: 2, name: /Fotografija 1 od 1/ }).waitFor();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Ukloni fotografiju 1' }).click();
      await page.getByText('Još nema fotografija.').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
