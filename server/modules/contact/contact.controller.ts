import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CONTACT_LIMITS, ContactAcceptedResponse, ContactBody } from '../../../contract/api/contact.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { BotCheckService } from '../../platform/bot-check/index.js';
import { ApiZodBody, ApiZodResponse } from '../../platform/http/zod-validation.openapi.js';
import { bodyObject, parseOrThrow } from '../../platform/http/zod-validation.js';
import { requestLocale } from '../../platform/i18n/index.js';
import { ContactError } from './contact.errors.js';
import { ContactService } from './contact.service.js';

/**
 * `POST /api/mail`: the contact form (SPEC section 7: 'POST /api/mail with a mail body', with the
 * page's CSRF token like every write). In this order: the whole body at most 10 KB (413), the
 * fields (422, every problem at once), the rate limits per client address and per e-mail (429 with
 * Retry-After), the bot check of action 'contact' (403 BOT_CHECK_FAILED; fail closed: a provider
 * that cannot be asked is a 503 BOT_CHECK_UNAVAILABLE with Retry-After), and only then is the
 * message stored with its event; the answer is 202: the mails (the shop's inbox, the sender's copy)
 * follow from the worker.
 */
@ApiTags('contact')
@Controller('api/mail')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly botCheck: BotCheckService,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Sends a message with the contact form: stored, then mailed to the shop's inbox (CONTACT_EMAIL, Reply-To the sender) and as a copy to the sender in their language.",
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(ContactBody)
  @ApiZodResponse(ContactAcceptedResponse, 202)
  @ApiZodResponse(ErrorResponseSchema, 413, `The body is larger than ${CONTACT_LIMITS.bodyBytes} bytes (CONTACT_BODY_TOO_LARGE).`)
  @ApiZodResponse(ErrorResponseSchema, 422, 'A field is missing or not valid (each problem on its field).')
  @ApiZodResponse(
    ErrorResponseSchema,
    403,
    'No valid CSRF token (CSRF_TOKEN_INVALID), or the bot check refused the token (BOT_CHECK_FAILED).',
  )
  @ApiZodResponse(
    ErrorResponseSchema,
    429,
    'Too many messages from this address or e-mail (CONTACT_RATE_LIMITED, CONTACT_EMAIL_RATE_LIMITED); Retry-After.',
  )
  @ApiZodResponse(
    ErrorResponseSchema,
    503,
    'The bot check provider could not be asked (BOT_CHECK_UNAVAILABLE); nothing stored; Retry-After.',
  )
  async send(@Req() req: Request): Promise<{ data: { accepted: true } }> {
    if (bodyBytes(req) > CONTACT_LIMITS.bodyBytes)
      throw new ContactError('CONTACT_BODY_TOO_LARGE', { max: CONTACT_LIMITS.bodyBytes / 1024 });
    const body = parseOrThrow(ContactBody, bodyObject(req.body));
    const ip = clientIp(req);
    await this.contact.limit(body.email, ip);
    // Before anything is stored; fail closed: without the provider's word no message is taken.
    await this.botCheck.assertHuman({ token: body.recaptcha_token, action: 'contact', ip, whenUnavailable: 'refuse' });
    await this.contact.receive(body, { ip, locale: requestLocale(req) });
    return { data: { accepted: true } };
  }
}

/** The size of the body as sent (Content-Length), or of its JSON when it came chunked. */
function bodyBytes(req: Request): number {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return req.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(req.body) ?? '');
}

/** The caller's address (Express resolves X-Forwarded-For only when TRUST_PROXY is on). */
function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
