import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { NEWSLETTER_SOURCES, NEWSLETTER_STATUSES } from '../newsletter.js';
import { data, report } from './fields.js';

/**
 * The operators' newsletter API (`/api/admin/newsletter/...`, role admin only: capability
 * `newsletter.manage`; docs/admin.md 'Newsletter'). Subscribers with their consent records, and
 * campaigns: written per language (Croatian always, the others optional), previewed, tested on the
 * operator's own address, then sent through the newsletter queue to the confirmed subscribers, paced.
 * JSON names snake_case, instants ISO 8601. Every refusal names a NEWSLETTER_* code the server
 * localizes (server/locales, `newsletter.errors`).
 */

/** Rows per page of the subscriber and campaign lists. */
export const ADMIN_NEWSLETTER_PAGE_SIZE = 25;

// ----- subscribers -------------------------------------------------------------------------------

/** A query value: '' and blanks are absent; anything else must parse (else NEWSLETTER_FILTER_INVALID). */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );
}
const FILTER = { message: 'NEWSLETTER_FILTER_INVALID' };
const page = anyWhenEmpty(z.coerce.number(FILTER).int(FILTER).min(1, FILTER).max(100_000, FILTER));

/** `GET /api/admin/newsletter/subscriptions?status=&q=&page=`: `q` is part of an address; newest first. */
export const AdminSubscriptionListQuery = z.object({
  status: anyWhenEmpty(z.enum(NEWSLETTER_STATUSES, FILTER)),
  q: anyWhenEmpty(z.string(FILTER).max(254, FILTER)),
  page,
});
export type AdminSubscriptionListQuery = z.infer<typeof AdminSubscriptionListQuery>;

const dateTime = z.string().meta({ format: 'date-time' });

/** One address with its consent record (docs/newsletter.md 'The consent record'). */
export const AdminSubscriptionRow = z.object({
  id: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  status: z.enum(NEWSLETTER_STATUSES),
  source: z.enum(NEWSLETTER_SOURCES),
  consent_at: dateTime.meta({ description: 'When the visitor asked (the request that is pending or was confirmed)' }),
  consent_ip: z.string().nullable().meta({ description: 'The client address it came from, as stored' }),
  consent_text: z.string().meta({ description: 'The exact sentence the form showed, tags removed' }),
  consent_version: z.string(),
  confirmed_at: dateTime.nullable(),
  confirmed_ip: z.string().nullable(),
  unsubscribed_at: dateTime.nullable(),
  created_at: dateTime,
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRow>;

export const AdminSubscriptionListResponse = data(
  z.object({
    subscriptions: z.array(AdminSubscriptionRow),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().meta({ description: 'Addresses matching the filters' }),
    counts: z
      .object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() })
      .meta({ description: 'All addresses by status (for the filter tabs), whatever the filters' }),
  }),
);
export type AdminSubscriptionList = z.infer<typeof AdminSubscriptionListResponse>['data'];

// ----- campaigns: content ------------------------------------------------------------------------

/** Blocks of a campaign's body, in the order they are shown. */
export const CAMPAIGN_BLOCK_TYPES = ['heading', 'paragraph', 'image', 'button'] as const;
export type CampaignBlockType = (typeof CAMPAIGN_BLOCK_TYPES)[number];
export const CAMPAIGN_MAX_BLOCKS = 40;
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_PREHEADER_MAX = 200;
export const CAMPAIGN_NAME_MAX = 120;

/** What to do with a subscriber whose language the campaign is not written in. */
export const CAMPAIGN_OTHERS = ['skip', 'hr'] as const;
export type CampaignOthers = (typeof CAMPAIGN_OTHERS)[number];

/**
 * An image or link target: a path on the shop (`/recepti`, made absolute with PUBLIC_URL when the
 * mail is rendered) or an absolute http(s) URL. Images must be the shop's own (the server checks the
 * origin: NEWSLETTER_IMAGE_NOT_SHOP); links may point anywhere on the web.
 */
export function isShopPathOrUrl(v: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(v) && !u.username && !u.password;
  } catch {
    return false;
  }
}

function trimmed(code: string, max: number) {
  return z
    .string({ message: code })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0 && v.length <= max, { message: code });
}
const target = (code: string) =>
  z
    .string({ message: code })
    .transform((v) => v.trim())
    .refine((v) => v.length <= 2000 && isShopPathOrUrl(v), { message: code });

