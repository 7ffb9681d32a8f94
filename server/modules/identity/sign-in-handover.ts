import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * The identity module's port to what a browser gathered before it signed in and another module
 * owns (today the guest cart: the cart module's GuestCartHandover). Identity imports none of them:
 * each implements SignInHandover and registers itself with SignInHandovers when its module starts.
 *
 * Every sign-in (password, magic link, Google, accepted invitation) awaits all of them after the
 * session cookies are set and before it answers, so what they change is visible in the sign-in's
 * answer and in the browser's next request. A handover must not fail the sign-in: it handles its
 * own errors (signing in matters more than what the guest gathered).
 */
export interface SignInHandover {
  handOver(req: Request, res: Response, userId: string): Promise<void>;
}

/** The handovers registered by other modules, run in order of registration at every sign-in. */
@Injectable()
export class SignInHandovers {
  private readonly handovers: SignInHandover[] = [];

  register(handover: SignInHandover): void {
    this.handovers.push(handover);
  }

  async handOver(req: Request, res: Response, userId: string): Promise<void> {
    for (const handover of this.handovers) await handover.handOver(req, res, userId);
  }
}
