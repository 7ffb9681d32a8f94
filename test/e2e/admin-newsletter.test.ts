// The back office's newsletter in Chromium against the built shop (docs/admin.md 'Newsletter'): the demo
// admin writes a newsletter in Croatian and German, sends a test to their own address (only they get it,
// marked [TEST]), sends it with the confirmation, and the mails are found only at the confirmed
// subscribers, each in their language (the pending and the unsubscribed address get none); the
// subscribers screen shows the consent records. axe-core at 1280 and 360 px, no sideways scroll at 360.
// Screenshots: /tmp/admin-newsletter-*.png.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { emlInbox } from '../support/eml-inbox.js';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { OPERATOR, signInOperator } from './operator.js';

async function accessible(page: Page, shot: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.screenshot({ path: `/tmp/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the newsletter screens (/admin/newsletter) in a browser', () => {
  let browser: Browser;
  const run = randomUUID().slice(0, 8);
  const address = (who: string) => `nl-e2e-${who}-${run}@example.com`;
  const people = { hr: address('hr'), de: address('de'), pending: address('pending'), gone: address('gone') };

  beforeAll(async () => {
    browser = await launchBrowser();
    // four addresses as the double opt-in leaves them: two confirmed (hr, de), one pending, one unsubscribed
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const rows: Array<[string, string, string]> = [
        [people.hr, 'hr', 'confirmed'],
        [people.de, 'de', 'confirmed'],
        [people.pending, 'hr', 'pending'],
        [people.gone, 'hr', 'unsubscribed'],
      ];
      for (const [email, locale, status] of rows)
        await db.query(
          `INSERT INTO newsletter_subscription (id, email, locale, status, source, consent_at, consent_ip, consent_text, consent_version,
             confirm_requested_at, confirmed_at, confirmed_ip, unsubscribe_nonce, unsubscribe_token_hash, unsubscribed_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'home', now(), '203.0.113.9', 'Želim primati newsletter Zlatnog zrna.', '2026-01', now(),
             CASE WHEN $4 <> 'pending' THEN now() END, CASE WHEN $4 <> 'pending' THEN '203.0.113.10' END,
             $5, $6, CASE WHEN $4 = 'unsubscribed' THEN now() END, now(), now())`,
          [randomUUID(), email, locale, status, randomUUID(), randomUUID().replace(/-/g, '')],
        );
    } finally {
      await db.end();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin writes a newsletter, tests it on themselves, sends it; only confirmed subscribers get it', async () => {
    const subject = { hr: `Jesenski recepti ${run}`, de: `Herbstrezepte ${run}` };
    const inbox = emlInbox();
    const admin = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await admin.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin/newsletter');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/newsletter');
      await page.getByRole('heading', { level: 1, name: 'Newsletter' }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Administracija' })
          .getByRole('link', { name: 'Newsletter' })
          .getAttribute('aria-current'),
      ).toBe('page');

      // Write it in Croatian.
      await page.getByRole('link', { name: 'Napiši newsletter' }).click();
      await page.getByRole('heading', { level: 1, name: 'Novi newsletter' }).waitFor();
      await page.locator('#campaign-name').fill(`Jesen ${run}`);
      await page.locator('#campaign-hr-subject').fill(subject.hr);
      await page.locator('#campaign-hr-block-0-text').fill('Jesen je stigla');
      await page.locator('#campaign-hr-block-1-text').fill('Za hladne dane: fuži s tartufima.');
      await page.getByRole('button', { name: 'Gumb', exact: true }).click();
      await page.locator('#campaign-hr-block-2-label').fill('Pogledajte recepte');
      await page.locator('#campaign-hr-block-2-url').fill('/recepti');
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/admin/newsletter/campaigns') && r.request().method() === 'POST'),
        page.locator('#campaign-hr-block-2-url').press('Control+Enter'),
      ]);
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { data: { id: string } }).data.id;
      await page.waitForURL((url) => url.pathname === `/admin/newsletter/${id}`);
      await page.locator('#campaign-notice').waitFor();

      // Add German, starting from the Croatian text.
      await page.getByRole('tab', { name: /Njemački/ }).click();
      await page.getByRole('button', { name: /Napiši verziju: Njemački/ }).click();
      await page.locator('#campaign-de-subject').fill(subject.de);
      await page.locator('#campaign-de-block-0-text').fill('Der Herbst ist da');
      await page.locator('#campaign-de-block-1-text').fill('Für kalte Tage: Fuži mit Trüffeln.');
      await page.locator('#campaign-de-block-2-label').fill('Rezepte ansehen');
      await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith(`/api/admin/newsletter/campaigns/${id}`) && r.request().method() === 'PATCH' && r.ok(),
        ),
        page.getByRole('button', { name: 'Spremi', exact: true }).click(),
      ]);
      await page.getByText('Spremljeno.').waitFor();
      // the preview of the saved German version, in its sandboxed frame
      const frame = page.frameLocator('iframe.mail-preview');
      await frame.getByText('Der Herbst ist da').waitFor();
      await page.locator('iframe.mail-preview').screenshot({ path: '/tmp/admin-newsletter-preview-de.png' });
      await accessible(page, 'admin-newsletter-editor-hr');

      // A test to the operator's own address only.
      await page.locator('#campaign-test-language').selectOption('de');
      await page.getByRole('button', { name: 'Pošalji mi probu' }).click();
      await page.getByText(`Proba je poslana na ${OPERATOR.email}.`).waitFor();
      const test = await inbox.waitFor(OPERATOR.email);
      expect(test.subject).toBe(`[TEST] ${subject.de}`);

      // Send, after the confirmation naming the count.
      await page.locator('#campaign-send').click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.textContent()).toMatch(new RegExp(`Poslati „Jesen ${run}” sada \\d+ pretplatnik`));
      await page.getByRole('button', { name: 'Da, pošalji sada' }).click();
      await page.locator('section.figures').waitFor();
      await page.getByText(/Završeno/).waitFor({ timeout: 30_000 });
      await accessible(page, 'admin-newsletter-sent-hr');

      // The mails: the confirmed subscribers, each in their language; nobody else of ours.
      const hrMail = await inbox.waitFor(people.hr);
      const deMail = await inbox.waitFor(people.de);
      expect([hrMail.subject, hrMail.language]).toEqual([subject.hr, 'hr']);
      expect([deMail.subject, deMail.language]).toEqual([subject.de, 'de']);
      expect(hrMail.links.some((l) => l.includes('/newsletter/odjava?token='))).toBe(true);
      const ours = (await inbox.all()).filter((m) => m.subject.includes(run));
      for (const nobody of [people.pending, people.gone]) expect(ours.filter((m) => m.to.includes(nobody))).toEqual([]);
      expect(ours.filter((m) => m.to.includes(OPERATOR.email)).map((m) => m.subject)).toEqual([`[TEST] ${subject.de}`]);

      // The list and the subscribers with their consent records.
      await page.getByRole('link', { name: 'Natrag na newslettere' }).click();
      await page.getByRole('link', { name: `Jesen ${run}` }).waitFor();
      await accessible(page, 'admin-newsletter-list-hr');
      await page.goto(`/admin/newsletter/subscribers?q=${run}`);
      await page.getByRole('heading', { level: 1, name: 'Pretplatnici' }).waitFor();
      await page.getByText(people.pending).waitFor();
      await accessible(page, 'admin-newsletter-subscribers-hr');
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
    }
  }, 90_000);
});
