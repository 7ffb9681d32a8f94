import { z } from 'zod';
import { botCheckTokenField } from './bot-check.js';
import { data, email, optionalLocale, report, text } from './fields.js';

/**
 * The contact form's API (`POST /api/mail`, docs/contact.md): the body a visitor sends and the
 * answer. Every problem is reported at once, each on its field, with a stable code; the texts of the
 * codes (four languages) are the contact module's (server/modules/contact/contact.errors.ts).
 */

/** Bounds of the form's fields (characters after trimming) and of the whole body (bytes of JSON). */
export const CONTACT_LIMITS = {
  name: 120,
  phone: 30,
  subject: 200,
  message: 5000,
  /** The whole request body: 10 KB. */
  bodyBytes: 10 * 1024,
  /** Links a message may hold; the name and the subject may hold none. */
  messageLinks: 3,
} as const;

/**
 * The version of the consent sentence the form shows ('I agree that Zlatno zrno processes my data to
 * answer this message…'); stored with each message. A new wording gets a new version.
 */
export const CONTACT_CONSENT_VERSION = '2026-11';

const TEXT = { required: 'CONTACT_FIELD_REQUIRED', invalid: 'CONTACT_FIELD_INVALID', tooLong: 'CONTACT_FIELD_TOO_LONG' } as const;
const EMAIL = { required: 'CONTACT_FIELD_REQUIRED', invalid: 'CONTACT_EMAIL_INVALID' } as const;
const PHONE = /^\+?[0-9][0-9 ()/-]{5,24}$/;

/**
 * What counts as a link: a scheme with `//` (http, https, ftp…), `www.`, a mail-client or BBCode link,
 * an HTML anchor. Bare domains ('zlatnozrno.hr') are not counted: people name shops and places.
 */
const LINK = /\b[a-z][a-z0-9+.-]{1,15}:\/\/\S+|\bwww\.\S+|\[url[\]=]|<a\s[^>]*href/gi;

/** How many links a text holds (see LINK). */
export function countLinks(value: string): number {
  return value.match(LINK)?.length ?? 0;
}

/** A one-line text (TEXT's rules) in which no link is allowed: CONTACT_LINKS_NOT_ALLOWED. */
function lineWithoutLinks(max: number, description: string) {
  const base = text(TEXT, max, true) as z.ZodType<string | null, unknown>;
  return z
    .unknown()
    .transform((v, ctx) => {
      const parsed = base.safeParse(v);
      if (!parsed.success) {
        report(ctx, parsed.error.issues[0].message);
        return '';
      }
      const s = parsed.data ?? '';
      if (countLinks(s) > 0) report(ctx, 'CONTACT_LINKS_NOT_ALLOWED');
      return s;
    })
    .meta({ type: 'string', minLength: 1, maxLength: max, description });
}

/**
 * The message: trimmed, line breaks kept (CR LF and CR become LF, at most two empty lines in a row),
 * required, at most CONTACT_LIMITS.message characters and CONTACT_LIMITS.messageLinks links.
 */
const message = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      report(ctx, TEXT.required);
      return '';
    }
    if (typeof v !== 'string') {
      report(ctx, TEXT.invalid);
      return '';
    }
    const s = v
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{4,}/g, '\n\n\n')
      .trim();
    if (s.length > CONTACT_LIMITS.message) {
      report(ctx, 'CONTACT_MESSAGE_TOO_LONG', [], { max: CONTACT_LIMITS.message });
      return '';
    }
    if (countLinks(s) > CONTACT_LIMITS.messageLinks) report(ctx, 'CONTACT_TOO_MANY_LINKS', [], { max: CONTACT_LIMITS.messageLinks });
    return s;
  })
  .meta({
    type: 'string',
    minLength: 1,
    maxLength: CONTACT_LIMITS.message,
    description: `Multi-line text; at most ${CONTACT_LIMITS.messageLinks} links`,
  });

/** Optional phone number: digits, spaces, + ( ) / -; blank or null is none. */
const phone = z
  .unknown()
  .transform((v, ctx) => {
    const parsed = (text(TEXT, CONTACT_LIMITS.phone) as z.ZodType<string | null | undefined, unknown>).safeParse(v);
    if (!parsed.success) {
      report(ctx, parsed.error.issues[0].message);
      return null;
    }
    const s = parsed.data ?? null;
    if (s !== null && !PHONE.test(s)) report(ctx, 'CONTACT_PHONE_INVALID');
    return s;
  })
  .optional()
  .meta({ type: 'string', maxLength: CONTACT_LIMITS.phone, nullable: true, pattern: PHONE.source, description: 'Optional' });

/** `true`, or CONTACT_CONSENT_REQUIRED. */
const consent = z
  .unknown()
  .transform((v, ctx) => {
    if (v !== true) report(ctx, 'CONTACT_CONSENT_REQUIRED');
    return true as const;
  })
  .meta({
    type: 'boolean',
    enum: [true],
    description: `Consent to the processing of the data to answer the message (text version ${CONTACT_CONSENT_VERSION})`,
  });

/** `POST /api/mail`: a message from the contact form. Unknown keys are dropped. */
export const ContactBody = z.object({
  name: lineWithoutLinks(CONTACT_LIMITS.name, 'Who writes; no links'),
  email: email(EMAIL),
  phone,
  subject: lineWithoutLinks(CONTACT_LIMITS.subject, 'No links'),
  message,
  consent,
  /** The bot check's token for the action 'contact' (docs/bot-check.md); absent when the check is off. */
  recaptcha_token: botCheckTokenField,
  locale: optionalLocale,
});
export type ContactBody = z.output<typeof ContactBody>;

/** What the client's form sends. */
export type ContactRequest = {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  consent: boolean;
  recaptcha_token?: string;
  /** The page's language: the sender's copy is written in it; default: the request's. */
  locale?: string;
};

/** The fields of the form, in the order it shows them (for focusing the first error). */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'consent'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The answer: the message is stored and its mails are on their way. */
export const ContactAccepted = z.object({ accepted: z.literal(true) });
export type ContactAccepted = z.infer<typeof ContactAccepted>;
export const ContactAcceptedResponse = data(ContactAccepted);
