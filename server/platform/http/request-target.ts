import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { localizedMessage, requestLocale, serverText, type ServerTexts } from '../i18n/index.js';

/**
 * Only origin-form request targets (`GET /path?query HTTP/1.1`) reach the shop (issue 19). HTTP/1.1
 * also allows the asterisk form (`OPTIONS * HTTP/1.1`), the absolute form (`GET http://other.example/
 * HTTP/1.1`, meant for proxies) and the authority form (`CONNECT host:443`); Node hands them over as
 * `req.url` unchanged, and the page renderer's `new URL(publicUrl + url)` threw on them (a 500).
 * None of them means anything to this shop: they are answered 400 before anything else runs (the
 * first middleware), `{ errors: [{ code, message }] }` for an /api or /admin target, a small plain
 * page otherwise, in the caller's language (Accept-Language: no cookie or query is read yet).
 */
export const REQUEST_TARGET_INVALID = 'REQUEST_TARGET_INVALID' satisfies keyof ServerTexts['http']['errors'];

/** True for an origin-form target: `/` then anything (`//x` is a path, tidied by the pages). */
export function isOriginForm(target: string): boolean {
  return target.startsWith('/');
}

/** The path an absolute-form target names (`http://host/api/x` -> `/api/x`); other forms have none. */
function pathOf(target: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  return absolute ? target.slice(absolute[0].length) || '/' : '';
}

export function refuseNonPathTargets() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const target = req.url;
    if (isOriginForm(target)) return next();
    const locale = requestLocale({ query: {}, cookies: {}, headers: req.headers });
    const message = localizedMessage(REQUEST_TARGET_INVALID, locale) ?? REQUEST_TARGET_INVALID;
    const title = serverText('http.pages.badRequest', locale) ?? 'Bad request';
    res.status(400);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Connection', 'close');
    if (/^\/(api|admin)(\/|$|\?)/i.test(pathOf(target))) {
      res.json({ errors: [{ code: REQUEST_TARGET_INVALID, message }] });
      return;
    }
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res
      .type('html')
      .send(
        `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>400 · ${title}</title></head>` +
          `<body><h1>${title}</h1><p>${message}</p></body></html>`,
      );
  };
}

/**
 * CONNECT (`CONNECT host:443`, the authority form) never reaches Express: Node's HTTP server emits
 * 'connect' and, with no listener, drops the connection without an answer. The shop is no proxy: a
 * plain 400, then the connection closes.
 */
export function refuseConnect(server: { on(event: 'connect', listener: (req: unknown, socket: Duplex) => void): unknown }): void {
  server.on('connect', (_req, socket) => {
    socket.on('error', () => undefined);
    socket.end(
      'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 12\r\n\r\nBad request\n',
    );
  });
}
