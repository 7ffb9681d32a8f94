// The back office's content editor in Chromium against the built shop (docs/admin.md 'Content in the
// back office'): the demo operator opens the recipes, changes a recipe's Croatian title and its second
// step, previews the shop's real page with the draft (noindex, never cached), saves with Ctrl+Enter,
// and the shop's recipe page shows the change without a restart. axe-core on the editor at 1280 and
// 360 px, no sideways scroll at 360 px. The recipe is put back at the end (other tests read it).
// Screenshots: /tmp/admin-content-*.png.
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { signInOperator } from './operator.js';

const SLUG = 'tagliatelle-od-heljde-s-kupusom';

async function accessible(page: Page, shot: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.screenshot({ path: `/tmp/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the content editor (/admin/content) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the operator edits a recipe's title and a step, previews the real page, saves, and the shop shows it", async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    const stamp = Date.now().toString(36);
    const title = `Tagliatelle od heljde s kupusom ${stamp}`;
    const step = `Dodajte luk i pirjajte ga dok ne zamiriše (${stamp}).`;
    let restore: (() => Promise<void>) | null = null;
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin/content?type=recipes');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/content');
      await page.getByRole('heading', { level: 1, name: 'Tekstovi stranice' }).waitFor();
      await page.screenshot({ path: '/tmp/admin-content-list-1280.png', fullPage: true });
      await page.getByRole('link', { name: 'Tagliatelle od heljde s kupusom' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tagliatelle od heljde s kupusom' }).waitFor();
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const original = await page.evaluate(async (entryId) => {
        const res = await fetch(`/api/admin/content/entries/${entryId}`);
        const t = (
          (await res.json()) as { data: { translations: Array<{ locale: string; title: string; texts: { steps: string[] } }> } }
        ).data.translations.find((x) => x.locale === 'hr')!;
        return { title: t.title, steps: t.texts.steps };
      }, id);
      restore = async () => {
        await page.evaluate(
          async ({ entryId, body }) => {
            const csrf = ((await (await fetch('/api/csrf')).json()) as { token: string }).token;
            await fetch(`/api/admin/content/entries/${entryId}`, {
              method: 'PATCH',
              headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
              body: JSON.stringify(body),
            });
          },
          { entryId: id, body: { translations: { hr: { title: original.title, texts: { steps: original.steps } } } } },
        );
      };

      // The slug is locked (published), the title and the second step change.
      expect(await page.getByLabel('Web adresa').getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Naslov', { exact: true }).fill(title);
      await page.getByLabel('Korak 2', { exact: true }).fill(step);
      await page.getByRole('region', { name: 'Nespremljene promjene' }).getByText('2 promjene').waitFor();
      expect(await page.getByLabel('Web adresa').inputValue()).toBe(SLUG);
      await accessible(page, 'admin-content-edit-hr');

      // Preview: the shop's own page with the draft, in a new tab.
      const [preview, previewApi] = await Promise.all([
        context.waitForEvent('page'),
        page.waitForResponse((r) => r.url().endsWith(`/api/admin/content/entries/${id}/preview`)),
        page.getByRole('button', { name: 'Pregled na stranici' }).click(),
      ]);
      expect([previewApi.status(), previewApi.status() === 200 ? '' : await previewApi.text()]).toEqual([200, '']);
      const previewResponse = await preview.waitForResponse((r) => r.url().includes('?preview='));
      expect(previewResponse.headers()['x-robots-tag']).toBe('noindex, nofollow');
      expect(previewResponse.headers()['cache-control']).toBe('no-store');
      await preview.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await preview.getByText(step).count()).toBe(1);
      await preview.screenshot({ path: '/tmp/admin-content-preview-1280.png' });
      await preview.close();

      // Not yet on the site; Ctrl+Enter saves.
      const shop = await context.newPage();
      await shop.goto(`/recepti/${SLUG}`);
      expect(await shop.getByRole('heading', { level: 1 }).textContent()).toBe(original.title);
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/admin/content/entries/${id}`) && r.request().method() === 'PATCH'),
        page.getByLabel('Korak 2', { exact: true }).press('Control+Enter'),
      ]);
      expect(saved.status()).toBe(200);
      await page.getByRole('status').filter({ hasText: 'Spremljeno.' }).waitFor();

      // The shop's page follows within seconds (the render caches drop through the content events).
      const deadline = Date.now() + 15_000;
      let shown: string | null = null;
      while (Date.now() < deadline) {
        await shop.reload();
        shown = await shop.getByRole('heading', { level: 1 }).textContent();
        if (shown === title) break;
        await shop.waitForTimeout(300);
      }
      expect(shown).toBe(title);
      expect(await shop.getByText(step).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await restore?.().catch(() => undefined);
      await context.close();
    }
  });
});