export const CampaignBlock = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('heading'), text: trimmed('NEWSLETTER_BLOCK_TEXT_INVALID', 200) }),
    z.object({ type: z.literal('paragraph'), text: trimmed('NEWSLETTER_BLOCK_TEXT_INVALID', 5000) }),
    z.object({
      type: z.literal('image'),
      src: target('NEWSLETTER_IMAGE_INVALID').meta({ description: "The shop's own image: a path (/images/...) or a URL on PUBLIC_URL" }),
      alt: trimmed('NEWSLETTER_IMAGE_ALT_INVALID', 300).meta({
        description: 'What the picture shows (for screen readers and blocked images)',
      }),
    }),
    z.object({
      type: z.literal('button'),
      label: trimmed('NEWSLETTER_BLOCK_TEXT_INVALID', 80),
      url: target('NEWSLETTER_LINK_URL_INVALID').meta({ description: 'A path on the shop or an absolute http(s) URL' }),
    }),
  ],
  { message: 'NEWSLETTER_BLOCK_INVALID' },
);
export type CampaignBlock = z.infer<typeof CampaignBlock>;

/** One language's version of a campaign. */
export const CampaignLanguage = z.object({
  subject: trimmed('NEWSLETTER_SUBJECT_INVALID', CAMPAIGN_SUBJECT_MAX),
  preheader: z
    .string({ message: 'NEWSLETTER_PREHEADER_INVALID' })
    .transform((v) => v.trim())
    .refine((v) => v.length <= CAMPAIGN_PREHEADER_MAX, { message: 'NEWSLETTER_PREHEADER_INVALID' })
    .optional()
    .meta({ description: 'The line mail clients show after the subject (optional)' }),
  blocks: z
    .array(CampaignBlock, { message: 'NEWSLETTER_BLOCKS_INVALID' })
    .min(1, { message: 'NEWSLETTER_BLOCKS_INVALID' })
    .max(CAMPAIGN_MAX_BLOCKS, { message: 'NEWSLETTER_BLOCKS_INVALID' }),
});
export type CampaignLanguage = z.infer<typeof CampaignLanguage>;

/** The versions by language; Croatian is required, the others optional (a missing one stays missing, never empty). */
export const CampaignContent = z
  .object(
    {
      hr: CampaignLanguage.optional(),
      en: CampaignLanguage.optional(),
      de: CampaignLanguage.optional(),
      sl: CampaignLanguage.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'NEWSLETTER_LOCALE_INVALID'
          : issue.code === 'invalid_type'
            ? 'NEWSLETTER_CONTENT_INVALID'
            : undefined,
    },
  )
  .strict()
  .superRefine((v, ctx) => {
    if (!v.hr) report(ctx, 'NEWSLETTER_CROATIAN_REQUIRED', ['hr']);
  });
/** (Written out: the schema's catch-all for unknown languages would add an index signature.) */
export type CampaignContent = Partial<Record<Locale, CampaignLanguage>>;

const name = trimmed('NEWSLETTER_NAME_INVALID', CAMPAIGN_NAME_MAX).meta({
  description: "The operators' own name of the campaign (never shown to subscribers)",
});
const others = z.enum(CAMPAIGN_OTHERS, { message: 'NEWSLETTER_OTHERS_INVALID' }).meta({
  description:
    'Subscribers whose language is not written: `skip` (counted as skipped, nothing sent: the default) or `hr` (they get the Croatian version)',
});

/** `POST /api/admin/newsletter/campaigns` */
export const CreateCampaignBody = z.object({ name, content: CampaignContent, other_languages: others.optional() });
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;

/** `PATCH /api/admin/newsletter/campaigns/{id}`: the fields to change (`content` replaces all languages). Only a draft changes. */
export const UpdateCampaignBody = z
  .object({ name: name.optional(), content: CampaignContent.optional(), other_languages: others.optional() })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.content === undefined && v.other_languages === undefined) report(ctx, 'NEWSLETTER_CHANGE_EMPTY');
  });
export type UpdateCampaignBody = z.input<typeof UpdateCampaignBody>;

