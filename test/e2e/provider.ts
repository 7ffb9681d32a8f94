import type { Page } from 'playwright-core';
import type { Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';

/**
 * Declines the card at the payment page (the shop's sandbox of the provider's hosted page) and leaves it for
 * the shop's failure page: the ONE way the end-to-end tests leave the provider after a decline. Today a
 * decline goes straight to the shop; a provider page that keeps the buyer after a decline ('try again' on
 * the page) offers 'cancel and return to the shop' in a `form[action$="/cancel"]`, whose button is clicked.
 */
export async function declineAtProvider(page: Page, locale: Locale): Promise<void> {
  await page.waitForURL(/\/sandbox\/monri\//);
  await page.locator('button.decline').click();
  const onFailurePage = (url: URL) => url.pathname === publicPath('payment_fail', locale) && url.searchParams.has('order');
  const cancelForm = page.locator('form[action$="/cancel"]');
  const outcome = await Promise.race([
    page.waitForURL(onFailurePage).then(() => 'shop' as const),
    cancelForm.waitFor().then(() => 'stayed' as const),
  ]);
  if (outcome === 'stayed' && !onFailurePage(new URL(page.url()))) await cancelForm.locator('button').first().click();
  await page.waitForURL(onFailurePage);
}
