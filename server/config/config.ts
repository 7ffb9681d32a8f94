import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { GTM_DEFAULT_SCRIPT_ORIGIN, GTM_ID_PATTERN, type AnalyticsConfig } from '../../contract/analytics.js';
import { company } from '../../contract/brand/company.js';

/**
 * The shop's whole configuration, read from the environment ONCE at boot and validated.
 * Nothing else in the server reads process.env: everything receives an AppConfig.
 */

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol.replace(':', ''));
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` },
    );

/** `https://host[:port]` and nothing more (a trailing slash allowed). */
function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: url(['http', 'https']).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Zlatno zrno <shop@zlatnozrno.hr>'),
  // The newsletter's own sender (docs/admin.md 'Newsletter'); required in production (see below).
  MAIL_MARKETING_FROM: z.string().min(3).optional(),
  MAIL_MARKETING_REPLY_TO: z.email().optional(),
  NEWSLETTER_LIST_ID: z
    .string()
    .regex(/^(?:[^<>\r\n]*\s)?<[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z0-9-]+>$/, 'a List-Id as RFC 2919 writes it, e.g. <novosti.zlatnozrno.hr>')
    .default('<novosti.zlatnozrno.hr>'),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  ORDERS_EMAIL: z.email().default('narudzbe@zlatnozrno.hr'),
  CONTACT_EMAIL: z.email().default('info@zlatnozrno.hr'),
  CONTACT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(5),
  CONTACT_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(3),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  OUTBOX_REDELIVER_AFTER_MS: z.coerce.number().int().min(200).max(86_400_000).default(60_000),
  OUTBOX_REDELIVER_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(6 * 86_400_000)
    .default(86_400_000),
  QUEUE_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  QUEUE_SCHEDULE_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'may contain letters, digits, _ and - only')
    .default('shop'),
  QUEUE_DASHBOARD_USER: z.string().min(1).default('operator'),
  QUEUE_DASHBOARD_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TRUST_PROXY: bool.default(false),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
  AUTH_LOGIN_LIMIT_PER_EMAIL_IP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  AUTH_LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(100),
  NEWSLETTER_CONFIRM_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  NEWSLETTER_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  NEWSLETTER_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(3),
  COUPON_GUESS_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  COUPON_GUESS_LIMIT_PER_CART: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** `on`: VAT of the EU delivery country (OSS, art. 33(a) and 369a-k of Directive 2006/112/EC); `off`: Croatian VAT everywhere (art. 59c). */
  VAT_OSS: z.enum(['off', 'on']).default('off'),
  QUEUE_DASHBOARD_FAILED_AUTH_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  GOOGLE_ISSUER_URL: url(['http', 'https']).default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SEED_DEMO_DATA: bool.optional(),
  PAYMENT_PROVIDER: z.enum(['monri', 'sandbox']).optional(),
  EINVOICE_EXCHANGE: z.enum(['sandbox', 'none']).optional(),
  MONRI_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  MONRI_AUTHENTICITY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  MONRI_FORM_URL: url(['http', 'https']).optional(),
  MONRI_API_URL: url(['http', 'https']).optional(),
  /** Whatever the provider: `authorize` (reserve, capture at shipping) or `purchase` (charge at once). Old name MONRI_TRANSACTION_TYPE. */
  PAYMENT_TRANSACTION_TYPE: z.enum(['authorize', 'purchase']).default('authorize'),
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  UNPAID_CARD_ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Minutes after placement an unpaid card order's buyer gets 'payment not completed'; a fraction (0.1) only for tests. */
  PAYMENT_REMINDER_DELAY_MINUTES: z.coerce.number().min(0.05).max(10_080).default(15),
  /** Fiscalization of invoices with the Tax Administration (docs/invoicing/fiscal.md). */
  FISCALIZATION_PROVIDER: z.enum(['cis', 'sandbox']).optional(),
  FISCAL_CERT_PATH: z.string().min(1).optional(),
  FISCAL_CERT_PASSWORD: z.string().min(1).optional(),
  FISCAL_OIB: z
    .string()
    .regex(/^\d{11}$/, 'must be 11 digits')
    .optional(),
  FISCAL_PREMISE: z
    .string()
    .regex(/^[0-9a-zA-Z]{1,20}$/, 'must be 1 to 20 letters and digits (spec 2.1.1)')
    .default('ZZ1'),
  FISCAL_DEVICE: z
    .string()
    .regex(/^[1-9][0-9]{0,19}$/, 'must be digits without a leading zero (spec 2.1.1)')
    .default('1'),
  FISCAL_URL: url(['http', 'https']).optional(),
  FISCAL_SEQUENCE: z.enum(['premise', 'device']).default('premise'),
  FISCAL_OPERATOR_OIB: z
    .string()
    .regex(/^\d{11}$/, 'must be 11 digits')
    .optional(),
  FISCAL_OPERATOR_MARK: z.string().trim().min(1).max(50).default('web'),
  FISCAL_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  FISCAL_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  FISCAL_PAYMENT_CODE_CARD: z.enum(['G', 'K', 'T', 'O']).default('K'),
  FISCAL_PAYMENT_CODE_COD: z.enum(['G', 'K', 'T', 'O']).default('G'),
  FISCAL_CA_PATH: z.string().min(1).optional(),
  FISCAL_CIS_CERT_PATH: z.string().min(1).optional(),
  VITE_DEV: bool.default(false),
  /** How long a rendered page of an anonymous visitor is served from memory at most (docs/performance.md); 0: no render cache. */
  RENDER_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The brand texts' folder (docs/content.md); default: content/ beside package.json. */
  CONTENT_DIR: z.string().min(1).optional(),
  /** Import content/ when a web (or all) process starts (docs/content.md 'How the import works'). */
  CONTENT_IMPORT_AT_START: bool.default(true),
  /** The bot check (docs/bot-check.md): both keys on, neither off, one alone is a configuration error. */
  RECAPTCHA_SITE_KEY: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w-]+$/, 'may contain letters, digits, _ and - only')
    .optional(),
  RECAPTCHA_SECRET_KEY: z.string().trim().min(1).max(200).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: url(['http', 'https']).default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SCRIPT_URL: url(['http', 'https']).default('https://www.google.com/recaptcha/api.js'),
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Google Tag Manager container (docs/analytics.md): loaded only for visitors who accept all cookies; unset: no analytics at all. */
  GTM_ID: z.string().trim().regex(GTM_ID_PATTERN, 'must be a Google Tag Manager container id like GTM-ABC1234').optional(),
  /** Where gtm.js is loaded from and what the CSP allows besides Google's hosts (a local emulator in tests). */
  GTM_SCRIPT_ORIGIN: url(['http', 'https'])
    .refine(isOrigin, { message: 'must be an origin (scheme, host and port; no path, query or credentials)' })
    .default(GTM_DEFAULT_SCRIPT_ORIGIN),
  /** The providers' oEmbed endpoints (docs/video.md); tests point them at test/support/oembed-emulator. */
  VIDEO_OEMBED_YOUTUBE_URL: url(['http', 'https']).default('https://www.youtube.com/oembed'),
  VIDEO_OEMBED_VIMEO_URL: url(['http', 'https']).default('https://vimeo.com/api/oembed.json'),
  /** How long the server waits for an oEmbed answer or a poster picture before giving up (504). */
  VIDEO_OEMBED_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Videos not yet in the cache one client address may have the server look up per 15 minutes (then 429). */
  VIDEO_OEMBED_LOOKUPS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Where uploaded photos live (docs/admin.md 'Photos'): PostgreSQL (default) or an S3-compatible bucket, never one process's disk. */
  MEDIA_STORAGE: z.enum(['postgres', 's3']).default('postgres'),
  /** The S3-compatible service's endpoint (path-style requests: <endpoint>/<bucket>/<key>), e.g. https://s3.eu-central-1.amazonaws.com. */
  MEDIA_BUCKET_ENDPOINT: url(['http', 'https']).optional(),
  MEDIA_BUCKET_NAME: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots, dashes)')
    .optional(),
  MEDIA_BUCKET_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name like eu-central-1')
    .default('us-east-1'),
  MEDIA_BUCKET_ACCESS_KEY_ID: z.string().trim().min(1).max(200).optional(),
  MEDIA_BUCKET_SECRET_ACCESS_KEY: z.string().trim().min(1).max(200).optional(),
});

