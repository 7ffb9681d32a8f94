import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '../locales.js';
import { NEWSLETTER_FORM_SOURCES, type NewsletterFormSource } from '../newsletter.js';
import { botCheckTokenField } from './bot-check.js';
import { data, email, optionalLocale, passThrough, report, single } from './fields.js';

// The newsletter's API (docs/newsletter.md): subscribe (double opt-in), confirm, one-click
// unsubscribe, and the operators' CSV export.

/** `POST /api/newsletter/subscriptions`: always answered 202 with the same body. */
export const NewsletterSubscribeBody = z.object({
  email: email({ required: 'NEWSLETTER_EMAIL_REQUIRED', invalid: 'NEWSLETTER_EMAIL_INVALID' }),
  locale: optionalLocale,
  source: z
    .unknown()
    .transform((v, ctx): NewsletterFormSource => {
      if (v === undefined || v === null || v === '') return 'home';
      if (typeof v === 'string' && (NEWSLETTER_FORM_SOURCES as readonly string[]).includes(v)) return v as NewsletterFormSource;
      report(ctx, 'NEWSLETTER_SOURCE_INVALID');
      return 'home';
    })
    .optional()
    .meta({ type: 'string', enum: [...NEWSLETTER_FORM_SOURCES], description: 'Which form was used (default home)' }),
  recaptcha_token: botCheckTokenField,
});

/** `POST /api/newsletter/confirm` */
export const NewsletterConfirmBody = z.object({ token: passThrough('The token of the mailed confirmation link') });

/** `POST /api/newsletter/unsubscribe?token=` and `GET` of the same (which only leads to the page). */
export const NewsletterTokenQuery = z.object({ token: passThrough('The token of the unsubscribe link') });

/** `GET /api/admin/newsletter/subscribers?locale=`: one language, or all when absent or empty. */
export const NewsletterExportQuery = z.object({
  locale: z
    .unknown()
    .transform((raw, ctx): Locale | undefined => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!isLocale(v)) report(ctx, 'NEWSLETTER_LOCALE_INVALID');
      return isLocale(v) ? v : undefined;
    })
    .optional()
    .meta({ type: 'string', enum: [...LOCALES], description: 'Only the subscribers of this language (default: all)' }),
});

export const NewsletterAccepted = z.object({ accepted: z.literal(true) });
export const NewsletterAcceptedResponse = data(NewsletterAccepted);
export const NewsletterConfirmed = z.object({ status: z.literal('confirmed') });
export const NewsletterConfirmedResponse = data(NewsletterConfirmed);
export const NewsletterUnsubscribed = z.object({ status: z.literal('unsubscribed') });
export const NewsletterUnsubscribedResponse = data(NewsletterUnsubscribed);

/** The columns of the CSV export, in order. */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'locale', 'confirmed_at', 'source'] as const;