/** `/api/admin/newsletter/campaigns/{id}` */
export const CampaignIdParams = z.object({
  id: z.uuid({ message: 'NEWSLETTER_CAMPAIGN_ID_INVALID' }).meta({ description: "The campaign's id (uuid)" }),
});

const locale = z.enum(LOCALES, { message: 'NEWSLETTER_LOCALE_INVALID' });

/** `POST /api/admin/newsletter/preview`: renders one language's version as the subscriber would get it (saves nothing). */
export const CampaignPreviewBody = z.object({ locale, version: CampaignLanguage });

/** `GET /api/admin/newsletter/campaigns/{id}/preview?locale=`: the saved version as the HTML document the iframe shows. */
export const CampaignPreviewQuery = z.object({ locale: z.preprocess((v) => (v === undefined || v === '' ? 'hr' : v), locale) });

/**
 * The policy of that document: nothing runs (no script source, and the iframe is sandboxed too),
 * the mail's inline styles and the shop's images show, only the back office may frame it.
 */
export const CAMPAIGN_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; font-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox";

/** `POST /api/admin/newsletter/campaigns/{id}/test`: the saved version of `locale`, to the operator's own address. */
export const CampaignTestBody = z.object({ locale });

/** `POST /api/admin/newsletter/campaigns/{id}/send`: nothing to send (`{}`). */
export const CampaignSendBody = z.object({});

/** `GET /api/admin/newsletter/campaigns?page=` (newest first). */
export const AdminCampaignListQuery = z.object({ page });

// ----- campaigns: answers ------------------------------------------------------------------------

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A campaign's figures (all zero while it is a draft). `recipients`: the confirmed subscribers at
 * the moment it was sent (the snapshot); each is in exactly one of `queued` (waiting for their turn),
 * `sent`, `failed` (the mail server refused it after every retry), `skipped` (their language is not
 * written and the campaign skips others) and `stopped` (they unsubscribed before their mail left).
 * `unsubscribed_since`: recipients who unsubscribed after the send started (any way: this mail's link or another).
 */
export const CampaignCounts = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  stopped: z.number().int(),
  unsubscribed_since: z.number().int(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const AdminCampaignRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  languages: z.array(z.enum(LOCALES)).meta({ description: 'The languages the campaign is written in' }),
  subject: z.string().meta({ description: 'The Croatian subject' }),
  created_at: dateTime,
  updated_at: dateTime,
  send_started_at: dateTime.nullable(),
  finished_at: dateTime.nullable(),
  counts: CampaignCounts,
});
export type AdminCampaignRow = z.infer<typeof AdminCampaignRow>;

export const AdminCampaignListResponse = data(
  z.object({
    campaigns: z.array(AdminCampaignRow),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
);
export type AdminCampaignList = z.infer<typeof AdminCampaignListResponse>['data'];

/** Who would get a draft now (confirmed subscribers by their language, and what happens to each group). */
export const CampaignAudience = z.object({
  locale: z.enum(LOCALES),
  subscribers: z.number().int().meta({ description: 'Confirmed subscribers of this language now' }),
  gets: z.enum(LOCALES).nullable().meta({ description: 'The version they get; null: skipped (not written, others skipped)' }),
});

export const AdminCampaignDetail = AdminCampaignRow.extend({
  content: z.partialRecord(z.enum(LOCALES), CampaignLanguage).meta({ description: 'The versions by language (hr always)' }),
  other_languages: z.enum(CAMPAIGN_OTHERS),
  audience: z.array(CampaignAudience).meta({ description: 'For a draft: who would get it if sent now; after the send: empty' }),
});
export type AdminCampaignDetail = z.infer<typeof AdminCampaignDetail>;
export const AdminCampaignDetailResponse = data(AdminCampaignDetail);

export const RenderedCampaign = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const RenderedCampaignResponse = data(RenderedCampaign);

export const CampaignTestSentResponse = data(z.object({ to: z.string().meta({ description: "The operator's own address" }) }));

/** Which version a subscriber of `locale` gets, or null when skipped. */
export function campaignVersionFor(languages: readonly Locale[], others: CampaignOthers, locale: Locale): Locale | null {
  if (languages.includes(locale)) return locale;
  return others === 'hr' && languages.includes('hr') ? 'hr' : null;
}
