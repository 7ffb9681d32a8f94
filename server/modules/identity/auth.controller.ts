import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AcceptedResponse,
  EmailRequestBody,
  LoginBody,
  PasswordResetBody,
  RefreshBody,
  ResetResponse,
  SessionResponse,
  SignedOutResponse,
  LinkTokenBody,
  MagicLinkSignInResponse,
  TokenPairResponse,
  TokenQuery,
} from '../../../contract/api/identity.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ApiZodBody, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { bodyObject, parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { clearSessionCookies, refreshTokenOf, setSessionCookies } from './auth-cookies.js';
import { currentUser } from '../../platform/auth/index.js';
import { SignInHandovers } from './sign-in-handover.js';
import { IdentityLinks, redirectToLinkPage } from './identity-links.js';
import { IdentityService } from './identity.service.js';
import type { AcceptedView, SessionView, TokenPair } from './identity.types.js';
import { ProfileService } from './profile.service.js';
import { clientIp } from './request-context.js';
import { SessionService, type IssuedSession } from './session.service.js';

/**
 * Sign-in and sessions. Login, refresh and magic-link sign-in answer `{ data: { access_token,
 * refresh_token, expires } }` (expires: access-token lifetime in ms) and set the HttpOnly cookies.
 */
@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  private readonly links: IdentityLinks;

  constructor(
    private readonly identity: IdentityService,
    private readonly sessions: SessionService,
    private readonly profiles: ProfileService,
    private readonly handovers: SignInHandovers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new IdentityLinks(config.http.publicUrl);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: "E-mail and password. Any failure: 401 AUTH_LOGIN_FAILED 'Login failed, please check your credentials.'" })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(LoginBody)
  @ApiZodResponse(TokenPairResponse)
  async login(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(LoginBody)) { email, password }: Parsed<typeof LoginBody>,
  ): Promise<{ data: TokenPair }> {
    const session = await this.identity.login(email ?? null, password ?? '', clientIp(req));
    return this.signedIn(req, res, session);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotates the refresh token (body refresh_token or the cookie). A reused token ends its whole session: 401.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(RefreshBody)
  @ApiZodResponse(TokenPairResponse)
  async refresh(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(RefreshBody)) body: Parsed<typeof RefreshBody>,
  ): Promise<{ data: TokenPair }> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const session = await this.sessions.refresh(refreshTokenOf(req, body));
      setSessionCookies(res, session, this.config);
      return { data: tokenPair(session) };
    } catch (err) {
      clearSessionCookies(res, this.config);
      throw err;
    }
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the session on the server (its refresh-token family) and clears the cookies.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(RefreshBody)
  @ApiZodResponse(SignedOutResponse)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(RefreshBody)) body: Parsed<typeof RefreshBody>,
  ): Promise<{ data: { signed_out: true } }> {
    await this.sessions.end(refreshTokenOf(req, body), currentUser(req)?.sessionId);
    clearSessionCookies(res, this.config);
    return { data: { signed_out: true } };
  }

  @Get('session')
  @ApiOperation({ summary: 'The current session for the client: always 200, user null when signed out.' })
  @ApiZodResponse(SessionResponse)
  async session(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ data: SessionView }> {
    res.setHeader('Cache-Control', 'no-store');
    const user = currentUser(req);
    if (!user) return { data: { user: null, expires_at: null } };
    const expiresAt = Number((req.cookies as Record<string, string> | undefined)?.token_expires);
    return { data: { user: await this.profiles.get(user.id), expires_at: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : null } };
  }

  @Post('password/request')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a reset link (1 hour, single use) if the e-mail has an account; the answer is the same either way.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(EmailRequestBody)
  @ApiZodResponse(AcceptedResponse, 202)
  async requestReset(
    @Req() req: Request,
    @Body(new ZodBody(EmailRequestBody)) body: Parsed<typeof EmailRequestBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.identity.requestPasswordReset(body.email, body.locale ?? requestLocale(req), clientIp(req));
    return { data: { accepted: true } };
  }

  @Post('password/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the token of a reset link; every session of the user ends.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(PasswordResetBody)
  @ApiZodResponse(ResetResponse)
  async reset(@Req() req: Request, @Body() raw: unknown): Promise<{ data: { reset: true } }> {
    // The rate limit counts every attempt, also the malformed ones: the body is parsed after it.
    await this.identity.limit('reset-submit', clientIp(req));
    const { token, password } = parseOrThrow(PasswordResetBody, bodyObject(raw));
    await this.identity.resetPassword(token, password);
    return { data: { reset: true } };
  }

  @Post('magic-link')
  @HttpCode(202)
  @ApiOperation({ summary: 'Fast login: mails a one-time sign-in link (15 minutes) if the e-mail has an account; same answer either way.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(EmailRequestBody)
  @ApiZodResponse(AcceptedResponse, 202)
  async magicLink(
    @Req() req: Request,
    @Body(new ZodBody(EmailRequestBody)) body: Parsed<typeof EmailRequestBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.identity.requestMagicLink(body.email, body.redirect, body.locale ?? requestLocale(req), clientIp(req));
    return { data: { accepted: true } };
  }

  @Get('magic-link/verify')
  @ApiOperation({
    summary:
      "The sign-in link of older mails: 303 to the sign-in link page (in the account's language) with the token. Signs nobody in and uses nothing up: the page's button does (POST).",
  })
  @ApiZodQuery(TokenQuery)
  @ApiResponse({ status: 303, description: 'To the sign-in link page' })
  async magicLinkPage(
    @Req() req: Request,
    @Res() res: Response,
    @Query(new ZodQuery(TokenQuery)) { token }: Parsed<typeof TokenQuery>,
  ): Promise<void> {
    const locale = (await this.identity.linkLocale('magic_link', token)) ?? requestLocale(req);
    redirectToLinkPage(res, this.links.linkPage('magic_link', locale, token));
  }

  @Post('magic-link/verify')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Signs in with a magic-link token (the sign-in link page's button): once, 15 minutes; sets the session cookies and answers the tokens and where to go (the link's same-site redirect, else the profile). 422 AUTH_MAGIC_LINK_INVALID.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(LinkTokenBody)
  @ApiZodResponse(MagicLinkSignInResponse)
  async verifyMagicLink(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() raw: unknown,
  ): Promise<{ data: TokenPair & { redirect: string } }> {
    await this.identity.limit('magic-verify', clientIp(req));
    const { token } = parseOrThrow(LinkTokenBody, bodyObject(raw));
    const session = await this.identity.verifyMagicLink(token);
    const { data } = await this.signedIn(req, res, session);
    return { data: { ...data, redirect: session.redirect ?? this.links.path('profile', session.user.locale) } };
  }

  /** Sets the cookies, runs the sign-in handovers (the guest cart joins the account's), answers the token pair. */
  private async signedIn(req: Request, res: Response, session: IssuedSession): Promise<{ data: TokenPair }> {
    res.setHeader('Cache-Control', 'no-store');
    setSessionCookies(res, session, this.config);
    await this.handovers.handOver(req, res, session.user_id);
    return { data: tokenPair(session) };
  }
}

export function tokenPair(session: IssuedSession): TokenPair {
  return { access_token: session.access_token, refresh_token: session.refresh_token, expires: session.expires };
}
