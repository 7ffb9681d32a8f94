// The back office's customer screens in Chromium against the built shop (docs/admin.md 'Customers'):
// the demo admin finds a customer by name, opens the profile, blocks the account with a reason
// (refused first without one: the message on the field, the focus on it), unblocks it, downloads the
// data export (a JSON file naming the person), and opens the invitations view. axe-core at 1280 and
// 360 px on the list, the profile and the invitations, no sideways scroll at 360 px. Screenshots:
// /tmp/admin-customers-*.png.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { signInOperator } from './operator.js';

async function accessible(page: Page, shot: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.screenshot({ path: `/tmp/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the customer screens (/admin/customers) in a browser', () => {
  let browser: Browser;
  const tag = randomUUID().slice(0, 6);
  const person = { id: randomUUID(), email: `lucija-${tag}@example.com`, lastName: `Blokić${tag}` };

  beforeAll(async () => {
    browser = await launchBrowser();
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO app_user (id, email, status, role, locale, first_name, last_name, phone, address, city, zip_code, country,
           billing_same_as_delivery, terms_accepted_at, terms_version, activated_at, created_at, updated_at)
         VALUES ($1, $2, 'active', 'customer', 'hr', 'Lucija', $3, '+385 91 222 3333', 'Vukovarska 3', 'Osijek', '31000', 'HR',
           true, now(), '2026-01', now(), now(), now())`,
        [person.id, person.email, person.lastName],
      );
    } finally {
      await db.end();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin finds a customer, blocks and unblocks the account, downloads the export', async () => {
    const admin = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await admin.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin/customers');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/customers');
      await page.getByRole('heading', { level: 1, name: 'Kupci' }).waitFor();

      // search by the surname; the search stays in the URL
      await page.getByLabel('Traži po imenu, e-mailu, tvrtki ili OIB-u').fill(person.lastName);
      await page.getByRole('button', { name: 'Prikaži' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === person.lastName);
      await page.getByText('1 kupac', { exact: true }).waitFor();
      await accessible(page, 'admin-customers-list-hr');
      await page.getByRole('link', { name: `Lucija ${person.lastName}` }).click();
      await page.waitForURL((url) => url.pathname === `/admin/customers/${person.id}`);
      await page.getByRole('heading', { level: 1, name: `Lucija ${person.lastName}` }).waitFor();
      await page.getByText('Vukovarska 3').waitFor();

      // blocking needs a reason: refused on the field, the focus on it
      await page.getByRole('button', { name: 'Blokiraj', exact: true }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('customer-reason');
      expect(await page.locator('#customer-reason-error').textContent()).toBe('Upišite razlog (barem 3 znaka).');
      await page.getByLabel('Razlog').fill('Tri neplaćene pošiljke pouzećem');
      await page.getByRole('button', { name: 'Blokiraj', exact: true }).click();
      await page.getByText('Račun je blokiran.').waitFor();
      await page.getByText('Razlog: Tri neplaćene pošiljke pouzećem').waitFor();
      await page.locator('section.history').getByText('Račun blokiran').waitFor();
      await accessible(page, 'admin-customers-profile-blocked-hr');

      await page.getByLabel('Razlog').fill('Dug je plaćen');
      await page.getByRole('button', { name: 'Odblokiraj', exact: true }).click();
      await page.getByText('Račun je odblokiran.').waitFor();
      await page.locator('section.history').getByText('Račun odblokiran').waitFor();

      // the data export downloads as one JSON file about the person
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Preuzmi podatke (JSON)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`customer-${person.id}.json`);
      const doc = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
        format: string;
        subject: { email: string };
        account: object;
      };
      expect(doc).toMatchObject({ format: 'zlatnozrno.customer-export.v1', subject: { email: person.email } });
      expect(doc.account).toMatchObject({ last_name: person.lastName, phone: '+385 91 222 3333' });

      // back to the list as it was, then the invitations view
      await page.getByRole('link', { name: 'Natrag na kupce' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/customers' && url.searchParams.get('q') === person.lastName);
      await page.getByRole('link', { name: 'Pozvani' }).click();
      await page.getByRole('heading', { level: 2, name: 'Pozovi poslovnog kupca' }).waitFor();
      await accessible(page, 'admin-customers-invited-hr');
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
