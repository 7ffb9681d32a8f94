/**
 * The Google Tag Manager loader with Google Consent Mode v2 (docs/analytics.md). Runs in the browser only,
 * and only when the visitor's choice is 'all' (contract/analytics.ts decides, consent.tsx calls it).
 *
 * Order, as Google's consent mode guide asks: `gtag('consent', 'default', …denied…, wait_for_update)`,
 * then `gtag('consent', 'update', …)` with what the visitor granted, then the container's start event and
 * `<origin>/gtm.js?id=…`. The script is added by this bundle (trusted through the page's nonce and
 * 'strict-dynamic'; it gets the nonce too, which Tag Manager passes on to the scripts it adds), async,
 * and only after the page's load event, so it never competes with the page's own resources.
 */
import { CONSENT_MODE_DEFAULT, consentModeUpdate, gtmScriptUrl, type AnalyticsConfig } from '../../../../contract/analytics';
import { isAnalyticsCookie } from '../../../../contract/cookies';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

type Phase = 'idle' | 'waiting' | 'loaded';
let phase: Phase = 'idle';
let cancelWait: (() => void) | undefined;

/** Whether this page has added the container's script (it cannot be taken back: only a reload unloads it). */
export function containerRan(): boolean {
  return phase === 'loaded';
}

/** Tag Manager's command queue: `gtag()` pushes its `arguments` object, which is what Tag Manager reads for consent commands. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

/** The page's CSP nonce, from the element the server rendered it on (browsers hide the attribute, not the property). */
function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return meta?.nonce || meta?.content || script?.nonce || undefined;
}

/** Sets the Consent Mode defaults and the visitor's grant, then adds the container after the page's load event. */
export function loadContainer(config: AnalyticsConfig): void {
  if (phase !== 'idle') return;
  window.dataLayer ??= [];
  window.gtag ??= gtag;
  gtag('consent', 'default', { ...CONSENT_MODE_DEFAULT });
  gtag('consent', 'update', consentModeUpdate('all'));
  phase = 'waiting';
  const add = () => {
    cancelWait = undefined;
    if (phase !== 'waiting') return;
    window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = gtmScriptUrl(config);
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
    phase = 'loaded';
  };
  if (document.readyState === 'complete') {
    const timer = window.setTimeout(add, 0);
    cancelWait = () => window.clearTimeout(timer);
  } else {
    window.addEventListener('load', add, { once: true });
    cancelWait = () => window.removeEventListener('load', add);
  }
}

/**
 * Withdraws consent: Consent Mode denies everything (tags that still run stop storing and sending what
 * needs consent), a container still waiting for the load event is never added, and Google Analytics'
 * cookies are deleted. A container that has run cannot be unloaded: the caller reloads the page.
 */
export function withdrawConsent(): void {
  if (phase === 'waiting') {
    cancelWait?.();
    cancelWait = undefined;
    phase = 'idle';
  }
  if (window.dataLayer) gtag('consent', 'update', consentModeUpdate('essential'));
  deleteAnalyticsCookies();
}

/**
 * Deletes every cookie of the registry's `analytics` category (`_ga`, `_ga_<id>`): on this host and on
 * each parent domain, where Google Analytics puts them by default (cookie_domain 'auto').
 */
export function deleteAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name && isAnalyticsCookie(name));
  const labels = window.location.hostname.split('.');
  const domains = [''];
  // Not for an IP address; for a.b.example.com: a.b.example.com, b.example.com, example.com.
  if (!/^[\d.]+$/.test(window.location.hostname) && !window.location.hostname.includes(':')) {
    for (let i = 0; i < labels.length - 1; i++) domains.push(`; Domain=.${labels.slice(i).join('.')}`);
  }
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
  }
}
