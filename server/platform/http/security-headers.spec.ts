import type { NextFunction, Request, Response } from 'express';
import { allowEmbeds, DENIED_FEATURES, PERMISSIONS_POLICY, permissionsPolicy, securityHeaders } from './security-headers.js';

const EMBEDS = { origins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'], features: ['fullscreen', 'autoplay'] } as const;

function answer(formActions?: string[], embeds = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    locals: { cspNonce: 'abc' },
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as Response;
  securityHeaders({ dev: false, secure: true, formActions })({ headers: {} } as Request, res, (() => undefined) as NextFunction);
  if (embeds) allowEmbeds(res, EMBEDS);
  return headers;
}

function csp(formActions?: string[]): string {
  return answer(formActions)['content-security-policy'];
}

describe('security headers', () => {
  it("lets forms post only to our own origin unless a provider's page is named", () => {
    expect(csp()).toContain("form-action 'self';");
    expect(csp(['https://ipgtest.monri.com'])).toContain("form-action 'self' https://ipgtest.monri.com;");
  });

  it('denies every listed feature and frames of other origins unless a page allows the embeds', () => {
    const strict = answer();
    expect(strict['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY.split(', ')).toEqual(DENIED_FEATURES.map((f) => `${f}=()`));
    expect(strict['content-security-policy']).toContain("default-src 'self'");
    expect(strict['content-security-policy']).not.toContain('frame-src');
  });

  it('lets a page frame exactly the players and delegate exactly their features', () => {
    const page = answer(undefined, true);
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
