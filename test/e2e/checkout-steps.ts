// What the browser tests of the checkout and of the pending order share: a guest's browser context, the
// checkout's filled-in steps, and the way straight to the confirmation step.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { newContext } from '../support/browser.js';
import { addViaApi, BASE_URL, hydrated } from './site.js';

/** An element's visible text, its white space collapsed. */
export const text = async (l: Locator): Promise<string> => (await l.innerText()).replace(/\s+/g, ' ').trim();

/** A guest's browser (with axe) in `locale`, the language chosen and essential cookies only, at `base`. */
export async function guestContext(browser: Browser, locale: Locale, base = BASE_URL): Promise<BrowserContext> {
  const context = await newContext(browser, { axe: true, locale: `${locale}-${locale === 'en' ? 'GB' : locale.toUpperCase()}` });
  await context.addCookies([
    { name: LOCALE_COOKIE, value: locale, url: base },
    { name: CONSENT_COOKIE, value: 'essential', url: base },
  ]);
  return context;
}

/** Steps 1 and 2 as a shopper filled them in (cash on delivery; the first checkout tests fill them through the form). */
export const FILLED = {
  email: 'filled@example.com',
  phone: '+385 91 234 5678',
  first_name: 'Ana',
  last_name: 'Horvat',
  street: 'Ilica 1',
  postal_code: '10000',
  city: 'Zagreb',
  country: 'HR',
  payment_method: 'cod',
  terms_accepted: true,
};

/** A guest with one pack in the cart on the confirmation step, the earlier steps filled with `values`, at `base`. */
export async function onConfirmation(page: Page, locale: Locale, values: Record<string, unknown>, base = BASE_URL): Promise<Locator> {
  const checkoutUrl = `${base}${publicPath('checkout', locale)}`;
  await page.goto(checkoutUrl);
  await hydrated(page);
  await addViaApi(page, 'ZZ-SPAG-400', 1);
  await page.evaluate((v) => sessionStorage.setItem('zz-checkout', JSON.stringify({ values: v, attempt: null })), values);
  await page.goto(`${checkoutUrl}?step=confirm`);
  await hydrated(page);
  const confirm = page.locator('main').getByTestId('checkout-confirm');
  await confirm.waitFor();
  return confirm;
}
