import { describe, expect, it } from '@jest/globals';
import { decideLanguage, isCrawler, parseCookies, wantsHtml } from './negotiation';

describe('crawlers', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  ])('recognises %s', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
  ])('lets %s through as a browser', (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it('treats a missing User-Agent as no crawler', () => {
    expect(isCrawler(null)).toBe(false);
  });
});

describe('cookies and requests', () => {
  it('parses a Cookie header', () => {
    expect(parseCookies('locale=en; cookie_consent=essential; x=%C4%8D; bad=%E0%A4%A; q="quoted"')).toEqual({
      locale: 'en',
      cookie_consent: 'essential',
      x: 'č',
      bad: '%E0%A4%A',
      q: 'quoted',
    });
    expect(parseCookies('a=1; a=2')).toEqual({ a: '1' });
    expect(parseCookies(null)).toEqual({});
  });

  it('knows when a browser asks for a page', () => {
    const html = new Request('http://x/', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(wantsHtml(html)).toBe(true);
    expect(wantsHtml(new Request('http://x/', { headers: { accept: '*/*' } }))).toBe(false);
    expect(wantsHtml(new Request('http://x/'))).toBe(false);
  });
});

describe('first-visit language decision', () => {
  const base = { pageLocale: 'hr' as const, cookieLocale: undefined, acceptLanguage: 'de-DE,de;q=0.9', crawler: false, html: true };

  it('redirects a first visit to the preferred language and records it', () => {
    expect(decideLanguage(base)).toEqual({ redirectTo: 'de', setCookie: 'de' });
  });

  it('stays when the page is already in the preferred language, recording it', () => {
    expect(decideLanguage({ ...base, pageLocale: 'de' })).toEqual({ redirectTo: null, setCookie: 'de' });
  });

  it('records the page language when none of ours is acceptable', () => {
    expect(decideLanguage({ ...base, pageLocale: 'en', acceptLanguage: 'fr,it' })).toEqual({ redirectTo: null, setCookie: 'en' });
    expect(decideLanguage({ ...base, acceptLanguage: null })).toEqual({ redirectTo: null, setCookie: 'hr' });
  });

  it('lets the URL win once the cookie exists', () => {
    expect(decideLanguage({ ...base, cookieLocale: 'hr' })).toEqual({ redirectTo: null, setCookie: null });
    expect(decideLanguage({ ...base, cookieLocale: 'sl' })).toEqual({ redirectTo: null, setCookie: null });
  });

  it('negotiates again when the cookie holds no language of ours', () => {
    expect(decideLanguage({ ...base, cookieLocale: 'fr' })).toEqual({ redirectTo: 'de', setCookie: 'de' });
  });

  it('never redirects crawlers or non-HTML requests', () => {
    expect(decideLanguage({ ...base, crawler: true })).toEqual({ redirectTo: null, setCookie: null });
    expect(decideLanguage({ ...base, html: false })).toEqual({ redirectTo: null, setCookie: null });
  });
});
