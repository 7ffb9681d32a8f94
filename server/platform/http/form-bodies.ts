import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';

/**
 * A route that takes a classic HTML form post (`application/x-www-form-urlencoded`), so a page
 * works without JavaScript. Everything else in the shop reads JSON only (json-bodies.ts). The CSRF
 * check is NOT relaxed for these routes: it runs for every unsafe method as everywhere, and takes
 * the token from the form's hidden `_csrf` field when the request sends no X-CSRF-Token header
 * (csrf.ts).
 */
export interface FormRoute {
  method: 'POST';
  /** Matched against the path as the router sees it (case-sensitive, whole path, no trailing slash). */
  pattern: RegExp;
  /** Which page posts here and why it needs a form rather than JSON. */
  reason: string;
}

/** The hidden form field that carries the CSRF token of a form post. */
export const CSRF_FORM_FIELD = '_csrf';

/** The most a form post may send: an action's few fields (token, tracking number, a confirmation). */
export const FORM_BODY_LIMIT = '4kb';
/** The most fields a form post may send. */
export const FORM_FIELD_LIMIT = 10;

/**
 * The form routes: the operators' invoice actions on the server-rendered /admin/invoices
 * (server/modules/invoicing/admin/page), one fixed action name per route. (The orders moved into the
 * back-office app, which posts JSON to /api/admin/orders.)
 */
export const FORM_ROUTES: readonly FormRoute[] = [
  {
    method: 'POST',
    pattern: /^\/admin\/invoices\/[0-9A-Fa-f-]{36}\/(?:retry|storno)$/,
    reason:
      "the operators' /admin/invoices page: 'retry now' and a storno (amount, reason, confirmation) of one invoice, usable without JavaScript",
  },
];

/** `application/x-www-form-urlencoded`, any parameters. */
export function isFormMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** True when the request's method and path are one of the form routes. */
export function isFormRoute(req: Pick<Request, 'method' | 'path'>, routes: readonly FormRoute[]): boolean {
  return routes.some((route) => route.method === req.method && route.pattern.test(req.path));
}

/** A urlencoded body on one of the form routes: the only non-JSON body (besides raw-body callbacks) the shop reads. */
export function isFormPost(req: Pick<Request, 'method' | 'path' | 'headers'>, routes: readonly FormRoute[]): boolean {
  return isFormMediaType(req.headers['content-type']) && isFormRoute(req, routes);
}

/**
 * Parses urlencoded bodies of the form routes only (flat string fields, at most FORM_FIELD_LIMIT of
 * them, up to FORM_BODY_LIMIT; more is a 413/400 error before any handler), ahead of the CSRF check,
 * which reads the token from the `_csrf` field. Any other request passes untouched.
 */
export function formBodyParser(routes: readonly FormRoute[] = FORM_ROUTES): RequestHandler {
  const urlencoded = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: FORM_FIELD_LIMIT, type: () => true });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!isFormPost(req, routes)) return next();
    urlencoded(req, res, next);
  };
}

/** The `_csrf` field of a parsed form post, or undefined (other body types never carry it). */
export function formCsrfToken(req: Pick<Request, 'headers' | 'body'>): string | undefined {
  if (!isFormMediaType(req.headers['content-type'])) return undefined;
  const body = req.body as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return undefined;
  const value = (body as Record<string, unknown>)[CSRF_FORM_FIELD];
  return typeof value === 'string' ? value : undefined;
}
