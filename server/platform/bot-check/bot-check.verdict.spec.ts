import { judgeAnswer, SiteVerifyAnswer } from './bot-check.verdict.js';

const expected = { action: 'contact' as const, minScore: 0.5, hostname: 'shop.example.com' };
const good = { success: true, score: 0.9, action: 'contact', hostname: 'shop.example.com', challenge_ts: '2026-11-25T01:00:00Z' };

describe('judgeAnswer', () => {
  it('passes a successful answer with the right action, host and a score at or above the threshold', () => {
    expect(judgeAnswer(good, expected)).toEqual({ outcome: 'passed', score: 0.9 });
    expect(judgeAnswer({ ...good, score: 0.5 }, expected)).toEqual({ outcome: 'passed', score: 0.5 });
    // The host name is compared without regard to case, and only when the provider gives one.
    expect(judgeAnswer({ ...good, hostname: 'SHOP.example.COM' }, expected).outcome).toBe('passed');
    expect(judgeAnswer({ ...good, hostname: undefined }, expected).outcome).toBe('passed');
  });

  it('refuses a score below the threshold, with the score', () => {
    expect(judgeAnswer({ ...good, score: 0.49 }, expected)).toEqual({ outcome: 'refused', reason: 'low-score', score: 0.49 });
    expect(judgeAnswer({ ...good, score: 0 }, { ...expected, minScore: 0 })).toEqual({ outcome: 'passed', score: 0 });
    expect(judgeAnswer({ ...good, score: 0.9 }, { ...expected, minScore: 1 })).toEqual({
      outcome: 'refused',
      reason: 'low-score',
      score: 0.9,
    });
  });

  it('refuses a token issued for another action, or none, unless any action is accepted', () => {
    expect(judgeAnswer({ ...good, action: 'newsletter' }, expected)).toEqual({ outcome: 'refused', reason: 'wrong-action', score: 0.9 });
    expect(judgeAnswer({ ...good, action: undefined }, expected)).toEqual({ outcome: 'refused', reason: 'wrong-action', score: 0.9 });
    expect(judgeAnswer({ ...good, action: 'newsletter' }, { ...expected, action: null })).toEqual({ outcome: 'passed', score: 0.9 });
  });

  it('refuses a token from another site before looking at action and score', () => {
    expect(judgeAnswer({ ...good, hostname: 'evil.example.net', action: 'x', score: 0.1 }, expected)).toEqual({
      outcome: 'refused',
      reason: 'wrong-hostname',
      score: 0.1,
    });
  });

  it("refuses an unsuccessful answer about the visitor's token as an invalid token", () => {
    for (const codes of [['timeout-or-duplicate'], ['invalid-input-response'], ['missing-input-response'], [], undefined]) {
      expect(judgeAnswer({ success: false, 'error-codes': codes }, expected)).toEqual({ outcome: 'refused', reason: 'invalid-token' });
    }
  });

  it('calls the provider unavailable when it refuses our secret or request (our fault, not the visitor’s)', () => {
    expect(judgeAnswer({ success: false, 'error-codes': ['invalid-input-secret'] }, expected)).toEqual({
      outcome: 'unavailable',
      reason: 'the provider refused our request (invalid-input-secret)',
    });
    expect(judgeAnswer({ success: false, 'error-codes': ['missing-input-secret', 'timeout-or-duplicate'] }, expected).outcome).toBe(
      'unavailable',
    );
    expect(judgeAnswer({ success: false, 'error-codes': ['bad-request'] }, expected).outcome).toBe('unavailable');
  });

  it('refuses a successful answer without a score (not a v3 token)', () => {
    expect(judgeAnswer({ success: true, action: 'contact', hostname: 'shop.example.com' }, expected)).toEqual({
      outcome: 'refused',
      reason: 'invalid-token',
    });
  });
});

describe('SiteVerifyAnswer', () => {
  it("reads the provider's answer and refuses what is not one", () => {
    expect(SiteVerifyAnswer.safeParse({ ...good, 'error-codes': [], extra: 1 }).success).toBe(true);
    expect(SiteVerifyAnswer.safeParse({ success: 'true' }).success).toBe(false);
    expect(SiteVerifyAnswer.safeParse({ success: true, score: 7 }).success).toBe(false);
    expect(SiteVerifyAnswer.safeParse('<html>').success).toBe(false);
    expect(SiteVerifyAnswer.safeParse(null).success).toBe(false);
  });
});
