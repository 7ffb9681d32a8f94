import { z } from 'zod';
import type { BotCheckAction, BotCheckVerdict } from './bot-check.types.js';

/**
 * The provider's siteverify answer (reCAPTCHA v3): `success`, and for a valid token its `score`
 * (0.0 bot .. 1.0 human), the `action` it was issued for, the `hostname` of the page that got it
 * and when (`challenge_ts`); on failure `error-codes`. Unknown fields are ignored.
 */
export const SiteVerifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().min(0).max(1).optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  challenge_ts: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});
export type SiteVerifyAnswer = z.infer<typeof SiteVerifyAnswer>;

/** Error codes that mean our request or our secret is wrong, not the visitor's token: the check cannot work. */
const OUR_FAULT = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

export interface VerdictExpectations {
  /** The action the token must carry; null: any action (POST /api/recaptcha without one). */
  action: BotCheckAction | null;
  /** Lowest passing score (RECAPTCHA_MIN_SCORE). */
  minScore: number;
  /** The shop's host name (PUBLIC_URL's), compared with the provider's `hostname` when it gives one. */
  hostname: string;
}

/**
 * The verdict on a siteverify answer (already parsed; a malformed answer is the caller's
 * 'unavailable'). Checked in this order: success, hostname, action, score.
 */
export function judgeAnswer(answer: SiteVerifyAnswer, expected: VerdictExpectations): BotCheckVerdict {
  if (!answer.success) {
    const codes = answer['error-codes'] ?? [];
    const ours = codes.filter((c) => OUR_FAULT.has(c));
    if (ours.length) return { outcome: 'unavailable', reason: `the provider refused our request (${ours.join(', ')})` };
    return { outcome: 'refused', reason: 'invalid-token' };
  }
  const score = answer.score;
  // A successful answer without a score is not a v3 token (a v2 checkbox key): not what we asked for.
  if (score === undefined) return { outcome: 'refused', reason: 'invalid-token' };
  if (answer.hostname !== undefined && answer.hostname.toLowerCase() !== expected.hostname.toLowerCase()) {
    return { outcome: 'refused', reason: 'wrong-hostname', score };
  }
  if (expected.action !== null && answer.action !== expected.action) return { outcome: 'refused', reason: 'wrong-action', score };
  if (score < expected.minScore) return { outcome: 'refused', reason: 'low-score', score };
  return { outcome: 'passed', score };
}