/** Every variable the shop reads (kept in step with .env.example and README's table by tests). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * Old names still accepted, new name -> old name: a variable renamed when its concept turned out to be
 * generic. The new name wins when both are set (README, 'Configuration').
 */
export const CONFIG_ALIASES: Readonly<Record<string, string>> = {
  PAYMENT_TRANSACTION_TYPE: 'MONRI_TRANSACTION_TYPE',
};

export type Role = 'web' | 'worker' | 'all';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  role: Role;
  http: { host: string; port: number; publicUrl: string; trustProxy: boolean; viteDev: boolean; renderCacheTtlMs: number };
  dataDir: string;
  /** content/: its folder (absolute or relative to the working directory; null: <repo>/content) and whether a web process imports it at start. */
  content: { dir: string | null; importAtStart: boolean };
  database: { url: string | undefined; embeddedPort: number; poolSize: number };
  redis: { url: string | undefined };
  /**
   * `ordersTo`: the shop's order inbox, which gets a notice of every new order (ORDERS_EMAIL);
   * `contactTo`: the shop's inbox for the contact form's messages (CONTACT_EMAIL).
   */
  mail: {
    smtpUrl: string | undefined;
    dir: string;
    from: string;
    ordersTo: string;
    contactTo: string;
    /**
     * The newsletter's campaigns: their own From (MAIL_MARKETING_FROM), a Reply-To a person reads
     * (MAIL_MARKETING_REPLY_TO, default CONTACT_EMAIL) and the list's RFC 2919 List-Id (NEWSLETTER_LIST_ID).
     */
    marketing: { from: string; replyTo: string; listId: string };
  };
  secretKey: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  shutdownTimeoutMs: number;
  /** Niceness a `ROLE=worker` process gives itself (0 = none): jobs yield the CPU to the processes answering people. */
  workerNiceness: number;
  /**
   * redeliverAfterMs: a published event without the inbox row of one of its subscribers after this
   * long has its job added again (same job id); redeliverMaxAgeMs: older events are given up (logged).
   */
  outbox: { pollMs: number; redeliverAfterMs: number; redeliverMaxAgeMs: number };
  /** retryDelayMs: first delay of the exponential backoff of failed jobs (then doubled per attempt). */
  queue: {
    prefix: string;
    retryDelayMs: number;
    /** How often a worker checks that every job scheduler still exists (re-created when the datastore lost it). */
    scheduleCheckMs: number;
    dashboardUser: string;
    dashboardPassword: string;
    /** False when QUEUE_DASHBOARD_PASSWORD is unset (outside production): the dev default then serves loopback clients only. */
    dashboardPasswordConfigured: boolean;
    /** Failed basic-auth attempts per 15 minutes from one client address before 429. */
    dashboardFailedAuthLimit: number;
  };
  /** Contact form messages per 10 minutes from one client address and per hour from one e-mail address, before 429. */
  contact: { limitPerIp: number; limitPerEmail: number };
  /** Wrong coupon codes per 15 minutes, per client address and per cart (or user), before 429. */
  coupons: { guessLimitPerIp: number; guessLimitPerCart: number };
  /**
   * VAT across the EU (docs/invoicing/vat.md): `oss` true charges the VAT of the EU delivery country
   * (One-Stop Shop); false (the default, below the EUR 10,000 threshold of art. 59c) Croatian VAT on every sale.
   */
  vat: { oss: boolean };
  seedDemoData: boolean;
  /**
   * Video embeds (docs/video.md): the oEmbed endpoints the server asks about a video's title and poster,
   * how long it waits for them (and for the poster picture), and how many videos not yet cached one
   * client address may have it look up per 15 minutes.
   */
  video: { youtubeOembedUrl: string; vimeoOembedUrl: string; timeoutMs: number; lookupsPerIp: number };
  /**
   * Uploaded photos (docs/admin.md 'Photos'): stored in PostgreSQL (`postgres`, the default) or in an
   * S3-compatible bucket (`s3`, with its endpoint, bucket, region and keys), where every web process sees them.
   */
  media:
    | { storage: 'postgres' }
    | { storage: 's3'; s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } };
  /**
   * Card payments (docs/payments.md): `monri` is Monri WebPay's hosted page; `sandbox` (the default
   * outside production, refused in production) is the shop's own emulator of it under /sandbox/monri,
   * spoken to by the same adapter. `monri` holds the merchant key and token and where the form
   * (browser) and the inquiry/refund calls (server) go.
   */
  /**
   * E-invoices to business buyers (docs/invoicing/einvoice.md): how they reach the buyer through an
   * information intermediary. `sandbox` (the default outside production, refused in production) is an
   * in-process emulator that checks the UBL against the XSD like an intermediary; `none` sends nothing
   * (the operator downloads the UBL and uploads it in the intermediary's portal).
   */
  einvoice: { exchange: 'sandbox' | 'none' };
  payment: {
    provider: 'monri' | 'sandbox';
    /** The Monri adapter's settings (the sandbox's when the provider is `sandbox`). */
    monri: { key: string; authenticityToken: string; formUrl: string; apiUrl: string };
    /** Where checkout's form may post, whatever the provider: the origins of its hosted page (the CSP's form-action besides 'self'). */
    formActionOrigins: string[];
    /** `authorize`: the card is reserved at checkout, captured when the order ships, voided when it is cancelled before; `purchase`: charged at once. */
    transactionType: 'authorize' | 'purchase';
    /** A payment attempt still pending this long (no callback) is settled by asking the provider (reconciliation). */
    reconcileAfterMs: number;
    /** A card order still unpaid this long after it was placed is cancelled and its stock released (order module's job). */
    unpaidOrderExpiryMinutes: number;
    /** A card order still unpaid this long after it was placed mails its buyer 'payment not completed' (once; order module's job). */
    paymentReminderDelayMinutes: number;
  };
  /**
   * Fiscalization (docs/invoicing/fiscal.md). `provider`: `cis` is the Tax Administration's service,
   * `sandbox` (the default outside production, refused in production) the shop's emulator of it under
   * /sandbox/cis. `certificate`: the PKCS#12 file and password, or null outside production without one
   * (a demo certificate in DATA_DIR/fiscal is used). `url`: where RacunZahtjev is posted.
   */
  fiscal: {
    provider: 'cis' | 'sandbox';
    certificate: { path: string; password: string } | null;
    oib: string;
    premise: string;
    device: string;
    /** OznSlijed: `P` numbered per premise, `N` per device. */
    sequenceMark: 'P' | 'N';
    operator: { oib: string; mark: string };
    url: string;
    timeoutMs: number;
    /** The first wait after CIS did not answer; doubled per attempt, at most 30 minutes (docs/invoicing.md). */
    retryBaseMs: number;
    /** NacinPlac per payment method. */
    paymentCodes: { card: 'G' | 'K' | 'T' | 'O'; cod: 'G' | 'K' | 'T' | 'O' };
    /** PEM file of the CA(s) for CIS's TLS certificate (null: Node's bundled roots). */
    caPath: string | null;
    /** PEM file of the certificate CIS signs its answers with (null: answers not checked). */
    cisCertificatePath: string | null;
  };
  newsletter: {
    /** How long a confirmation link works. */
    confirmTtlHours: number;
    /** Subscription requests per hour from one client address. */
    rateLimitPerIp: number;
    /** Subscription requests per hour for one address, whoever sends them (no mail bombing). */
    rateLimitPerEmail: number;
    /** Campaign mails per minute at most (NEWSLETTER_RATE_PER_MINUTE): the send is paced at this rate. */
    ratePerMinute: number;
  };
  /**
   * Consent-gated analytics (docs/analytics.md): the Google Tag Manager container and where gtm.js comes
   * from; null when GTM_ID is unset (no analytics at all, no analytics origin in any CSP).
   */
  analytics: AnalyticsConfig | null;
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    /** Attempts per 15 minutes from one IP address on each rate-limited identity call. */
    rateLimitPerIp: number;
    /** Login attempts per 15 minutes for one (e-mail, client address) pair. */
    loginLimitPerEmailIp: number;
    /** Login attempts per hour for one e-mail from all addresses together (slows a distributed attack). */
    loginLimitPerEmail: number;
    /** Google sign-in (OpenID Connect); null when no client id/secret is configured. */
    google: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  };
  /**
   * The bot check (docs/bot-check.md). `keys` null: the check is off (every verdict 'off', no
   * script in the pages). `minScore`: lowest passing score; `verifyUrl`: the provider's siteverify
   * endpoint (server); `scriptUrl`: its browser script (loaded with ?render=explicit); `timeoutMs`:
   * how long a verification may take before the provider counts as unavailable.
   */
  botCheck: {
    keys: { siteKey: string; secretKey: string } | null;
    minScore: number;
    verifyUrl: string;
    scriptUrl: string;
    timeoutMs: number;
  };
}

