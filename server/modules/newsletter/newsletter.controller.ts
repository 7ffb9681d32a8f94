import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  NewsletterAcceptedResponse,
  NewsletterConfirmBody,
  NewsletterConfirmedResponse,
  NewsletterSubscribeBody,
  NewsletterTokenQuery,
  NewsletterUnsubscribedResponse,
} from '../../../contract/api/newsletter.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { BotCheckService } from '../../platform/bot-check/index.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { ApiZodBody, ApiZodQuery, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { bodyObject, parseOrThrow, ZodBody, ZodQuery, type Parsed } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { NewsletterService } from './newsletter.service.js';

/** The caller's IP for rate limits and the consent record (Express resolves X-Forwarded-For only when TRUST_PROXY is on). */
function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** A browser submitting a plain form (wants a page back), rather than a script or a mail provider (JSON or nothing). */
function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * The newsletter for visitors (docs/newsletter.md): subscribe (double opt-in), confirm by the
 * mailed link's page, unsubscribe in one click (RFC 8058).
 */
@ApiTags('newsletter')
@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly botCheck: BotCheckService,
  ) {}

  @Post('subscriptions')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Asks for the newsletter: a confirmation link is mailed in `locale` (double opt-in). Always the same 202, whether the address is new, pending, confirmed or unsubscribed; a confirmed address gets no new mail.',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(NewsletterSubscribeBody)
  @ApiZodResponse(NewsletterAcceptedResponse, 202)
  @ApiZodResponse(ErrorResponseSchema, 403, 'The bot check refused the request (BOT_CHECK_FAILED; only when RECAPTCHA_* is configured)')
  @ApiZodResponse(ErrorResponseSchema, 422, 'A missing or malformed e-mail address, an unknown source, a malformed recaptcha_token')
  @ApiZodResponse(ErrorResponseSchema, 429, 'Too many requests from this client or for this address (RATE_LIMITED, Retry-After)')
  async subscribe(@Req() req: Request, @Body() raw: unknown): Promise<{ data: { accepted: true } }> {
    const ip = clientIp(req);
    // Every attempt counts, also the malformed ones: the body is parsed after the client's budget.
    await this.newsletter.limitIp(ip);
    const body = parseOrThrow(NewsletterSubscribeBody, bodyObject(raw));
    // The bot check (docs/bot-check.md): a provider outage lets the request through, the double
    // opt-in mail being the second gate.
    await this.botCheck.assertHuman({ token: body.recaptcha_token, action: 'newsletter', ip, whenUnavailable: 'allow' });
    await this.newsletter.subscribe({
      email: body.email,
      locale: body.locale ?? requestLocale(req),
      source: body.source ?? 'home',
      ip,
      at: new Date(),
    });
    return { data: { accepted: true } };
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Confirms a subscription with the token of the mailed link (the confirmation page's button). Confirming twice answers the same.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(NewsletterConfirmBody)
  @ApiZodResponse(NewsletterConfirmedResponse)
  @ApiZodResponse(
    ErrorResponseSchema,
    422,
    'A forged, superseded or unsubscribed link (NEWSLETTER_LINK_INVALID), or an expired one (NEWSLETTER_LINK_EXPIRED)',
  )
  async confirm(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(NewsletterConfirmBody)) body: Parsed<typeof NewsletterConfirmBody>,
  ): Promise<{ data: { status: 'confirmed' } }> {
    res.setHeader('Cache-Control', 'no-store');
    await this.newsletter.limitLinkIp(clientIp(req));
    await this.newsletter.confirm(body.token, clientIp(req));
    return { data: { status: 'confirmed' } };
  }

  @Get('unsubscribe')
  @ApiOperation({
    summary:
      'The List-Unsubscribe URL opened in a browser: never unsubscribes (RFC 8058: a GET must not), it leads (303) to the unsubscribe page, whose button does.',
  })
  @ApiZodQuery(NewsletterTokenQuery)
  @ApiResponse({ status: 303, description: 'To the unsubscribe page in the subscription language, with the token' })
  async unsubscribePage(
    @Req() req: Request,
    @Res() res: Response,
    @Query(new ZodQuery(NewsletterTokenQuery)) { token }: Parsed<typeof NewsletterTokenQuery>,
  ): Promise<void> {
    const locale = (await this.newsletter.localeOfUnsubscribeToken(token)) ?? requestLocale(req);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const search = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
    res.redirect(303, `${this.newsletter.links.path('newsletter_unsubscribe', locale)}${search}`);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "One-click unsubscribe (RFC 8058): the mail provider's POST with the body `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded or multipart), or the unsubscribe page's button. No CSRF token and no cookies: the signed token in the query proves it. Immediate; a second time answers the same.",
  })
  @ApiZodQuery(NewsletterTokenQuery)
  @ApiConsumes('application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({
    required: false,
    description: 'What RFC 8058 has the mail provider send; read by nobody (the token decides)',
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiZodResponse(NewsletterUnsubscribedResponse)
  @ApiZodResponse(ErrorResponseSchema, 422, 'An unknown or forged token (NEWSLETTER_LINK_INVALID)')
  async unsubscribe(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query(new ZodQuery(NewsletterTokenQuery)) { token }: Parsed<typeof NewsletterTokenQuery>,
  ): Promise<{ data: { status: 'unsubscribed' } } | void> {
    res.setHeader('Cache-Control', 'no-store');
    // The body (`List-Unsubscribe=One-Click`) is not needed: the token alone decides, and a POST
    // is what RFC 8058 asks for. The route reads its body raw (csrf.ts), so no format is refused.
    // No rate limit: a mail provider sends many people's one-click POSTs from few addresses, and a
    // 256-bit token cannot be guessed.
    try {
      const { locale } = await this.newsletter.unsubscribe(token);
      if (!wantsPage(req)) return { data: { status: 'unsubscribed' } };
      // The page's plain form without JavaScript: back to the page, which says so.
      res.redirect(303, `${this.newsletter.links.path('newsletter_unsubscribe', locale)}?status=unsubscribed`);
    } catch (err) {
      if (!wantsPage(req) || !(err instanceof DomainError)) throw err;
      res.redirect(303, `${this.newsletter.links.path('newsletter_unsubscribe', requestLocale(req))}?status=invalid`);
    }
  }
}
