import type { NextFunction, Request, Response } from 'express';
import type { AnalyticsConfig } from '../../../contract/analytics.js';
import {
  allowEmbeds,
  botCheckCspSources,
  DENIED_FEATURES,
  PERMISSIONS_POLICY,
  permissionsPolicy,
  securityHeaders,
  type SecurityHeaderOptions,
} from './security-headers.js';

const GTM: AnalyticsConfig = { gtmId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' };
const EMULATOR: AnalyticsConfig = { gtmId: 'GTM-ABC1234', scriptOrigin: 'http://127.0.0.1:4567' };
const EMBEDS = { origins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'], features: ['fullscreen', 'autoplay'] } as const;

/** The headers of one answer: `cookie` is the request's Cookie header; `embeds`, a page that may frame the players. */
function answer(opts: Partial<SecurityHeaderOptions> = {}, cookie?: string, embeds = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    locals: { cspNonce: 'abc' },
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as Response;
  securityHeaders({ dev: false, secure: true, ...opts })(
    { headers: cookie === undefined ? {} : { cookie } } as Request,
    res,
    (() => undefined) as NextFunction,
  );
  if (embeds) allowEmbeds(res, EMBEDS);
  return headers;
}

function csp(opts: Partial<SecurityHeaderOptions> = {}, cookie?: string): string {
  return answer(opts, cookie)['content-security-policy'];
}

/** The directive's sources, in order. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((d) => d.trim().split(/\s+/)[0] === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.trim().split(/\s+/).slice(1);
}

const analytics = (config: AnalyticsConfig | null) => ({ analytics: { config, consentCookie: 'cookie_consent' } });

describe('security headers', () => {
  it("lets forms post only to our own origin unless a provider's page is named", () => {
    expect(csp()).toContain("form-action 'self';");
    expect(csp({ formActions: ['https://ipgtest.monri.com'] })).toContain("form-action 'self' https://ipgtest.monri.com;");
  });

  describe('CSP per cookie choice (docs/analytics.md)', () => {
    const BASE = {
      script: ["'self'", "'nonce-abc'", "'strict-dynamic'"],
      connect: ["'self'"],
      img: ["'self'", 'data:'],
    };

    it.each([
      ['no choice yet', undefined],
      ['no choice yet, other cookies', 'locale=hr; sid=x'],
      ['essential only', 'locale=hr; cookie_consent=essential'],
      ['an unknown value', 'cookie_consent=everything'],
      ['two values, the first one essential (the first wins, as for the page render)', 'cookie_consent=essential; cookie_consent=all'],
      ['a look-alike name', 'xcookie_consent=all; cookie_consent_x=all'],
    ])('allows no analytics host with %s', (_name, cookie) => {
      const policy = csp(analytics(GTM), cookie);
      expect(directive(policy, 'script-src')).toEqual(BASE.script);
      expect(directive(policy, 'connect-src')).toEqual(BASE.connect);
      expect(directive(policy, 'img-src')).toEqual(BASE.img);
      expect(policy).not.toMatch(/google|127\.0\.0\.1/);
    });

    it("allows exactly Google's Tag Manager and Analytics 4 hosts with 'all'", () => {
      const policy = csp(analytics(GTM), 'locale=hr; cookie_consent=all; sid=x');
      expect(directive(policy, 'script-src')).toEqual([...BASE.script, 'https://*.googletagmanager.com']);
      expect(directive(policy, 'connect-src')).toEqual([
        "'self'",
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]);
      expect(directive(policy, 'img-src')).toEqual([...BASE.img, 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
      // Nothing else moves: styles, fonts, frames, forms.
      expect(csp(analytics(GTM), 'cookie_consent=all').replace(/ https:\/\/\*\.[a-z.-]+/g, '')).toBe(csp(analytics(GTM)));
    });

    it("adds a configured script origin (the tests' emulator) to the three directives with 'all' only", () => {
      const policy = csp(analytics(EMULATOR), 'cookie_consent=all');
      for (const name of ['script-src', 'connect-src', 'img-src']) expect(directive(policy, name)).toContain('http://127.0.0.1:4567');
      expect(csp(analytics(EMULATOR), 'cookie_consent=essential')).not.toContain('127.0.0.1');
    });

    it("allows no analytics host without a container, even with 'all'", () => {
      expect(csp(analytics(null), 'cookie_consent=all')).toBe(csp());
      expect(csp({}, 'cookie_consent=all')).toBe(csp());
    });

    it('keeps the development websocket sources beside the analytics hosts', () => {
      expect(directive(csp({ dev: true, ...analytics(GTM) }, 'cookie_consent=all'), 'connect-src')).toEqual([
        "'self'",
        'ws:',
        'wss:',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]);
    });
  });

  it("allows the bot check's provider only when it is configured", () => {
    const off = csp();
    expect(off).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(off).toContain("connect-src 'self';");
    expect(off).not.toContain('frame-src');
    expect(off).not.toContain('google');

    const google = csp({ botCheck: botCheckCspSources('https://www.google.com/recaptcha/api.js') });
    expect(google).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' https://www.google.com https://www.gstatic.com;");
    expect(google).toContain("frame-src 'self' https://www.google.com https://recaptcha.google.com;");
    expect(google).toContain("connect-src 'self' https://www.google.com;");

    const emulator = csp({ botCheck: botCheckCspSources('http://127.0.0.1:4100/recaptcha/api.js') });
    expect(emulator).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' http://127.0.0.1:4100;");
    expect(emulator).toContain("frame-src 'self' http://127.0.0.1:4100;");
  });

  it('denies every listed feature and frames of other origins unless a page allows the embeds', () => {
    const strict = answer();
    expect(strict['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY.split(', ')).toEqual(DENIED_FEATURES.map((f) => `${f}=()`));
    expect(strict['content-security-policy']).toContain("default-src 'self'");
    expect(strict['content-security-policy']).not.toContain('frame-src');
  });

  it('lets a page frame exactly the players and delegate exactly their features', () => {
    const page = answer({}, undefined, true);
    expect(page['content-security-policy']).toMatch(/;frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com$/);
    expect(page['content-security-policy']).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    const policy = page['permissions-policy'].split(', ');
    expect(policy).toContain('fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(policy).toContain('autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(policy.filter((p) => !p.endsWith('=()'))).toHaveLength(2);
    expect(policy).toContain('camera=()');
    expect(policy).toContain('picture-in-picture=()');
    expect(permissionsPolicy(EMBEDS)).toBe(page['permissions-policy']);
  });

  it('adds the players to a frame-src that is already there, keeping its sources', () => {
    const headers: Record<string, string> = {
      'content-security-policy': "default-src 'self';frame-src 'self' https://www.google.com;object-src 'none'",
    };
    const res = {
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      getHeader: (name: string) => headers[name.toLowerCase()],
    } as unknown as Response;
    allowEmbeds(res, EMBEDS);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';frame-src 'self' https://www.google.com https://www.youtube-nocookie.com https://player.vimeo.com;object-src 'none'",
    );
    allowEmbeds(res, EMBEDS);
    expect(headers['content-security-policy'].match(/youtube-nocookie/g)).toHaveLength(1);
  });
});
