import type { Request, Response } from 'express';
import type { UserRole } from '../../../contract/api/identity.js';
import type { Locale } from '../../../contract/locales.js';
import { publicPath } from '../../../contract/paths.js';
import { currentUser, type AuthUser } from '../auth/index.js';
import { requestLocale } from '../i18n/index.js';
import type { PageFrame } from './admin-page.js';
import { createCsrf, type Csrf } from './csrf.js';

// The request side of the operators' server-rendered pages (admin-page.ts draws them): who may see
// them, their frame, how they are answered, their forms' CSRF tokens and fields.

/** The frame of a request: its language and the CSP nonce. */
export function pageFrame(req: Request, res: Response): PageFrame {
  return { locale: requestLocale(req) as Locale, nonce: String(res.locals.cspNonce ?? '') };
}

/** Answers a page: never cached, never indexed. */
export function sendAdminPage(res: Response, status: number, body: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.status(status).type('html').send(body);
}

/**
 * The signed-in operator, or an answer: nobody signed in -> 303 to the login page in the request's
 * language, coming back to `back` after (`fallback` when it is too long); signed in without one of
 * `back.roles` (default: admin) -> `forbiddenPage` with 403.
 */
export function adminOperator(
  req: Request,
  res: Response,
  frame: PageFrame,
  back: { path: string; fallback: string; forbiddenPage: () => string; roles?: readonly UserRole[] },
): AuthUser | undefined {
  const user = currentUser(req);
  if (!user) {
    const target = back.path.length <= 1000 ? back.path : back.fallback;
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${publicPath('login', frame.locale)}?redirect=${encodeURIComponent(target)}`);
    return undefined;
  }
  if (!(back.roles ?? ['admin']).includes(user.role)) {
    sendAdminPage(res, 403, back.forbiddenPage());
    return undefined;
  }
  return user;
}

/** The CSRF tokens of the pages' forms: the same secret and cookies as the platform's check in main.ts, so the tokens handed out are the ones it validates. */
export function adminCsrf(config: { secretKey: string; http: { publicUrl: string } }): Csrf {
  return createCsrf({ secret: config.secretKey, secure: config.http.publicUrl.startsWith('https://'), publicUrl: config.http.publicUrl });
}

/** A form field's string value (a repeated field or a missing one is none). */
export function formField(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
