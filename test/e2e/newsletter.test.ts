// The newsletter in Chromium against the built shop, with mails read from the .eml files it writes:
// subscribe on the home page (hr) -> the confirmation mail -> open its link -> the page's button ->
// confirmed (the page says so) -> the welcome mail -> its unsubscribe link -> unsubscribed; the
// footer's form on another page (en) with a refused address first; axe-core finds nothing on the
// home page with its form (empty, with an error, sent), on the footer form and on both result pages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { emlInbox } from '../support/eml-inbox.js';
import { BASE_URL, hydrated, tFor, watchPage, type ConsoleWatch } from './site.js';

const inbox = emlInbox();
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const BROWSER_LOCALE: Record<Locale, string> = { hr: 'hr-HR', en: 'en-GB', de: 'de-DE', sl: 'sl-SI' };
/** A link of a mail's text part, without the sentence's full stop after it. */
const bare = (link: string) => link.replace(/[.,;]$/, '');

describe('newsletter in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  async function open(locale: Locale): Promise<{ page: Page; watch: ConsoleWatch }> {
    const context = await newContext(browser, { locale: BROWSER_LOCALE[locale], axe: true });
    contexts.push(context);
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    const page = await context.newPage();
    return { page, watch: watchPage(page) };
  }

  async function goto(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await hydrated(page);
  }

  async function expectAccessible(page: Page, label: string): Promise<void> {
    const v = await axeViolations(page);
    expect(`${label}: ${describeViolations(v)}`).toBe(`${label}: `);
  }

  it('subscribes on the home page, confirms by the mailed link, then unsubscribes by the link in the mail', async () => {
    const t = tFor('hr');
    const { page, watch } = await open('hr');
    await goto(page, '/');
    const form = page.getByTestId('newsletter-form-home');
    await form.waitFor();
    // server-rendered: the form, its label, the consent sentence with the privacy policy link
    const html = await (await fetch(`${BASE_URL}/`, { headers: { Cookie: `${LOCALE_COOKIE}=hr` } })).text();
    expect(html).toContain('data-testid="newsletter-form-home"');
    expect(html).toContain('Želim primati newsletter Zlatnog zrna');
    await expect(form.getByRole('link', { name: 'Politici privatnosti' }).getAttribute('href')).resolves.toBe(
      publicPath('privacy_policy', 'hr'),
    );
    // one newsletter form on the home page: the footer leaves it out
    expect(await page.getByTestId('newsletter-form-footer').count()).toBe(0);
    await expectAccessible(page, 'home with the newsletter form');

    // a refused address: the message is tied to the field and takes the focus
    const email = form.getByLabel(t('newsletter.emailLabel'));
    await email.fill('ana@');
    await form.getByRole('button', { name: t('newsletter.submit') }).click();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby'))!.split(' ');
    const errorText = await page.locator(`[id="${describedBy[0]}"]`).textContent();
    expect(errorText).toBe(t('newsletter.emailInvalid'));
    // the form moves the focus in the next animation frame, after the message is shown
    await page.waitForFunction((el) => el === document.activeElement, await email.elementHandle(), { timeout: 5000 });
    await expectAccessible(page, 'home with a refused address');

    const address = unique('citateljica');
    await email.fill(address);
    await form.getByRole('button', { name: t('newsletter.submit') }).click();
    const sent = page.getByTestId('newsletter-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(t('newsletter.sent', { email: address }));
    await expectAccessible(page, 'home after subscribing');

    const mail = await inbox.waitFor(address);
    expect(mail.language).toBe('hr');
    expect(mail.subject).toBe('Potvrdite prijavu na newsletter Zlatnog zrna');
    const confirmLink = mail.links[0];
    expect(confirmLink).toMatch(new RegExp(`^${BASE_URL}/newsletter/potvrda\\?token=[A-Za-z0-9_-]{43}$`));

    // the link opens a page; only its button confirms
    await goto(page, confirmLink.replace(BASE_URL, ''));
    expect(await page.locator('h1').textContent()).toBe(t('screens.newsletter_confirm.heading'));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await expectAccessible(page, 'confirmation page');
    await page
      .getByTestId('newsletter-confirm-form')
      .getByRole('button', { name: t('newsletter.confirm') })
      .click();
    const confirmed = page.getByTestId('newsletter-confirmed');
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(t('newsletter.confirmed'));
    await expectAccessible(page, 'confirmation page, confirmed');

    const welcome = await inbox.waitFor(address);
    expect(welcome.subject).toBe('Prijavljeni ste na newsletter Zlatnog zrna');
    const unsubscribeLink = welcome.links.map(bare).find((l) => l.includes('/newsletter/odjava?token='))!;
    expect(unsubscribeLink).toMatch(new RegExp(`^${BASE_URL}/newsletter/odjava\\?token=[A-Za-z0-9_-]{43}$`));

    await goto(page, unsubscribeLink.replace(BASE_URL, ''));
    expect(await page.locator('h1').textContent()).toBe(t('screens.newsletter_unsubscribe.heading'));
    await expectAccessible(page, 'unsubscribe page');
    await page
      .getByTestId('newsletter-unsubscribe-form')
      .getByRole('button', { name: t('newsletter.unsubscribe') })
      .click();
    const unsubscribed = page.getByTestId('newsletter-unsubscribed');
    await unsubscribed.waitFor();
    expect(await unsubscribed.textContent()).toContain(t('newsletter.unsubscribed'));
    await expectAccessible(page, 'unsubscribe page, unsubscribed');

    // the confirmation link no longer subscribes: the page says so, in Croatian
    await goto(page, confirmLink.replace(BASE_URL, ''));
    await page
      .getByTestId('newsletter-confirm-form')
      .getByRole('button', { name: t('newsletter.confirm') })
      .click();
    await page.getByTestId('newsletter-confirm-failed').waitFor();
    expect(await page.getByTestId('newsletter-confirm-failed').textContent()).toContain('Ova poveznica nije ispravna');

    expect(watch.problems().filter((p) => !/status of 422/.test(p))).toEqual([]);
  });

  it('subscribes from the footer of another page, in English', async () => {
    const t = tFor('en');
    const { page, watch } = await open('en');
    await goto(page, publicPath('recipes', 'en'));
    const form = page.getByTestId('newsletter-form-footer');
    await form.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'recipes with the footer form');
    const address = unique('reader');
    await form.getByLabel(t('newsletter.emailLabel')).fill(address);
    await form.getByRole('button', { name: t('newsletter.submit') }).click();
    await page.getByTestId('newsletter-sent').waitFor();
    await expectAccessible(page, 'footer form sent');
    const mail = await inbox.waitFor(address);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Confirm your subscription to the Zlatno zrno newsletter');
    expect(mail.links[0]).toMatch(new RegExp(`^${BASE_URL}/en/newsletter/confirm\\?token=`));
    expect(watch.problems()).toEqual([]);
  });
});
