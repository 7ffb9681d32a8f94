import { z } from 'zod';
import { data, report } from './fields.js';

/**
 * The bot check (reCAPTCHA v3 style, docs/bot-check.md): the browser asks the provider for a token
 * just before it submits a protected form, the form's body carries it as `recaptcha_token`, and
 * the server verifies it with the provider before acting. `POST /api/recaptcha` verifies a token
 * on its own (spec section 7).
 */

/** The protected actions: each token is issued for one and only counts for that one. */
export const BOT_CHECK_ACTIONS = ['contact', 'newsletter', 'register'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** Longest token accepted (the provider's are ~2 KB). */
export const BOT_CHECK_TOKEN_MAX_LENGTH = 4000;

/** The token field's problem: not a string, too long, or with a control character. */
export const BOT_CHECK_TOKEN_INVALID = 'BOT_CHECK_TOKEN_INVALID';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * `recaptcha_token` of the contact, newsletter and registration bodies: optional (absent, null or
 * '' when the check is off or the browser could not get one: the server decides), else a single
 * line of at most 4000 characters; anything else reports BOT_CHECK_TOKEN_INVALID.
 */
export const botCheckTokenField: z.ZodType<string | undefined, unknown> = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > BOT_CHECK_TOKEN_MAX_LENGTH || CONTROL.test(v)) {
      report(ctx, BOT_CHECK_TOKEN_INVALID);
      return undefined;
    }
    return v;
  })
  .optional()
  .meta({
    type: 'string',
    maxLength: BOT_CHECK_TOKEN_MAX_LENGTH,
    nullable: true,
    description: "The bot check's token for this form's action (absent when the check is off)",
  });

/** The optional `action` of `POST /api/recaptcha`: not one of BOT_CHECK_ACTIONS. */
export const BOT_CHECK_ACTION_INVALID = 'BOT_CHECK_ACTION_INVALID';

/**
 * `POST /api/recaptcha`: `token`, and optionally the `action` it must have been issued for (absent:
 * any action). The provider accepts a token once: a token verified here is spent, a form then
 * needs a fresh one.
 */
export const BotCheckVerifyBody = z.object({
  token: botCheckTokenField,
  action: z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'string' && (BOT_CHECK_ACTIONS as readonly string[]).includes(v)) return v as BotCheckAction;
      report(ctx, BOT_CHECK_ACTION_INVALID);
      return undefined;
    })
    .optional()
    .meta({ type: 'string', enum: [...BOT_CHECK_ACTIONS], description: 'The action the token must have been issued for; absent: any' }),
});

/** 200: `success` is true when the token passed (or the check is off), false otherwise. */
export const BotCheckVerifyResponse = data(z.object({ success: z.boolean() }));
export type BotCheckVerifyAnswer = z.infer<typeof BotCheckVerifyResponse>['data'];
