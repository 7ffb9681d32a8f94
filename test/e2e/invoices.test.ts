// What a buyer sees of invoices, in Chromium against the built shop (docs/invoicing/buyer.md):
// - a guest's cash-on-delivery order: the success page (the order's page by view token) says
//   'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29) in Croatian with the page's language beside it, and its
//   Invoices section says when the invoice comes (at the hand-over to delivery); axe at 1280 and 360 px;
// - a signed-in shopper pays by card (the payment sandbox) and, on the account's order page, finds the
//   invoice (number, fiscal state), no notice any more, downloads its PDF (bytes start with %PDF, its text
//   holds the invoice and order numbers); axe on the page; screenshots at 1280 and 360 px and the PDF's
//   first page as PNG (pdftoppm) for a person to look at when E2E_SHOTS_DIR is set.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OrderInvoicesResponse, type InvoiceSummary } from '../../contract/api/invoices.js';
import { NOT_FISCALIZED_NOTICE } from '../../contract/fiscal-notice.js';
import { formatEuro } from '../../contract/money.js';
import type { Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { axeViolations, describeViolations, launchBrowser } from '../support/browser.js';
import { emlInbox } from '../support/eml-inbox.js';
import { FILLED, guestContext, onConfirmation, text } from './checkout-steps.js';
import { pdfText } from './pdf-text.js';
import { addViaApi, BASE_URL, hydrated, tFor, watchPage } from './site.js';

/** Screenshots and the rendered PDF for people to look at (E2E_SHOTS_DIR); none without it. */
function shotsDir(): string | null {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = shotsDir();
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** No box wider than the viewport (a 360 px phone must not scroll sideways). */
const overflowsX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** A new account (registered over the API, activated from its mail's page), signed in in this page. */
async function signUpAndIn(page: Page, locale: Locale, email: string): Promise<void> {
  const inbox = emlInbox();
  await page.goto(publicPath('home', locale));
  await hydrated(page);
  const registered = await page.evaluate(
    async ({ address, language }) => {
      const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const res = await fetch('/api/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({
          first_name: 'Iva',
          last_name: 'Kovač',
          birthday: '1988-02-11',
          email: address,
          password: 'tjestenina1',
          password_confirmation: 'tjestenina1',
          terms_accepted: true,
          locale: language,
        }),
      });
      return res.status;
    },
    { address: email, language: locale },
  );
  expect(registered).toBeLessThan(300);
  await page.goto((await inbox.waitFor(email)).links[0].replace(BASE_URL, ''));
  await hydrated(page);
  await page.getByTestId('link-form').locator('button[type="submit"]').click();
  await page.getByTestId('link-done').waitFor();
  await page.goto(publicPath('login', locale));
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill('tjestenina1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== publicPath('login', locale));
}

describe('invoices in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  it("reads the text of a PDF the shop's own kit draws (so the PDF check below can fail)", async () => {
    // as the kit draws (server/modules/content/downloads/pdf-fonts.ts): the brand font's WOFF subsets,
    // the font switched between runs of Latin and Latin Extended characters
    const font = (subset: string) => createRequire(import.meta.url).resolve(`@fontsource/figtree/files/figtree-${subset}-400-normal.woff`);
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const bytes = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    doc.registerFont('latin', font('latin')).registerFont('ext', font('latin-ext'));
    doc.font('latin').text('Ra', { continued: true }).font('ext').text('č', { continued: true });
    doc.font('latin').text('un br. 17/ZZ1/1 za narud', { continued: true }).font('ext').text('ž', { continued: true });
    doc.font('latin').text('bu ZZ-2026-000123');
    doc.font('Helvetica').text('Standard 42/AB/1');
    doc.end();
    const pdf = await bytes;
    expect(pdfText(pdf)).toContain('Račun br. 17/ZZ1/1 za narudžbu ZZ-2026-000123');
    expect(pdfText(pdf)).toContain('Standard 42/AB/1');
    expect(pdfText(pdf)).not.toContain('18/ZZ1/1');
  });

  it("a cash-on-delivery order's page by view token says 'OVO NIJE FISKALIZIRANI RAČUN' and when the invoice comes", async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    contexts.push(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    const confirm = await onConfirmation(page, locale, { ...FILLED, email: `cod-invoice-${Date.now().toString(36)}@example.com` });
    await confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.has('token'));
    await hydrated(page);
    const main = page.locator('main');
    await main.getByTestId('order-summary').waitFor();

    const notice = main.getByTestId('not-fiscalized');
    await notice.waitFor();
    expect(await text(notice)).toBe(`${NOT_FISCALIZED_NOTICE} ${t('invoices.notFiscalized')}`);
    expect(await text(notice)).toContain('This is not a fiscalized invoice.');
    // the Croatian words are marked as Croatian on an English page (screen readers switch voice)
    expect(await notice.locator('[lang="hr"]').innerText()).toBe(NOT_FISCALIZED_NOTICE);
    expect(await notice.isVisible()).toBe(true);
    // before the payment data: the first thing of the order on the page
    const order = await main.getByTestId('order-summary').boundingBox();
    expect((await notice.boundingBox())!.y).toBeLessThan(order!.y);

    const invoices = main.getByTestId('order-invoices');
    await invoices.getByTestId('invoices-empty').waitFor();
    expect(await text(invoices.getByRole('heading', { level: 2 }))).toBe(t('invoices.heading'));
    expect(await text(invoices.getByTestId('invoices-empty'))).toBe(t('invoices.emptyCod'));
    expect(describeViolations(await axeViolations(page))).toBe('');
    await shot(page, 'invoices-success-cod-1280');

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsX(page)).toBe(false);
    expect(await notice.isVisible()).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await shot(page, 'invoices-success-cod-360');
    if (shotsDir()) await page.screenshot({ path: join(shotsDir()!, 'invoices-success-cod-360-top.png') });
    expect(watch.problems()).toEqual([]);
  });

  it("lists the invoices the API answers on the order's pages: an R1 invoice with its e-invoice and a storno, linked and named", async () => {
    const locale: Locale = 'de';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    contexts.push(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    const main = page.locator('main');
    const email = `invoice-list-${Date.now().toString(36)}@example.com`;
    await signUpAndIn(page, locale, email);
    const confirm = await onConfirmation(page, locale, { ...FILLED, email, first_name: 'Iva', last_name: 'Kovač' });
    await confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.has('token'));
    const token = new URL(page.url()).searchParams.get('token')!;
    const number = new URL(page.url()).searchParams.get('order')!;

    // what the API answers once the parcel went out and part of it came back (contract/api/invoices.ts)
    const id = ['5d0b7c3e-8f2a-4c1d-9e6b-0a1b2c3d4e5f', '6e1c8d4f-9a3b-4d2e-8f7c-1b2c3d4e5f60'];
    const path = (i: number, file: string) => `/api/orders/${number}/invoices/${id[i]}/${file}`;
    const invoices: InvoiceSummary[] = OrderInvoicesResponse.parse({
      data: [
        {
          id: id[0],
          number: '17/ZZ1/1',
          kind: 'invoice',
          storno_of: null,
          issued_at: '2026-11-22T13:07:12.000Z',
          total: 2239,
          currency: 'EUR',
          fiscal_state: 'fiscalized',
          pdf_path: path(0, 'pdf'),
          ubl_path: path(0, 'ubl'),
        },
        {
          id: id[1],
          number: '21/ZZ1/1',
          kind: 'storno',
          storno_of: '17/ZZ1/1',
          issued_at: '2026-11-24T08:30:00.000Z',
          total: -687,
          currency: 'EUR',
          fiscal_state: 'pending',
          pdf_path: path(1, 'pdf'),
          ubl_path: path(1, 'ubl'),
        },
      ],
    }).data;
    await context.route(`**/api/orders/${number}/invoices?*`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: invoices }) }),
    );
    await context.route(`**/api/orders/${number}/invoices`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: invoices }) }),
    );
    const title = (i: InvoiceSummary) => t(i.kind === 'storno' ? 'invoices.stornoTitle' : 'invoices.invoiceTitle', { number: i.number });
    const linkName = (label: string, i: InvoiceSummary) => `${t(label)} ${t('invoices.fileOf', { title: title(i) })}`;

    for (const [where, url, query] of [
      ['success', page.url(), `?view_token=${encodeURIComponent(token)}`],
      ['account', publicPath('profile_order', locale, { number }), ''],
    ] as const) {
      await page.goto(url);
      await hydrated(page);
      const section = main.getByTestId('order-invoices');
      await section.locator('li').first().waitFor();
      // an invoice exists: the pages no longer say the order is not one
      expect(await main.getByTestId('not-fiscalized').count()).toBe(0);
      const items = section.locator('li');
      expect(await items.count()).toBe(2);
      for (const [n, invoice] of invoices.entries()) {
        const item = items.nth(n);
        expect(await text(item.getByRole('heading', { level: 3 }))).toBe(title(invoice));
        const words = await text(item);
        expect(words).toContain(formatEuro(invoice.total, locale));
        expect(words).toContain(t(invoice.fiscal_state === 'fiscalized' ? 'invoices.fiscalized' : 'invoices.fiscalizing'));
        // the PDF and the R1 e-invoice, each link named after its invoice, the view token added on the token page
        const pdf = item.getByRole('link', { name: linkName('invoices.downloadPdf', invoice), exact: true });
        const ubl = item.getByRole('link', { name: linkName('invoices.downloadUbl', invoice), exact: true });
        expect(await pdf.getAttribute('href')).toBe(`${invoice.pdf_path}${query}`);
        expect(await ubl.getAttribute('href')).toBe(`${invoice.ubl_path}${query}`);
      }
      expect(await text(items.nth(1))).toContain(`${t('invoices.stornoOf')} 17/ZZ1/1`);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await shot(page, `invoices-list-${where}-1280`);
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await overflowsX(page)).toBe(false);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await shot(page, `invoices-list-${where}-360`);
      if (shotsDir()) await section.screenshot({ path: join(shotsDir()!, `invoices-list-${where}-360-section.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(watch.problems()).toEqual([]);
  });

  it('a signed-in shopper pays by card and downloads the invoice PDF from the account', async () => {
    const locale: Locale = 'hr';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    contexts.push(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    const main = page.locator('main');
    const email = `invoice-${Date.now().toString(36)}@example.com`;

    await signUpAndIn(page, locale, email);

    // the order, paid by card on the payment sandbox's page
    const checkoutUrl = publicPath('checkout', locale);
    await page.goto(checkoutUrl);
    await hydrated(page);
    await addViaApi(page, 'ZZ-SPAG-400', 2);
    await page.evaluate((v) => sessionStorage.setItem('zz-checkout', JSON.stringify({ values: v, attempt: null })), {
      ...FILLED,
      email,
      first_name: 'Iva',
      last_name: 'Kovač',
      payment_method: 'card',
    });
    await page.goto(`${checkoutUrl}?step=confirm`);
    await hydrated(page);
    const confirm = main.getByTestId('checkout-confirm');
    await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
    await page.waitForURL(/\/sandbox\/monri\//);
    await page.locator('button.approve').click();
    await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale));
    await hydrated(page);
    const number = await text(main.getByTestId('order-summary').getByTestId('order-number'));
    // the settlement has landed (the page turns 'confirming' into 'paid' by itself): the sale is complete
    await main.locator('[data-payment-outcome="paid"]').waitFor({ timeout: 60_000 });

    // the account's order page: the invoice arrives (the page asks again while the paid order has none)
    await page.goto(publicPath('profile_order', locale, { number }));
    await hydrated(page);
    const section = main.getByTestId('order-invoices');
    const item = section.locator('li[data-invoice-kind="invoice"]');
    await item.waitFor({ timeout: 60_000 });
    const invoiceNumber = (await item.getAttribute('data-invoice-number'))!;
    expect(invoiceNumber).toMatch(/^[1-9]\d*\/[0-9A-Za-z]+\/[0-9A-Za-z]+$/);
    expect(await text(item.getByRole('heading', { level: 3 }))).toBe(t('invoices.invoiceTitle', { number: invoiceNumber }));
    const state = await item.getAttribute('data-fiscal-state');
    expect(await text(item)).toContain(t(state === 'fiscalized' ? 'invoices.fiscalized' : 'invoices.fiscalizing'));
    // once the invoice exists, the order page no longer says it is not one
    expect(await main.getByTestId('not-fiscalized').count()).toBe(0);
    // a consumer's order: a PDF, no e-invoice
    expect(await item.getByTestId('invoice-ubl').count()).toBe(0);
    // the link's name names the invoice
    const link = item.getByRole('link', {
      name: `${t('invoices.downloadPdf')} ${t('invoices.fileOf', { title: t('invoices.invoiceTitle', { number: invoiceNumber }) })}`,
      exact: true,
    });
    expect(await link.count()).toBe(1);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await shot(page, 'invoices-order-detail-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`racun-${invoiceNumber.replace(/\//g, '-')}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const content = pdfText(pdf);
    expect(content).toContain(invoiceNumber);
    expect(content).toContain(number);
    const dir = shotsDir();
    if (dir) {
      writeFileSync(join(dir, 'invoice.pdf'), pdf);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', join(dir, 'invoice.pdf'), join(dir, 'invoice-page')]);
    }

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsX(page)).toBe(false);
    expect(await link.isVisible()).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await shot(page, 'invoices-order-detail-360');
    // the shop's pages only: the emulated provider's page is not the shop (its favicon request may 404)
    expect(watch.problems().filter((p) => !/ on [^ ]*\/sandbox\/monri\//.test(p))).toEqual([]);
  });
});
