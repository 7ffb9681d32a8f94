import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { CALLER_VERIFIER, type CallerVerifier } from './caller-verifier.js';
import type { AuthUser } from './caller.js';

/** Passport's name of the strategy IdentifyCaller runs. */
export const CALLER_STRATEGY = 'caller';

/**
 * Passport strategy 'caller' (@nestjs/passport, the stack's authentication library): asks the
 * CALLER_VERIFIER port, which the module keeping the sessions implements, who the request's
 * credentials name. No caller is not a failure here: IdentifyCaller lets anonymous calls through.
 */
@Injectable()
export class CallerStrategy extends PassportStrategy(Strategy, CALLER_STRATEGY) {
  constructor(@Inject(CALLER_VERIFIER) private readonly verifier: CallerVerifier) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | false> {
    return (await this.verifier.callerOf(req)) ?? false;
  }
}
