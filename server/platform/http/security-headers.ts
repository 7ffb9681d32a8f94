import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import {
  analyticsCspSources,
  consentFromCookieHeader,
  type AnalyticsCspSources,
  type AnalyticsConfig,
} from '../../../contract/analytics.js';

/** A fresh CSP nonce per response, readable by the SSR renderer as res.locals.cspNonce. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/**
 * Browser features the shop does not use, denied to its pages and to anything they embed: sensors,
 * camera, microphone, screen capture, geolocation, payment, device access (USB, HID, serial, MIDI,
 * gamepads), passkeys and federated sign-in prompts, clipboard reading, fullscreen, autoplay and the
 * like. `payment` is denied too: no checkout page exists yet; the checkout, if it ever uses the
 * Payment Request API or a provider's frame, sets its own `payment=(self …)` on those pages only.
 * Every name here is one current Chromium knows (an unknown one is a console warning on every page).
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'captured-surface-control',
  'clipboard-read',
  'compute-pressure',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'identity-credentials-get',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'picture-in-picture',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'speaker-selection',
  'storage-access',
  'usb',
  'window-management',
  'xr-spatial-tracking',
] as const;

/**
 * What a page may delegate to the players it embeds: the frames' origins, and the features (of
 * DENIED_FEATURES) their `allow` attribute may hand them. Everything else stays denied.
 */
export interface EmbedAllowance {
  origins: readonly string[];
  features: readonly (typeof DENIED_FEATURES)[number][];
}

/**
 * The Permissions-Policy: every feature of DENIED_FEATURES denied (`feature=()`), except those of
 * `embeds`, which are allowed to our own document and to the embedded origins only
 * (`fullscreen=(self "https://player.vimeo.com")`). A frame gets a feature only when the page's own
 * policy allows it both for the page and for the frame's origin, and the frame's `allow` names it.
 */
export function permissionsPolicy(embeds?: EmbedAllowance): string {
  return DENIED_FEATURES.map((feature) =>
    embeds?.features.includes(feature) ? `${feature}=(self ${embeds.origins.map((o) => `"${o}"`).join(' ')})` : `${feature}=()`,
  ).join(', ');
}

/** The policy of every answer that is not a page of the shop: the API, the dashboard, admin and sandbox pages, files. */
export const PERMISSIONS_POLICY = permissionsPolicy();

/**
 * Widens this response's headers for a page of the shop that may embed `embeds`' players: CSP
 * `frame-src 'self'` plus their origins (without it `default-src 'self'` refuses any foreign frame),
 * and the Permissions-Policy delegating their features. Called by the page renderer for every page
 * (docs/security.md, "Embedded video players": the client navigates between pages without a new
 * document, so any page may come to show a video).
 */
export function allowEmbeds(res: Response, embeds: EmbedAllowance): void {
  res.setHeader('Permissions-Policy', permissionsPolicy(embeds));
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string') return;
  // Another frame-src may be there already (a provider's widget): its sources stay, the players' are added.
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const at = directives.findIndex((d) => d.split(/\s+/)[0] === 'frame-src');
  if (at === -1) {
    directives.push(`frame-src 'self' ${embeds.origins.join(' ')}`);
  } else {
    const sources = directives[at]!.split(/\s+/).slice(1);
    directives[at] = ['frame-src', ...sources, ...embeds.origins.filter((o) => !sources.includes(o))].join(' ');
  }
  res.setHeader('Content-Security-Policy', directives.join(';'));
}

export interface SecurityHeaderOptions {
  dev: boolean;
  secure: boolean;
  /**
   * Origins besides our own that a page's form may post to: the card payment provider's hosted
   * page (checkout hands the shopper over with a form POST; docs/payments.md).
   */
  formActions?: readonly string[];
  /**
   * The bot check's provider, only when it is configured (docs/bot-check.md): origins its script
   * may come from (script-src, for browsers without 'strict-dynamic'), frame (frame-src: its
   * invisible widget) and call (connect-src).
   */
  botCheck?: BotCheckCspSources;
  /**
   * Consent-gated analytics (docs/analytics.md): with a container configured, an answer to a visitor
   * whose `consentCookie` says 'all' allows Google's analytics hosts in script-src, connect-src and
   * img-src; every other answer allows none of them.
   */
  analytics?: { config: AnalyticsConfig | null; consentCookie: string };
}

export interface BotCheckCspSources {
  script: string[];
  frame: string[];
  connect: string[];
}

/** Google's reCAPTCHA hosts: the script comes from www.google.com (or www.recaptcha.net), loads more from www.gstatic.com and frames recaptcha.google.com. */
const GOOGLE_RECAPTCHA = new Set(['https://www.google.com', 'https://www.recaptcha.net']);

/** The CSP sources the bot check's script at `scriptUrl` needs (its origin; for Google's, the hosts it loads from too). */
export function botCheckCspSources(scriptUrl: string): BotCheckCspSources {
  const origin = new URL(scriptUrl).origin;
  if (!GOOGLE_RECAPTCHA.has(origin)) return { script: [origin], frame: [origin], connect: [origin] };
  return { script: [origin, 'https://www.gstatic.com'], frame: [origin, 'https://recaptcha.google.com'], connect: [origin] };
}

/**
 * helmet with a nonce-based Content-Security-Policy, plus the Permissions-Policy. Vite's dev server needs
 * websockets and eval-free HMR. The policy follows the visitor's cookie choice, read from the request's
 * Cookie header (this runs before the cookie parser): two policies are built once, one is picked per answer.
 */
export function securityHeaders(opts: SecurityHeaderOptions): RequestHandler {
  const config = opts.analytics?.config ?? null;
  const withoutAnalytics = helmetHeaders(opts, analyticsCspSources(null, config));
  const withAnalytics = config ? helmetHeaders(opts, analyticsCspSources('all', config)) : withoutAnalytics;
  const cookieName = opts.analytics?.consentCookie;
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    const consent = cookieName ? consentFromCookieHeader(req.headers.cookie, cookieName) : null;
    (consent === 'all' ? withAnalytics : withoutAnalytics)(req, res, next);
  };
}

function helmetHeaders(opts: SecurityHeaderOptions, analytics: AnalyticsCspSources) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", nonce, "'strict-dynamic'", ...(opts.botCheck?.script ?? []), ...analytics.script],
        'style-src': ["'self'", nonce],
        'img-src': ["'self'", 'data:', ...analytics.img],
        'font-src': ["'self'"],
        'connect-src': [...(opts.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]), ...(opts.botCheck?.connect ?? []), ...analytics.connect],
        ...(opts.botCheck ? { 'frame-src': ["'self'", ...opts.botCheck.frame] } : {}),
        'form-action': ["'self'", ...(opts.formActions ?? [])],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(opts.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: opts.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Every answer of the JSON API is `Cache-Control: no-store` unless its handler says otherwise: the
 * API answers carts, orders, accounts and tokens, and a refusal a guard answers before any handler
 * runs (401, 403, 429) must not be kept by a browser or a proxy either. Set first, so a handler or
 * the exception filter may still replace it.
 */
export function apiNoStore(req: Request, res: Response, next: NextFunction): void {
  if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}
