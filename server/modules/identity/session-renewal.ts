import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ACCESS_COOKIE, accessTokenOf, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './auth-cookies.js';
import { SessionService } from './session.service.js';
import { isDatabaseUnavailable } from '../../platform/database/index.js';

/**
 * A browser asking for a page: a GET, or a POST of a server-rendered form (the operators' order
 * page works without JavaScript, so an operator whose access token ran out while the page stood open
 * keeps the action; the CSRF check has run before this). Not the JSON API (the client refreshes
 * that itself), not the assets, not the queue dashboard (basic auth of its own).
 */
function isPageRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'POST') return false;
  return !path.startsWith('/api/') && !path.startsWith('/assets/') && path !== '/admin/queues' && !path.startsWith('/admin/queues/');
}

/**
 * Before a page is server-rendered: when the access token is gone (its cookie expires with it) but
 * a refresh token is there, rotate the tokens now, so the page renders signed in (a protected page
 * does not bounce to the login) and the browser gets fresh cookies with the HTML. A refused
 * refresh token clears the cookies; a database that cannot be reached does not. API calls are not touched: the client refreshes those itself.
 */
@Injectable()
export class SessionRenewal {
  private readonly logger = new Logger('identity');

  constructor(
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    this.renew(req, res).then(() => next(), next);
  };

  private async renew(req: Request, res: Response): Promise<void> {
    if (!isPageRequest(req.method, req.path)) return;
    if (!req.accepts('html')) return;
    const cookies = (req.cookies ?? {}) as Record<string, string>;
    const refresh = cookies[REFRESH_COOKIE];
    if (!refresh) return;
    // A current access token needs no renewal. Whether its session still lives is the API's question
    // (it answers signed out; a revoked family's refresh token would be refused here anyway).
    if (await this.sessions.readAccess(accessTokenOf(req))) return;
    try {
      const session = await this.sessions.refresh(refresh);
      setSessionCookies(res, session, this.config);
      cookies[ACCESS_COOKIE] = session.access_token;
      cookies[REFRESH_COOKIE] = session.refresh_token;
      cookies.token_expires = String(session.expires_at);
      req.headers.cookie = Object.entries(cookies)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    } catch (err) {
      // The database is away, the token was not refused: keep the visitor signed in (the page
      // then shows 'try again shortly' from its API calls).
      if (isDatabaseUnavailable(err)) return;
      clearSessionCookies(res, this.config);
      delete cookies[ACCESS_COOKIE];
      delete cookies[REFRESH_COOKIE];
      req.headers.cookie = Object.entries(cookies)
        .filter(([k]) => k !== 'token_expires')
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; ');
    }
  }
}
