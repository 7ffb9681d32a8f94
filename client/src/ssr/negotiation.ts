/**
 * Request inspection for the server entry: crawlers, cookies, the first-visit language (Accept-Language
 * itself is parsed by contract/locales.ts). Pure functions.
 */
import { isLocale, preferredLocale, type Locale } from '../../../contract/locales';

/**
 * Search engines, Lighthouse and social/link-preview crawlers. They get no language redirect and no cookie,
 * and on an application error only a status with a short plain-text body (spec section 8). Headless
 * Chrome itself is not a crawler (our own browser tests use it).
 */
const CRAWLER =
  /googlebot|google-inspectiontool|storebot-google|adsbot-google|mediapartners-google|apis-google|feedfetcher-google|google-read-aloud|bingbot|bingpreview|msnbot|adidxbot|slurp|duckduckbot|baiduspider|yandex(bot|images|metrika)?|sogou|exabot|seznambot|petalbot|applebot|qwantify|ahrefsbot|semrushbot|mj12bot|dotbot|rogerbot|screaming frog|lighthouse|pagespeed|gtmetrix|facebookexternalhit|facebookcatalog|facebot|meta-externalagent|twitterbot|linkedinbot|slackbot|slack-imgproxy|discordbot|telegrambot|whatsapp|skypeuripreview|pinterest(bot)?|redditbot|embedly|quora link preview|vkshare|tumblr|bitlybot|iframely|gptbot|chatgpt-user|oai-searchbot|ccbot|claudebot|anthropic-ai|perplexitybot|bytespider|amazonbot|\bbot\b|crawler|spider/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER.test(userAgent);
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const raw = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** A browser asking for a page (not an API client, not an asset request). */
export function wantsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html');
}

export interface LanguageDecision {
  /** Redirect (302) to this language's version of the page. */
  redirectTo: Locale | null;
  /** Set the `locale` cookie to this value. */
  setCookie: Locale | null;
}

/**
 * First visit (spec section 2): no `locale` cookie, a browser (not a crawler) asking for HTML: choose from
 * Accept-Language among hr/en/de/sl and redirect once if that differs from the page's language, recording
 * the choice in the cookie. With no match, the page's language is recorded. Afterwards the URL always wins;
 * only the language switcher changes the cookie.
 */
export function decideLanguage(input: {
  pageLocale: Locale;
  cookieLocale: string | undefined;
  acceptLanguage: string | null;
  crawler: boolean;
  html: boolean;
}): LanguageDecision {
  if (input.crawler || !input.html || isLocale(input.cookieLocale)) return { redirectTo: null, setCookie: null };
  const preferred = preferredLocale(input.acceptLanguage);
  const choice = preferred ?? input.pageLocale;
  return { redirectTo: choice !== input.pageLocale ? choice : null, setCookie: choice };
}