/** The sandbox's merchant key and token, used when MONRI_KEY / MONRI_AUTHENTICITY_TOKEN are unset (never in production). Public. */
export const SANDBOX_MONRI_KEY = 'sandbox-monri-key-not-a-secret';
export const SANDBOX_MONRI_AUTHENTICITY_TOKEN = 'sandbox-authenticity-token';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the given environment (process.env at boot; a literal object in tests). */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  // Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // An old name's value counts under the new name (a problem with it names both).
  const spelled = new Map<string, string>();
  for (const [name, old] of Object.entries(CONFIG_ALIASES)) {
    if (cleaned[old] !== undefined && cleaned[name] === undefined) {
      cleaned[name] = cleaned[old];
      spelled.set(name, `${old} (now ${name})`);
    }
    delete cleaned[old];
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.');
        return `${spelled.get(name) ?? (name || 'environment')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])] ?? null)})`;
      }),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.SECRET_KEY) problems.push('SECRET_KEY: required in production (at least 32 random characters)');
  if (isProduction && !e.DATABASE_URL) problems.push('DATABASE_URL: required in production (the embedded PostgreSQL is for development)');
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (absolute links in pages and mails)');
  if (isProduction && !e.SMTP_URL) problems.push('SMTP_URL: required in production (mails must reach people, not files)');
  if (isProduction && !e.QUEUE_DASHBOARD_PASSWORD) problems.push('QUEUE_DASHBOARD_PASSWORD: required in production');
  // Marketing mail from the transactional sender would put order and password mails at risk when
  // recipients mark a newsletter as spam (the sender's reputation is shared): production names its own.
  if (isProduction && !e.MAIL_MARKETING_FROM)
    problems.push("MAIL_MARKETING_FROM: required in production (the newsletter's own sender, e.g. Zlatno zrno <novosti@zlatnozrno.hr>)");
  else if (isProduction && mailAddress(e.MAIL_MARKETING_FROM!) === mailAddress(e.MAIL_FROM))
    problems.push('MAIL_MARKETING_FROM: must be another address than MAIL_FROM in production (marketing and transactional mail apart)');
  const paymentProvider = e.PAYMENT_PROVIDER ?? (isProduction ? 'monri' : 'sandbox');
  if (isProduction && paymentProvider === 'sandbox')
    problems.push('PAYMENT_PROVIDER: the sandbox (a fake card page) is refused in production; use monri');
  const einvoiceExchange = e.EINVOICE_EXCHANGE ?? (isProduction ? 'none' : 'sandbox');
  if (isProduction && einvoiceExchange === 'sandbox')
    problems.push('EINVOICE_EXCHANGE: the sandbox (an emulated intermediary that delivers nothing) is refused in production; use none');
  if (paymentProvider === 'monri') {
    if (!e.MONRI_KEY) problems.push('MONRI_KEY: required with PAYMENT_PROVIDER=monri (the merchant key from Monri)');
    if (!e.MONRI_AUTHENTICITY_TOKEN) problems.push('MONRI_AUTHENTICITY_TOKEN: required with PAYMENT_PROVIDER=monri');
    if (e.MONRI_KEY === SANDBOX_MONRI_KEY) problems.push('MONRI_KEY: the sandbox key is public; use the merchant key from Monri');
  }
  const fiscalProvider = e.FISCALIZATION_PROVIDER ?? (isProduction ? 'cis' : 'sandbox');
  if (isProduction && fiscalProvider === 'sandbox')
    problems.push('FISCALIZATION_PROVIDER: the sandbox (an emulator of the Tax Administration) is refused in production; use cis');
  if (isProduction && fiscalProvider === 'cis') {
    if (!e.FISCAL_CERT_PATH) problems.push('FISCAL_CERT_PATH: required in production (the FINA fiscal certificate, a .p12 file)');
    if (!e.FISCAL_CERT_PASSWORD) problems.push('FISCAL_CERT_PASSWORD: required in production (the password of FISCAL_CERT_PATH)');
  }
  if (!!e.FISCAL_CERT_PATH !== !!e.FISCAL_CERT_PASSWORD && !(isProduction && fiscalProvider === 'cis'))
    problems.push(
      e.FISCAL_CERT_PATH ? 'FISCAL_CERT_PASSWORD: required with FISCAL_CERT_PATH' : 'FISCAL_CERT_PATH: required with FISCAL_CERT_PASSWORD',
    );
  if (fiscalProvider === 'cis' && e.FISCAL_URL && !e.FISCAL_URL.startsWith('https://'))
    problems.push('FISCAL_URL: must be https:// with FISCALIZATION_PROVIDER=cis');
  if (!!e.RECAPTCHA_SITE_KEY !== !!e.RECAPTCHA_SECRET_KEY) {
    problems.push(
      e.RECAPTCHA_SITE_KEY
        ? 'RECAPTCHA_SECRET_KEY: required with RECAPTCHA_SITE_KEY (set both to turn the bot check on, neither to leave it off)'
        : 'RECAPTCHA_SITE_KEY: required with RECAPTCHA_SECRET_KEY (set both to turn the bot check on, neither to leave it off)',
    );
  }
  if (e.MEDIA_STORAGE === 's3') {
    for (const name of [
      'MEDIA_BUCKET_ENDPOINT',
      'MEDIA_BUCKET_NAME',
      'MEDIA_BUCKET_ACCESS_KEY_ID',
      'MEDIA_BUCKET_SECRET_ACCESS_KEY',
    ] as const)
      if (!e[name]) problems.push(`${name}: required with MEDIA_STORAGE=s3`);
  }
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const monriFormUrl =
    e.MONRI_FORM_URL ?? (paymentProvider === 'sandbox' ? `${publicUrl}/sandbox/monri/v2/form` : 'https://ipg.monri.com/v2/form');
  return {
    env: e.NODE_ENV,
    isProduction,
    role: e.ROLE,
    http: {
      host: e.HOST,
      port: e.PORT,
      publicUrl,
      trustProxy: e.TRUST_PROXY,
      viteDev: e.VITE_DEV,
      renderCacheTtlMs: e.RENDER_CACHE_TTL_SECONDS * 1000,
    },
    dataDir: e.DATA_DIR,
    content: { dir: e.CONTENT_DIR ?? null, importAtStart: e.CONTENT_IMPORT_AT_START },
    database: { url: e.DATABASE_URL, embeddedPort: e.EMBEDDED_PG_PORT, poolSize: e.DB_POOL_SIZE },
    redis: { url: e.REDIS_URL },
    mail: {
      smtpUrl: e.SMTP_URL,
      dir: e.MAIL_DIR ?? `${e.DATA_DIR}/mail`,
      from: e.MAIL_FROM,
      ordersTo: e.ORDERS_EMAIL,
      contactTo: e.CONTACT_EMAIL,
      marketing: {
        from: e.MAIL_MARKETING_FROM ?? 'Zlatno zrno novosti <novosti@zlatnozrno.hr>',
        // a person reads it: the shop's inbox of the contact form, unless named
        replyTo: e.MAIL_MARKETING_REPLY_TO ?? e.CONTACT_EMAIL,
        listId: e.NEWSLETTER_LIST_ID,
      },
    },
    // Outside production a random per-boot secret would log everyone out on restart and break
    // multi-process dev setups; a fixed, clearly-insecure default is the honest choice there.
    secretKey: e.SECRET_KEY ?? (isProduction ? randomBytes(32).toString('hex') : 'development-only-secret-key-change-me-0123456789'),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    workerNiceness: e.WORKER_NICENESS,
    outbox: { pollMs: e.OUTBOX_POLL_MS, redeliverAfterMs: e.OUTBOX_REDELIVER_AFTER_MS, redeliverMaxAgeMs: e.OUTBOX_REDELIVER_MAX_AGE_MS },
    queue: {
      prefix: e.QUEUE_PREFIX,
      retryDelayMs: e.QUEUE_RETRY_DELAY_MS,
      scheduleCheckMs: e.QUEUE_SCHEDULE_CHECK_MS,
      dashboardUser: e.QUEUE_DASHBOARD_USER,
      dashboardPassword: e.QUEUE_DASHBOARD_PASSWORD ?? 'operator-dev',
      dashboardPasswordConfigured: e.QUEUE_DASHBOARD_PASSWORD !== undefined,
      dashboardFailedAuthLimit: e.QUEUE_DASHBOARD_FAILED_AUTH_LIMIT,
    },
    contact: { limitPerIp: e.CONTACT_RATE_LIMIT_PER_IP, limitPerEmail: e.CONTACT_RATE_LIMIT_PER_EMAIL },
    coupons: { guessLimitPerIp: e.COUPON_GUESS_LIMIT_PER_IP, guessLimitPerCart: e.COUPON_GUESS_LIMIT_PER_CART },
    vat: { oss: e.VAT_OSS === 'on' },
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    video: {
      youtubeOembedUrl: e.VIDEO_OEMBED_YOUTUBE_URL,
      vimeoOembedUrl: e.VIDEO_OEMBED_VIMEO_URL,
      timeoutMs: e.VIDEO_OEMBED_TIMEOUT_MS,
      lookupsPerIp: e.VIDEO_OEMBED_LOOKUPS_PER_IP,
    },
    media:
      e.MEDIA_STORAGE === 's3'
        ? {
            storage: 's3',
            s3: {
              endpoint: e.MEDIA_BUCKET_ENDPOINT!.replace(/\/+$/, ''),
              bucket: e.MEDIA_BUCKET_NAME!,
              region: e.MEDIA_BUCKET_REGION,
              accessKeyId: e.MEDIA_BUCKET_ACCESS_KEY_ID!,
              secretAccessKey: e.MEDIA_BUCKET_SECRET_ACCESS_KEY!,
            },
          }
        : { storage: 'postgres' },
    einvoice: { exchange: einvoiceExchange },
    payment: {
      provider: paymentProvider,
      monri: {
        key: e.MONRI_KEY ?? SANDBOX_MONRI_KEY,
        authenticityToken: e.MONRI_AUTHENTICITY_TOKEN ?? SANDBOX_MONRI_AUTHENTICITY_TOKEN,
        formUrl: monriFormUrl,
        apiUrl: (e.MONRI_API_URL ?? (paymentProvider === 'sandbox' ? `${publicUrl}/sandbox/monri` : 'https://ipg.monri.com')).replace(
          /\/+$/,
          '',
        ),
      },
      formActionOrigins: [new URL(monriFormUrl).origin],
      transactionType: e.PAYMENT_TRANSACTION_TYPE,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
      unpaidOrderExpiryMinutes: e.UNPAID_CARD_ORDER_EXPIRY_MINUTES,
      paymentReminderDelayMinutes: e.PAYMENT_REMINDER_DELAY_MINUTES,
    },
    fiscal: {
      provider: fiscalProvider,
      certificate: e.FISCAL_CERT_PATH && e.FISCAL_CERT_PASSWORD ? { path: e.FISCAL_CERT_PATH, password: e.FISCAL_CERT_PASSWORD } : null,
      oib: e.FISCAL_OIB ?? company.oib,
      premise: e.FISCAL_PREMISE,
      device: e.FISCAL_DEVICE,
      sequenceMark: e.FISCAL_SEQUENCE === 'device' ? 'N' : 'P',
      operator: { oib: e.FISCAL_OPERATOR_OIB ?? e.FISCAL_OIB ?? company.oib, mark: e.FISCAL_OPERATOR_MARK },
      // spec 6.1: the test service outside production, the production service in production.
      url:
        e.FISCAL_URL ??
        (fiscalProvider === 'sandbox'
          ? `${publicUrl}/sandbox/cis`
          : isProduction
            ? 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService'
            : 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest'),
      timeoutMs: e.FISCAL_TIMEOUT_MS,
      retryBaseMs: e.FISCAL_RETRY_BASE_MS,
      paymentCodes: { card: e.FISCAL_PAYMENT_CODE_CARD, cod: e.FISCAL_PAYMENT_CODE_COD },
      caPath: e.FISCAL_CA_PATH ?? null,
      cisCertificatePath: e.FISCAL_CIS_CERT_PATH ?? null,
    },
    newsletter: {
      confirmTtlHours: e.NEWSLETTER_CONFIRM_TTL_HOURS,
      rateLimitPerIp: e.NEWSLETTER_RATE_LIMIT_PER_IP,
      rateLimitPerEmail: e.NEWSLETTER_RATE_LIMIT_PER_EMAIL,
      ratePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    },
    analytics: e.GTM_ID ? { gtmId: e.GTM_ID, scriptOrigin: new URL(e.GTM_SCRIPT_ORIGIN).origin } : null,
    auth: {
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      rateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
      loginLimitPerEmailIp: e.AUTH_LOGIN_LIMIT_PER_EMAIL_IP,
      loginLimitPerEmail: e.AUTH_LOGIN_LIMIT_PER_EMAIL,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { issuerUrl: e.GOOGLE_ISSUER_URL, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : null,
    },
    botCheck: {
      keys: e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY ? { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY } : null,
      minScore: e.RECAPTCHA_MIN_SCORE,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
      scriptUrl: e.RECAPTCHA_SCRIPT_URL,
      timeoutMs: e.RECAPTCHA_TIMEOUT_MS,
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The address of a From value (`Name <a@b.hr>` or `a@b.hr`), lower-cased. */
function mailAddress(from: string): string {
  return (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
}
