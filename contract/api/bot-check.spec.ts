import {
  BOT_CHECK_ACTION_INVALID,
  BOT_CHECK_ACTIONS,
  BOT_CHECK_TOKEN_INVALID,
  BotCheckVerifyBody,
  botCheckTokenField,
} from './bot-check.js';

describe('botCheckTokenField', () => {
  it('takes a token as it is, and absent, null or empty as no token', () => {
    expect(botCheckTokenField.parse('03AFcWeA-abc_123.x')).toBe('03AFcWeA-abc_123.x');
    expect(botCheckTokenField.parse('x'.repeat(4000))).toHaveLength(4000);
    for (const none of [undefined, null, '']) expect(botCheckTokenField.parse(none)).toBeUndefined();
  });

  it('reports BOT_CHECK_TOKEN_INVALID for a non-string, an overlong token or a control character', () => {
    for (const bad of [42, true, {}, ['a'], 'x'.repeat(4001), 'ab\u0000c', 'line\nbreak', 'del\u007f', 'c1\u0085']) {
      const r = botCheckTokenField.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([BOT_CHECK_TOKEN_INVALID]);
    }
  });

  it('is the body of POST /api/recaptcha, where it may be missing', () => {
    expect(BotCheckVerifyBody.parse({ token: 'abc', other: 1 })).toEqual({ token: 'abc' });
    expect(BotCheckVerifyBody.parse({})).toEqual({});
    expect(BotCheckVerifyBody.parse({ token: 'abc', action: 'register' })).toEqual({ token: 'abc', action: 'register' });
    const r = BotCheckVerifyBody.safeParse({ token: 7, action: 'login' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['token', BOT_CHECK_TOKEN_INVALID],
      ['action', BOT_CHECK_ACTION_INVALID],
    ]);
    expect(BOT_CHECK_ACTIONS).toEqual(['contact', 'newsletter', 'register']);
  });
});
