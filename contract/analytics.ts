/**
 * Consent-gated analytics (docs/analytics.md): what the visitor's cookie choice lets a page load, and
 * what its Content-Security-Policy must therefore allow. ONE decision, used by the server (the CSP
 * header, server/platform/http/security-headers.ts) and by the browser (the Google Tag Manager loader,
 * client/src/features/analytics). Imports nothing but the cookie registry.
 */

/** The visitor's cookie choice (the essential `cookie_consent` cookie); null: not chosen yet. */
export type ConsentChoice = 'essential' | 'all';

/** What the server hands the page: the container to load and where from (configuration GTM_ID, GTM_SCRIPT_ORIGIN). */
export interface AnalyticsConfig {
  /** The Google Tag Manager container id, `GTM-` and 4 to 12 capital letters or digits. */
  gtmId: string;
  /** Where `/gtm.js?id=` is loaded from: https://www.googletagmanager.com (a local emulator in tests). */
  scriptOrigin: string;
}

/** A container id as Google Tag Manager prints it (`GTM-XXXXXXX`). */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
export const GTM_DEFAULT_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The hosts Google Tag Manager with a Google Analytics 4 tag needs, per directive (Google's guide "Use
 * Tag Manager with a Content Security Policy", the GA4 part): the container and gtag.js from
 * *.googletagmanager.com, the measurement hits (fetch / sendBeacon, image fallback) to
 * *.google-analytics.com and *.analytics.google.com.
 */
export const GOOGLE_ANALYTICS_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

export interface AnalyticsCspSources {
  script: string[];
  connect: string[];
  img: string[];
}

const NONE: AnalyticsCspSources = { script: [], connect: [], img: [] };

/**
 * The visitor's choice from a raw Cookie header: 'essential' or 'all', else null. ONE reading for the CSP
 * (server/platform/http/security-headers.ts) and the page render (client/src/entry-server.tsx), the same as
 * the render cache's key (cookie-parser): the first occurrence wins, surrounding quotes dropped,
 * percent-decoded. So the CSP always matches the choice the page was rendered for (the browser's loader
 * relies on it); anything else is no choice.
 */
export function consentFromCookieHeader(header: string | undefined, name: string): ConsentChoice | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const raw = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value
    }
    return value === 'all' || value === 'essential' ? value : null;
  }
  return null;
}

/** True when this choice loads the container: a container is configured and the visitor accepted all cookies. */
export function loadsAnalytics(consent: ConsentChoice | null, config: AnalyticsConfig | null): config is AnalyticsConfig {
  return config !== null && consent === 'all';
}

/**
 * The sources a page's CSP adds for analytics: Google's hosts (and a non-default script origin, the
 * tests' emulator) when the choice loads the container, nothing otherwise: no choice yet, 'essential',
 * or no container configured.
 */
export function analyticsCspSources(consent: ConsentChoice | null, config: AnalyticsConfig | null): AnalyticsCspSources {
  if (!loadsAnalytics(consent, config)) return NONE;
  const extra = config.scriptOrigin === GTM_DEFAULT_SCRIPT_ORIGIN ? [] : [config.scriptOrigin];
  return {
    script: [...GOOGLE_ANALYTICS_SOURCES.script, ...extra],
    connect: [...GOOGLE_ANALYTICS_SOURCES.connect, ...extra],
    img: [...GOOGLE_ANALYTICS_SOURCES.img, ...extra],
  };
}

/** The container's address: `<origin>/gtm.js?id=<GTM_ID>`. */
export function gtmScriptUrl(config: AnalyticsConfig): string {
  return `${config.scriptOrigin}/gtm.js?id=${encodeURIComponent(config.gtmId)}`;
}

/**
 * Google Consent Mode v2. Set before the container loads: everything denied; `wait_for_update` gives
 * the update that follows (the visitor's choice, known at once here) 500 ms before tags fire.
 */
export const CONSENT_MODE_DEFAULT = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  wait_for_update: 500,
} as const;

type ConsentValue = 'granted' | 'denied';
export interface ConsentModeUpdate {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

/**
 * The Consent Mode update for a choice. 'Accept all' grants what the banner asks for: statistics
 * (analytics_storage). The shop runs no advertising (cookies page), so the advertising signals stay
 * denied whatever the choice: a container that someone later adds an ads tag to cannot use them.
 */
export function consentModeUpdate(consent: ConsentChoice | null): ConsentModeUpdate {
  return {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: consent === 'all' ? 'granted' : 'denied',
  };
}

/**
 * What a change of choice on an open page needs. A page's CSP and the scripts it has run are fixed
 * when it loads, so:
 *  - `load`: the choice is 'all' and the page's CSP already allows analytics (it was served with 'all'):
 *    load the container now, without a reload;
 *  - `reload`: the choice is 'all' but the page was served before a choice or with 'essential' (its CSP
 *    blocks Google's hosts), or the choice is no longer 'all' and the container is loaded (nothing can
 *    unload it; the consent update denies first and the GA cookies are deleted): the page loads once
 *    more, with the new choice's CSP;
 *  - `none`: no container configured, already loaded, or nothing loaded and nothing to load.
 */
export type ChoiceEffect = 'load' | 'reload' | 'none';

export function choiceEffect(opts: {
  config: AnalyticsConfig | null;
  /** The choice the page was served with (its CSP). */
  servedWith: ConsentChoice | null;
  /** Whether the container was added to this page. */
  loaded: boolean;
  next: ConsentChoice | null;
}): ChoiceEffect {
  if (!opts.config) return 'none';
  if (opts.next === 'all') {
    if (opts.loaded) return 'none';
    return loadsAnalytics(opts.servedWith, opts.config) ? 'load' : 'reload';
  }
  return opts.loaded ? 'reload' : 'none';
}
