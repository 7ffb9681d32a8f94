import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AcceptedResponse,
  ActivatedResponse,
  EmailChangedResponse,
  EmailRequestBody,
  InvitationAcceptanceBody,
  InvitationBody,
  LinkTokenBody,
  MeQuery,
  MeResponse,
  PasswordChangeBody,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  RegistrationBody,
  TokenPairResponse,
  TokenQuery,
} from '../../../contract/api/identity.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ApiZodBody, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { bodyObject, parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { setSessionCookies } from './auth-cookies.js';
import { currentUserId, RequireAuth, Roles } from '../../platform/auth/index.js';
import { auditActor } from '../../platform/audit/index.js';
import { tokenPair } from './auth.controller.js';
import { SignInHandovers } from './sign-in-handover.js';
import { toInvitation, toRegistration } from './dto/identity.dto.js';
import { IdentityError } from './identity.errors.js';
import { IdentityLinks, redirectToLinkPage } from './identity-links.js';
import { IdentityService } from './identity.service.js';
import type { AcceptedView, ProfileUpdateResult, TokenPair, UserView } from './identity.types.js';
import { pickFields, ProfileService } from './profile.service.js';
import { clientIp } from './request-context.js';

/** Registration, activation, the own profile and password, business invitations. */
@ApiTags('users')
@Controller('api/users')
export class UsersController {
  private readonly links: IdentityLinks;

  constructor(
    private readonly identity: IdentityService,
    private readonly profiles: ProfileService,
    private readonly handovers: SignInHandovers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new IdentityLinks(config.http.publicUrl);
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Registers; the activation mail follows. A taken e-mail gets the same answer (its owner gets a mail instead).' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(RegistrationBody)
  @ApiZodResponse(AcceptedResponse, 202)
  async register(
    @Req() req: Request,
    @Body(new ZodBody(RegistrationBody)) body: Parsed<typeof RegistrationBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.identity.register(toRegistration(body, requestLocale(req)), clientIp(req));
    return { data: { accepted: true } };
  }

  @Get('activate')
  @ApiOperation({
    summary:
      "The activation link of older mails: 303 to the activation page (in the account's language) with the token. Changes nothing: the page's button activates (POST).",
  })
  @ApiZodQuery(TokenQuery)
  @ApiResponse({ status: 303, description: 'To the activation page' })
  async activationPage(
    @Req() req: Request,
    @Res() res: Response,
    @Query(new ZodQuery(TokenQuery)) { token }: Parsed<typeof TokenQuery>,
  ): Promise<void> {
    const locale = (await this.identity.linkLocale('activation', token)) ?? requestLocale(req);
    redirectToLinkPage(res, this.links.linkPage('account_activation', locale, token));
  }

  @Post('activate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Activates by the mailed link's token (the activation page's button): once; 409 AUTH_ACTIVATION_LINK_USED, 422 AUTH_ACTIVATION_LINK_INVALID.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(LinkTokenBody)
  @ApiZodResponse(ActivatedResponse)
  async activate(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() raw: unknown,
  ): Promise<{ data: { activated: true } }> {
    res.setHeader('Cache-Control', 'no-store');
    await this.identity.limit('activate', clientIp(req));
    const { token } = parseOrThrow(LinkTokenBody, bodyObject(raw));
    const { outcome } = await this.identity.activate(token);
    if (outcome === 'used') throw new IdentityError('AUTH_ACTIVATION_LINK_USED');
    if (outcome === 'invalid') throw new IdentityError('AUTH_ACTIVATION_LINK_INVALID');
    return { data: { activated: true } };
  }

  @Post('activate/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends the activation mail again to a pending account; the same answer for any e-mail.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(EmailRequestBody)
  @ApiZodResponse(AcceptedResponse, 202)
  async resend(
    @Req() req: Request,
    @Body(new ZodBody(EmailRequestBody)) { email }: Parsed<typeof EmailRequestBody>,
  ): Promise<{ data: AcceptedView }> {
    await this.identity.resendActivation(email, clientIp(req));
    return { data: { accepted: true } };
  }

  @Get('me')
  @UseGuards(RequireAuth)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user (bearer token or cookie); `fields=a,b` keeps only those keys.' })
  @ApiZodQuery(MeQuery)
  @ApiZodResponse(MeResponse)
  async me(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(MeQuery)) { fields }: Parsed<typeof MeQuery>,
  ): Promise<{ data: Partial<UserView> }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: pickFields(await this.profiles.get(currentUserId(req)), fields) };
  }

  @Patch('me')
  @UseGuards(RequireAuth)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Edits the own profile (only the fields sent). OIB and EU VAT numbers are checked.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(ProfileUpdateBody)
  @ApiZodResponse(ProfileUpdateResponse)
  async update(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(ProfileUpdateBody)) body: Parsed<typeof ProfileUpdateBody>,
  ): Promise<{ data: ProfileUpdateResult }> {
    res.setHeader('Cache-Control', 'no-store');
    return { data: await this.profiles.update(currentUserId(req), body, clientIp(req)) };
  }

