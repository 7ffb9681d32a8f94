import type { Request } from 'express';

/** The caller's IP for rate limits (Express resolves X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** A browser following a link (wants a page), rather than an API client (wants JSON). */
export function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}
