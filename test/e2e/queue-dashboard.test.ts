// /admin/queues in Chromium: bull-board renders under its own CSP (no blocked script, no
// inline-style refusal), behind basic auth. The only refusal is intended: the UI's Google Fonts
// stylesheet, which operators' browsers must not fetch from a third party.
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, watchConsole } from '../support/browser.js';

// The e2e shop runs with NODE_ENV=test and no QUEUE_DASHBOARD_PASSWORD: the development default.
const credentials = { username: 'operator', password: 'operator-dev' };

describe('queue dashboard in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('asks for credentials', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL });
    try {
      const res = await context.request.get('/admin/queues');
      expect(res.status()).toBe(401);
      expect(res.headers()['www-authenticate']).toMatch(/^Basic /);
    } finally {
      await context.close();
    }
  });

  it('shows every queue to an operator without CSP violations', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, httpCredentials: credentials });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin/queues');
      for (const name of ['events', 'mail', 'scheduled']) {
        await page.getByRole('link', { name, exact: true }).first().waitFor();
      }
      await page.getByRole('link', { name: 'mail', exact: true }).first().click();
      await page.waitForURL(/\/admin\/queues\/queue\/mail/);
      await page.waitForLoadState('networkidle');
      // bull-board's own bundle warns about unused preloads; errors and CSP refusals are what count.
      const refused = problems.filter(
        (p) => !p.includes('fonts.googleapis.com') && (/^(error|pageerror)/.test(p) || /Content Security Policy/i.test(p)),
      );
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
