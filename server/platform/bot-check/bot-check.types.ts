import type { BotCheckAction } from '../../../contract/api/bot-check.js';

export type { BotCheckAction };

/** Why a token was refused. */
export type BotCheckRefusal = 'missing-token' | 'invalid-token' | 'low-score' | 'wrong-action' | 'wrong-hostname';

/**
 * The outcome of one verification: `off` (no keys configured: everyone passes), `passed` (a human,
 * as far as the provider can tell), `refused` (a bot, a forged, reused or expired token, or none),
 * `unavailable` (the provider could not be asked: network, timeout, an error status, an answer
 * that is not one, or it refused our secret).
 */
export type BotCheckVerdict =
  | { outcome: 'off' }
  | { outcome: 'passed'; score: number }
  | { outcome: 'refused'; reason: BotCheckRefusal; score?: number }
  | { outcome: 'unavailable'; reason: string };

export interface BotCheckRequest {
  /** The form's `recaptcha_token` (undefined when the browser sent none). */
  token: string | undefined;
  /** The action the token must have been issued for. */
  action: BotCheckAction;
  /** The client's address (passed on to the provider as remoteip). */
  ip: string;
}

export interface AssertHumanRequest extends BotCheckRequest {
  /**
   * What to do when the provider cannot be asked: 'refuse' fails closed (503 BOT_CHECK_UNAVAILABLE:
   * the contact form), 'allow' lets the request through with a warning in the log (newsletter,
   * registration: they have other defences, a mailed confirmation link).
   */
  whenUnavailable: 'refuse' | 'allow';
}

/** What the pages need to load the provider's script: null when the check is off. */
export interface BotCheckPublicSettings {
  siteKey: string;
  scriptUrl: string;
}
