import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AnalyticsConfig } from '../../../../contract/analytics';

/** Just enough of a browser for the loader: a cookie jar that logs every write, <head>, the load event. */
function fakeBrowser(hostname: string, cookies: string[], readyState: DocumentReadyState = 'complete') {
  const writes: string[] = [];
  const appended: Array<{ src: string; async: boolean; nonce: string }> = [];
  const listeners = new Map<string, () => void>();
  const win = {
    location: { hostname },
    setTimeout: (fn: () => void) => (fn(), 1),
    clearTimeout: () => undefined,
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    removeEventListener: (name: string) => listeners.delete(name),
  } as unknown as Window;
  const doc = {
    readyState,
    get cookie() {
      return cookies.join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
    },
    querySelector: (selector: string) => (selector.startsWith('meta') ? { nonce: 'page-nonce', content: 'page-nonce' } : null),
    createElement: () => ({ src: '', async: false, nonce: '' }),
    head: { appendChild: (el: { src: string; async: boolean; nonce: string }) => appended.push(el) },
  } as unknown as Document;
  Object.assign(globalThis, { window: win, document: doc });
  return {
    writes,
    appended,
    fireLoad: () => listeners.get('load')?.(),
    dataLayer: () => (win as unknown as { dataLayer?: unknown[] }).dataLayer,
  };
}

const GTM: AnalyticsConfig = { gtmId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' };

describe('the Google Tag Manager loader', () => {
  beforeEach(() => {
    jest.resetModules();
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
    delete (globalThis as { document?: unknown }).document;
  });

  it('pushes the Consent Mode default, then the grant, then the start event, and adds gtm.js with the nonce after the load event', async () => {
    const browser = fakeBrowser('shop.example', [], 'loading');
    const gtm = await import('./gtm');
    gtm.loadContainer(GTM);
    // Nothing is added before the page's load event.
    expect(browser.appended).toEqual([]);
    expect(gtm.containerRan()).toBe(false);
    browser.fireLoad();
    expect(browser.appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', async: true, nonce: 'page-nonce' }]);
    expect(gtm.containerRan()).toBe(true);
    const layer = browser
      .dataLayer()!
      .map((e) => (Array.isArray(e) || typeof e !== 'object' || e === null || !('length' in e) ? e : Array.from(e as ArrayLike<unknown>)));
    expect(layer[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
    ]);
    expect(layer[1]).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
    expect(layer[2]).toMatchObject({ event: 'gtm.js' });
    // gtag() pushes the arguments object itself (what Tag Manager reads for consent commands), not an array.
    expect(Object.prototype.toString.call(browser.dataLayer()![0])).toBe('[object Arguments]');
    // A second call adds nothing.
    gtm.loadContainer(GTM);
    expect(browser.appended).toHaveLength(1);
  });

  it('never adds a container whose consent is withdrawn before the load event', async () => {
    const browser = fakeBrowser('shop.example', [], 'loading');
    const gtm = await import('./gtm');
    gtm.loadContainer(GTM);
    gtm.withdrawConsent();
    browser.fireLoad();
    expect(browser.appended).toEqual([]);
    expect(gtm.containerRan()).toBe(false);
    const last = Array.from(browser.dataLayer()!.at(-1) as ArrayLike<unknown>);
    expect(last).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
  });

  it("deletes only Google Analytics' cookies, on the host and on every parent domain", async () => {
    const browser = fakeBrowser('www.zlatnozrno.hr', [
      'locale=hr',
      '_ga=GA1.1.1.1',
      '_ga_ABC123=GS2.1.s1',
      '_gax=1',
      'cookie_consent=essential',
    ]);
    const gtm = await import('./gtm');
    gtm.withdrawConsent();
    expect(browser.writes.sort()).toEqual(
      [
        '_ga=; Max-Age=0; Path=/',
        '_ga=; Max-Age=0; Path=/; Domain=.www.zlatnozrno.hr',
        '_ga=; Max-Age=0; Path=/; Domain=.zlatnozrno.hr',
        '_ga_ABC123=; Max-Age=0; Path=/',
        '_ga_ABC123=; Max-Age=0; Path=/; Domain=.www.zlatnozrno.hr',
        '_ga_ABC123=; Max-Age=0; Path=/; Domain=.zlatnozrno.hr',
      ].sort(),
    );
    // Nothing was loaded, so nothing is told to Consent Mode either.
    expect(browser.dataLayer()).toBeUndefined();
  });

  it('deletes them host-only on an IP address', async () => {
    const browser = fakeBrowser('127.0.0.1', ['_ga=GA1.1.1.1']);
    const gtm = await import('./gtm');
    gtm.deleteAnalyticsCookies();
    expect(browser.writes).toEqual(['_ga=; Max-Age=0; Path=/']);
  });
});
