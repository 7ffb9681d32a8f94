import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { BotCheckFailedError, BotCheckUnavailableError } from './bot-check.errors.js';
import type { AssertHumanRequest, BotCheckAction, BotCheckPublicSettings, BotCheckRequest, BotCheckVerdict } from './bot-check.types.js';
import { judgeAnswer, SiteVerifyAnswer } from './bot-check.verdict.js';

/**
 * The server half of the bot check (docs/bot-check.md): asks the provider's siteverify endpoint
 * about a token (POST, form-encoded secret, response and remoteip, with a timeout) and judges its
 * answer: success, hostname (PUBLIC_URL's), action, score >= RECAPTCHA_MIN_SCORE. Token reuse is
 * the provider's concern (it answers 'timeout-or-duplicate'). With no keys configured every
 * verdict is 'off' and nothing is sent anywhere.
 */
@Injectable()
export class BotCheckService implements OnApplicationBootstrap {
  private readonly logger = new Logger('bot-check');
  private readonly hostname: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.hostname = new URL(config.http.publicUrl).hostname;
  }

  onApplicationBootstrap(): void {
    // Said once per process that answers requests (a worker verifies nothing).
    if (this.config.botCheck.keys || this.config.role === 'worker') return;
    const message = 'bot check is off: no RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET_KEY';
    if (this.config.isProduction) this.logger.warn(`${message} (the contact, newsletter and registration forms are unprotected)`);
    else this.logger.log(message);
  }

  /** Whether the check is on (both keys configured). */
  get enabled(): boolean {
    return this.config.botCheck.keys !== null;
  }

  /** The public site key and script URL for the pages; null when the check is off. */
  publicSettings(): BotCheckPublicSettings | null {
    const keys = this.config.botCheck.keys;
    return keys ? { siteKey: keys.siteKey, scriptUrl: this.config.botCheck.scriptUrl } : null;
  }

  /** The verdict on `token` for `action`. Never throws. */
  verify({ token, action, ip }: BotCheckRequest): Promise<BotCheckVerdict> {
    return this.check(token, action, ip);
  }

  /**
   * Like verify, but any action of the token is accepted when `action` is null (POST /api/recaptcha
   * without an action: it only tells whether the token is a human's).
   */
  verifyAnyAction({
    token,
    action,
    ip,
  }: {
    token: string | undefined;
    action: BotCheckAction | null;
    ip: string;
  }): Promise<BotCheckVerdict> {
    return this.check(token, action, ip);
  }

  /**
   * Passes when the check is off or the token passed; throws BotCheckFailedError (403
   * BOT_CHECK_FAILED) when it was refused, BotCheckUnavailableError (503 BOT_CHECK_UNAVAILABLE,
   * Retry-After) when the provider cannot be asked and `whenUnavailable` is 'refuse'; with 'allow'
   * such a request passes and a warning is logged.
   */
  async assertHuman({ token, action, ip, whenUnavailable }: AssertHumanRequest): Promise<void> {
    const verdict = await this.verify({ token, action, ip });
    switch (verdict.outcome) {
      case 'off':
      case 'passed':
        return;
      case 'refused':
        throw new BotCheckFailedError();
      case 'unavailable':
        if (whenUnavailable === 'refuse') throw new BotCheckUnavailableError();
        this.logger.warn({ action, reason: verdict.reason }, `bot check unavailable: ${action} allowed without it`);
        return;
    }
  }

  private async check(token: string | undefined, action: BotCheckAction | null, ip: string): Promise<BotCheckVerdict> {
    const { keys, verifyUrl, timeoutMs, minScore } = this.config.botCheck;
    if (!keys) return { outcome: 'off' };
    if (!token) return this.judged({ outcome: 'refused', reason: 'missing-token' }, action);
    const form = new URLSearchParams({ secret: keys.secretKey, response: token });
    if (ip) form.set('remoteip', ip);
    let text: string;
    try {
      const res = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return this.judged({ outcome: 'unavailable', reason: `the provider answered HTTP ${res.status}` }, action);
      }
      text = await res.text();
    } catch (err) {
      const name = errorName(err);
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${timeoutMs} ms`
          : `the provider could not be reached (${name})`;
      return this.judged({ outcome: 'unavailable', reason }, action);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const answer = SiteVerifyAnswer.safeParse(body);
    if (!answer.success) return this.judged({ outcome: 'unavailable', reason: 'the provider gave no valid answer' }, action);
    return this.judged(judgeAnswer(answer.data, { action, minScore, hostname: this.hostname }), action);
  }

  /** Logs what is worth knowing about a verdict (never the token or the secret) and returns it. */
  private judged(verdict: BotCheckVerdict, action: BotCheckAction | null): BotCheckVerdict {
    if (verdict.outcome === 'refused')
      this.logger.log({ action, reason: verdict.reason, score: verdict.score }, 'bot check refused a request');
    else if (verdict.outcome === 'unavailable') this.logger.warn({ action, reason: verdict.reason }, 'bot check provider unavailable');
    return verdict;
  }
}

/** The socket error's code (ECONNREFUSED, ...) or the error's name; duck-typed (fetch's errors may come from another realm). */
function errorName(err: unknown): string {
  const e = err as { name?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return typeof e?.name === 'string' ? e.name : 'unknown error';
}
