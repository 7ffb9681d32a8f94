import {
  analyticsCspSources,
  choiceEffect,
  consentFromCookieHeader,
  CONSENT_MODE_DEFAULT,
  consentModeUpdate,
  gtmScriptUrl,
  loadsAnalytics,
  type AnalyticsConfig,
  type ConsentChoice,
} from './analytics.js';
import { ANALYTICS_COOKIES, isAnalyticsCookie, STORAGE_ENTRIES, storageEntryOf, type StorageEntry } from './cookies.js';

const GTM: AnalyticsConfig = { gtmId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' };
const CHOICES: Array<ConsentChoice | null> = [null, 'essential', 'all'];

describe('what a cookie choice loads (docs/analytics.md)', () => {
  it("loads the container only with 'all' and a configured container", () => {
    expect(CHOICES.map((c) => loadsAnalytics(c, GTM))).toEqual([false, false, true]);
    expect(CHOICES.map((c) => loadsAnalytics(c, null))).toEqual([false, false, false]);
  });

  it('allows analytics hosts in the CSP exactly when the container loads', () => {
    for (const c of CHOICES) {
      const sources = analyticsCspSources(c, GTM);
      const any = sources.script.length + sources.connect.length + sources.img.length > 0;
      expect([c, any]).toEqual([c, loadsAnalytics(c, GTM)]);
      expect(analyticsCspSources(c, null)).toEqual({ script: [], connect: [], img: [] });
    }
    // A non-default origin (the tests' emulator) is added to all three directives.
    const emulator = analyticsCspSources('all', { gtmId: 'GTM-ABC1234', scriptOrigin: 'http://127.0.0.1:4567' });
    for (const list of [emulator.script, emulator.connect, emulator.img]) expect(list).toContain('http://127.0.0.1:4567');
  });

  it('builds the container address from the configured origin and id', () => {
    expect(gtmScriptUrl(GTM)).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
  });

  it('sets Consent Mode v2 defaults all denied with wait_for_update, and grants only analytics storage for "all"', () => {
    expect(CONSENT_MODE_DEFAULT).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    });
    expect(consentModeUpdate('all')).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentModeUpdate('essential').analytics_storage).toBe('denied');
    expect(consentModeUpdate(null).analytics_storage).toBe('denied');
  });

  it('decides what a change of choice on an open page does', () => {
    const effect = (servedWith: ConsentChoice | null, loaded: boolean, next: ConsentChoice | null, config: AnalyticsConfig | null = GTM) =>
      choiceEffect({ config, servedWith, loaded, next });
    // A returning visitor with 'all': the page's CSP allows it, load without a reload.
    expect(effect('all', false, 'all')).toBe('load');
    expect(effect('all', true, 'all')).toBe('none');
    // Accepting on a page served before a choice or with 'essential': its CSP blocks Google, load it once more.
    expect(effect(null, false, 'all')).toBe('reload');
    expect(effect('essential', false, 'all')).toBe('reload');
    // Withdrawing: a container that ran can only be unloaded by a reload; nothing loaded, nothing to do.
    expect(effect('all', true, 'essential')).toBe('reload');
    expect(effect('all', false, 'essential')).toBe('none');
    expect(effect(null, false, 'essential')).toBe('none');
    expect(effect(null, false, null)).toBe('none');
    // No container configured: a choice never reloads or loads anything.
    for (const c of CHOICES) expect(effect(null, false, c, null)).toBe('none');
  });
});

describe('the choice in a Cookie header (one reading for the CSP and the page render)', () => {
  it('reads the choice from a raw Cookie header as the page render and the render cache do', () => {
    expect(consentFromCookieHeader(undefined, 'cookie_consent')).toBeNull();
    expect(consentFromCookieHeader('cookie_consent=all', 'cookie_consent')).toBe('all');
    expect(consentFromCookieHeader(' a=1 ;cookie_consent= essential ', 'cookie_consent')).toBe('essential');
    // As the page render and cookie-parser read it: the first occurrence, unquoted, percent-decoded.
    expect(consentFromCookieHeader('cookie_consent=all; cookie_consent=essential', 'cookie_consent')).toBe('all');
    expect(consentFromCookieHeader('cookie_consent=%61ll', 'cookie_consent')).toBe('all');
    expect(consentFromCookieHeader('cookie_consent="all"', 'cookie_consent')).toBe('all');
    expect(consentFromCookieHeader('cookie_consent=%E0%A4%A', 'cookie_consent')).toBeNull();
    expect(consentFromCookieHeader('cookie_consent=ALL', 'cookie_consent')).toBeNull();
    expect(consentFromCookieHeader('cookie_consent=all%00', 'cookie_consent')).toBeNull();
    expect(consentFromCookieHeader('cookie_consent', 'cookie_consent')).toBeNull();
  });
});

describe('the cookie registry', () => {
  it('needs consent for exactly the non-essential entries', () => {
    for (const [id, entry] of Object.entries(STORAGE_ENTRIES as Record<string, StorageEntry>))
      expect([id, entry.consent]).toEqual([id, entry.category !== 'essential']);
  });

  it("lists Google Analytics' cookies as analytics, _ga_<id> by prefix", () => {
    expect(ANALYTICS_COOKIES).toEqual({ exact: ['_ga'], prefixes: ['_ga_'] });
    expect(storageEntryOf('_ga')?.category).toBe('analytics');
    expect(storageEntryOf('_ga_ABC123XYZ')?.category).toBe('analytics');
    expect(storageEntryOf('_ga_')).toBeUndefined();
    expect(storageEntryOf('_gax')).toBeUndefined();
    expect(storageEntryOf('x_ga_1')).toBeUndefined();
    expect(storageEntryOf('cookie_consent')?.category).toBe('essential');
    expect(['_ga', '_ga_X1', 'locale', '_gid'].map(isAnalyticsCookie)).toEqual([true, true, false, false]);
  });
});
