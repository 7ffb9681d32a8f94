import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { localizedMessage, requestLocale } from '../i18n/index.js';
import { CSRF_EXEMPT_ROUTES, isExemptRoute, type CsrfExemptRoute } from './csrf.js';
import { FORM_ROUTES, isFormPost, type FormRoute } from './form-bodies.js';
import { isUploadPost, UPLOAD_ROUTES, type UploadRoute } from './upload-bodies.js';

/** `application/json` or a `+json` structured syntax suffix (`application/merge-patch+json`), any parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9][a-z0-9!#$&^_.-]*\+json$/.test(mediaType);
}

/** Whether the request carries body bytes: chunked, or a Content-Length above zero. An empty body is no body. */
export function hasBody(req: Pick<Request, 'headers'>): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0' && !/^0+$/.test(length);
}

/**
 * The shop reads JSON bodies only. A request that carries a body of any other type (a form,
 * multipart, text/plain, no Content-Type at all) is refused with 415 before routing, so no handler
 * ever sees a body a cross-site HTML form can send. Requests without a body (a DELETE, a POST with
 * Content-Length: 0) pass. The exact routes exempt from the CSRF check (the payment provider's
 * signed callback) bring their own parser and are left alone here too. The form routes
 * (form-bodies.ts: the operators' order actions) take a urlencoded body, and only that, besides
 * JSON; they went through the CSRF check like every other write (token in the `_csrf` field). The
 * upload routes (upload-bodies.ts: the back office's photos) take a multipart body, read by their
 * own handler with its size limit.
 */
export function jsonBodiesOnly(
  exempt: readonly CsrfExemptRoute[] = CSRF_EXEMPT_ROUTES,
  forms: readonly FormRoute[] = FORM_ROUTES,
  uploads: readonly UploadRoute[] = UPLOAD_ROUTES,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (
      !hasBody(req) ||
      isJsonMediaType(req.headers['content-type']) ||
      isExemptRoute(req, exempt) ||
      isFormPost(req, forms) ||
      isUploadPost(req, uploads)
    )
      return next();
    const locale = requestLocale(req);
    res.status(415).json({
      errors: [
        { code: 'UNSUPPORTED_MEDIA_TYPE', message: localizedMessage('UNSUPPORTED_MEDIA_TYPE', locale) ?? 'The request body must be JSON.' },
      ],
    });
  };
}

/** The most a raw-body route (a signed callback) may send; the provider's callbacks are a few kB. */
export const RAW_BODY_LIMIT = '64kb';

/**
 * The one body parser: JSON by the same media-type rule (body-parser's defaults otherwise: 100 kB,
 * objects and arrays). The exact exempt routes marked `rawBody` (a callback whose signature covers
 * the body bytes) get those bytes instead, unparsed, as a Buffer in `req.body` (an empty Buffer
 * without a body), up to RAW_BODY_LIMIT: their handler verifies the signature before it parses.
 */
export function jsonBodyParser(exempt: readonly CsrfExemptRoute[] = CSRF_EXEMPT_ROUTES): RequestHandler {
  const json = express.json({ type: (req) => isJsonMediaType(req.headers['content-type']) });
  const raw = express.raw({ type: () => true, limit: RAW_BODY_LIMIT });
  const rawRoutes = exempt.filter((route) => route.rawBody);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (rawRoutes.length && isExemptRoute(req, rawRoutes)) {
      raw(req, res, (err?: unknown) => {
        if (err) return next(err);
        if (!Buffer.isBuffer(req.body)) req.body = Buffer.alloc(0);
        next();
      });
      return;
    }
    json(req, res, next);
  };
}
