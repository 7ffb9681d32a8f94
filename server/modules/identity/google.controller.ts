import { Controller, Delete, Get, Inject, Logger, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { GoogleStartQuery, GoogleUnlinkedResponse, ProvidersResponse } from '../../../contract/api/identity.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { setSessionCookies } from './auth-cookies.js';
import { AuthError, currentUser, currentUserId, RequireAuth } from '../../platform/auth/index.js';
import { SignInHandovers } from './sign-in-handover.js';
import { GoogleOidcService, OIDC_TX_COOKIE, OIDC_TX_MAX_AGE_MS } from './google-oidc.service.js';
import { IdentityError } from './identity.errors.js';
import { IdentityLinks } from './identity-links.js';
import { IdentityService } from './identity.service.js';
import type { SignInProviders } from './identity.types.js';
import { wantsPage } from './request-context.js';

/** The `?google=` value a refusal sends the browser back with; anything else is `failed`. */
const CALLBACK_REASONS: Record<string, string | undefined> = {
  AUTH_GOOGLE_EMAIL_UNVERIFIED: 'unverified',
  AUTH_GOOGLE_LINK_REQUIRED: 'link-required',
  AUTH_GOOGLE_OTHER_ACCOUNT: 'other-account',
  AUTH_GOOGLE_SUBJECT_TAKEN: 'taken',
  AUTH_GOOGLE_ALREADY_LINKED: 'already-linked',
};

/**
 * Google sign-in (OpenID Connect authorization code flow with state, nonce and PKCE). The browser
 * navigates to the start, goes to Google, comes back to the callback and lands on a page of the
 * shop: its saved redirect or the profile on success, the login page with `?google=failed|unverified`
 * otherwise. Both are GET navigations (no CSRF token needed; the state and the signed cookie bind
 * the callback to the browser that started).
 */
@ApiTags('auth')
@Controller('api/auth')
export class GoogleController {
  private readonly logger = new Logger('identity');
  private readonly links: IdentityLinks;

  constructor(
    private readonly google: GoogleOidcService,
    private readonly identity: IdentityService,
    private readonly handovers: SignInHandovers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new IdentityLinks(config.http.publicUrl);
  }

  @Get('providers')
  @ApiOperation({
    summary:
      'Which external sign-in providers are configured: the login and register pages show the Google button only when `google` is true.',
  })
  @ApiZodResponse(ProvidersResponse)
  providers(): { data: SignInProviders } {
    return { data: { google: this.google.enabled } };
  }

  @Get('login/google')
  @ApiOperation({
    summary: 'Starts Google sign-in: 302 to Google (sets the short-lived oidc_tx cookie). 503 AUTH_GOOGLE_DISABLED when not configured.',
  })
  @ApiZodQuery(GoogleStartQuery)
  @ApiResponse({ status: 302, description: "To Google's sign-in page" })
  async start(
    @Req() req: Request,
    @Res() res: Response,
    @Query(new ZodQuery(GoogleStartQuery)) { redirect, locale, mode }: Parsed<typeof GoogleStartQuery>,
  ): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (!this.google.enabled) throw new IdentityError('AUTH_GOOGLE_DISABLED');
    const language = locale ?? requestLocale(req);
    // Link mode is for the signed-in user only; a browser that is not signed in signs in first.
    const linkUserId = mode === 'link' ? currentUser(req)?.id : undefined;
    if (mode === 'link' && !linkUserId) {
      if (!wantsPage(req)) throw new AuthError('AUTH_REQUIRED');
      res.redirect(303, `${this.links.path('login', language)}?redirect=${encodeURIComponent(this.links.path('profile', language))}`);
      return;
    }
    try {
      const { authorizationUrl, transaction } = await this.google.start(redirect, language, linkUserId);
      res.cookie(OIDC_TX_COOKIE, transaction, { ...this.google.cookieOptions(), maxAge: OIDC_TX_MAX_AGE_MS });
      res.redirect(302, authorizationUrl);
    } catch (err) {
      // The provider could not be reached (discovery): a browser gets its login page with a notice.
      if (!wantsPage(req) || !(err instanceof DomainError)) throw err;
      res.redirect(303, `${this.links.path('login', language)}?google=failed`);
    }
  }

  @Get('callback/google')
  @ApiOperation({
    summary:
      "Google's redirect back (code, state). Signs in by the Google subject (a new Google user gets an activated account; an account with the same e-mail is linked only under the rules of docs/identity.md), hands the guest cart over, 303 to the saved redirect or the profile; on failure 303 to the login page with ?google=failed, unverified, link-required or other-account. Link mode: 303 to the profile with ?google=linked, taken or failed.",
  })
  @ApiResponse({ status: 303, description: 'To the saved page or the profile; on failure to the login page' })
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    // The URL carries the authorization code: it must not leak to the next page.
    res.setHeader('Referrer-Policy', 'no-referrer');
    const cookie = (req.cookies as Record<string, unknown> | undefined)?.[OIDC_TX_COOKIE];
    const tx = this.google.openTransaction(cookie);
    // One attempt, one callback: whatever happens next, the transaction is spent.
    res.clearCookie(OIDC_TX_COOKIE, this.google.cookieOptions());
    try {
      if (!this.google.enabled || !tx) throw new IdentityError('AUTH_GOOGLE_FAILED');
      // Our public callback URL with the query as received: openid-client derives the redirect_uri of the
      // token request from it, which must equal the one of the authorization request (also behind a proxy).
      const currentUrl = new URL(this.google.redirectUri);
      currentUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
      const claims = await this.google.finish(currentUrl, cookie);
      if (tx.link) {
        await this.finishLink(req, res, tx.link, tx.locale, claims.sub);
        return;
      }
      const session = await this.identity.signInWithGoogle({ ...claims, locale: tx.locale });
      setSessionCookies(res, session, this.config);
      await this.handovers.handOver(req, res, session.user_id);
      res.redirect(303, tx.redirect ?? this.links.path('profile', session.user.locale));
    } catch (err) {
      // Name and message only: nothing of the request (code) or of the session (tokens) goes to the log.
      if (!(err instanceof DomainError))
        this.logger.error(
          { reason: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : 'unknown' },
          'google sign-in failed',
        );
      const reason = (err instanceof DomainError && CALLBACK_REASONS[err.code]) || 'failed';
      const screen = tx?.link ? 'profile' : 'login';
      res.redirect(303, `${this.links.path(screen, tx?.locale ?? requestLocale(req))}?google=${reason}`);
    }
  }

  /**
   * Link mode: the Google account goes to the user who started it, who must still be signed in here
   * (the same session's user; a sign-out or another user in between fails). Back to the profile.
   */
  private async finishLink(req: Request, res: Response, userId: string, locale: string, sub: string): Promise<void> {
    if (currentUser(req)?.id !== userId) throw new IdentityError('AUTH_GOOGLE_FAILED');
    await this.identity.linkGoogle(userId, sub);
    res.redirect(303, `${this.links.path('profile', locale)}?google=linked`);
  }

  @Delete('google')
  @UseGuards(RequireAuth)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "Unlinks the signed-in user's Google account (only an account with a password: 409 AUTH_GOOGLE_UNLINK_NEEDS_PASSWORD otherwise).",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodResponse(GoogleUnlinkedResponse)
  async unlink(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ data: { google_linked: false } }> {
    res.setHeader('Cache-Control', 'no-store');
    await this.identity.unlinkGoogle(currentUserId(req));
    return { data: { google_linked: false } };
  }
}
