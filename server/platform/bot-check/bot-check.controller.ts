import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BotCheckVerifyBody, BotCheckVerifyResponse, type BotCheckVerifyAnswer } from '../../../contract/api/bot-check.js';
import { ApiZodBody, ApiZodResponse } from '../http/zod-validation.openapi.js';
import { ZodBody, type Parsed } from '../http/zod-validation.js';
import { RateLimitService, type RateLimitRule } from '../rate-limit/index.js';
import { BotCheckService } from './bot-check.service.js';

/** Verifications per 15 minutes from one client address (each one costs a call to the provider). */
export const BOT_CHECK_VERIFY_LIMIT: RateLimitRule = { name: 'recaptcha-ip', points: 30, durationSeconds: 900 };

/** `POST /api/recaptcha` (spec section 7): whether a token is a human's. */
@ApiTags('bot-check')
@Controller('api/recaptcha')
export class BotCheckController {
  constructor(
    private readonly botCheck: BotCheckService,
    private readonly limits: RateLimitService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Verifies a bot-check token with the provider: success is true when it passed (score, action when given, host) or when the check is off, false otherwise (also when the provider cannot be reached). The provider accepts a token once. Rate-limited per client address (429).',
  })
  @ApiHeader({ name: 'X-CSRF-Token', required: true })
  @ApiZodBody(BotCheckVerifyBody)
  @ApiZodResponse(BotCheckVerifyResponse)
  async verify(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodBody(BotCheckVerifyBody)) { token, action }: Parsed<typeof BotCheckVerifyBody>,
  ): Promise<{ data: BotCheckVerifyAnswer }> {
    res.setHeader('Cache-Control', 'no-store');
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    await this.limits.consume(BOT_CHECK_VERIFY_LIMIT, ip);
    const verdict = await this.botCheck.verifyAnyAction({ token, action: action ?? null, ip });
    return { data: { success: verdict.outcome === 'passed' || verdict.outcome === 'off' } };
  }
}
