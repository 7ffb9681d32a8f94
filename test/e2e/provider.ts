import type { Page } from 'playwright-core';
import type { Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';

/**
 * Declines the card at the payment page (the shop's sandbox of Monri's hosted page) and leaves it for the
 * shop's failure page: the ONE way the end-to-end tests leave the provider after a decline. As on Monri's
 * page, a declined card keeps the buyer there (no callback; docs/payments.md), with the decline said on the
 * page; the buyer then cancels back to the shop (`form[action$="/cancel"]`), through the shop's return
 * endpoint (the attempt's reference in its path) to the failure page of the order.
 */
export async function declineAtProvider(page: Page, locale: Locale): Promise<void> {
  await page.waitForURL(/\/sandbox\/monri\//);
  const sandboxUrl = page.url();
  await page.locator('button.decline').click();
  await page.locator('p.declined').waitFor();
  if (!page.url().startsWith(sandboxUrl)) throw new Error(`a decline left the provider's page for ${page.url()}`);
  await page.locator('form[action$="/cancel"] button').click();
  await page.waitForURL((url) => url.pathname === publicPath('payment_fail', locale) && url.searchParams.has('order'));
}