  @Get('email/confirm')
  @ApiOperation({
    summary:
      "The e-mail change link of older mails: 303 to the confirmation page (in the account's language) with the token. Changes nothing: the page's button confirms (POST).",
  })
  @ApiZodQuery(TokenQuery)
  @ApiResponse({ status: 303, description: 'To the confirmation page' })
  async emailConfirmationPage(
    @Req() req: Request,
    @Res() res: Response,
    @Query(new ZodQuery(TokenQuery)) { token }: Parsed<typeof TokenQuery>,
  ): Promise<void> {
    const locale = (await this.identity.linkLocale('email_change', token)) ?? requestLocale(req);
    redirectToLinkPage(res, this.links.linkPage('email_confirmation', locale, token));
  }

  @Post('email/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Applies a new e-mail address by the token of the link mailed to it (the confirmation page's button): once, 24 hours; 422 AUTH_EMAIL_CHANGE_INVALID.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(LinkTokenBody)
  @ApiZodResponse(EmailChangedResponse)
  async confirmEmail(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() raw: unknown,
  ): Promise<{ data: { changed: true } }> {
    res.setHeader('Cache-Control', 'no-store');
    await this.identity.limit('email-confirm', clientIp(req));
    const { token } = parseOrThrow(LinkTokenBody, bodyObject(raw));
    await this.identity.confirmEmailChange(token);
    return { data: { changed: true } };
  }

  @Post('me/password')
  @HttpCode(200)
  @UseGuards(RequireAuth)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Changes the password (current password required); every other session ends, this one gets new tokens.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(PasswordChangeBody)
  @ApiZodResponse(TokenPairResponse)
  async changePassword(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() raw: unknown): Promise<{ data: TokenPair }> {
    // Every attempt counts against the limit, the malformed ones too: the body is parsed after it.
    await this.identity.limit('password-change', clientIp(req), currentUserId(req));
    const body = parseOrThrow(PasswordChangeBody, bodyObject(raw));
    const session = await this.identity.changePassword(currentUserId(req), body.current_password ?? '', body.password);
    res.setHeader('Cache-Control', 'no-store');
    setSessionCookies(res, session, this.config);
    return { data: tokenPair(session) };
  }

  @Post('invite')
  @HttpCode(202)
  @UseGuards(RequireAuth)
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Operators (role admin) invite a business buyer by e-mail; the mail leads to accepting with a password.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(InvitationBody)
  @ApiZodResponse(AcceptedResponse, 202)
  async invite(
    @Req() req: Request,
    @Body(new ZodBody(InvitationBody)) body: Parsed<typeof InvitationBody>,
  ): Promise<{ data: AcceptedView }> {
    const actor = auditActor(req);
    await this.identity.invite({ ...actor, id: currentUserId(req) }, toInvitation(body, requestLocale(req)));
    return { data: { accepted: true } };
  }

  @Post('invite/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Accepts a business invitation: an activated business account, signed in.' })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(InvitationAcceptanceBody)
  @ApiZodResponse(TokenPairResponse)
  async acceptInvite(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() raw: unknown): Promise<{ data: TokenPair }> {
    // Every attempt counts against the limit, the malformed ones too: the body is parsed after it.
    await this.identity.limit('invite-accept', clientIp(req));
    const body = parseOrThrow(InvitationAcceptanceBody, bodyObject(raw));
    const session = await this.identity.acceptInvitation({
      token: body.token,
      firstName: body.first_name,
      lastName: body.last_name,
      password: body.password,
    });
    res.setHeader('Cache-Control', 'no-store');
    setSessionCookies(res, session, this.config);
    await this.handovers.handOver(req, res, session.user_id);
    return { data: tokenPair(session) };
  }
}
