import { readFileSync } from 'node:fs';
import {
  CONFIG_ALIASES,
  CONFIG_VARIABLES,
  ConfigError,
  loadConfig,
  SANDBOX_MONRI_AUTHENTICITY_TOKEN,
  SANDBOX_MONRI_KEY,
} from './config.js';

describe('loadConfig', () => {
  it('gives embedded defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.role).toBe('all');
    expect(c.http.port).toBe(3000);
    expect(c.http.publicUrl).toBe('http://localhost:3000');
    expect(c.database.url).toBeUndefined();
    expect(c.redis.url).toBeUndefined();
    expect(c.mail.dir).toBe('.data/mail');
    expect(c.seedDemoData).toBe(true);
  });

  it("asks the providers' real oEmbed endpoints unless told otherwise, within a bounded timeout", () => {
    expect(loadConfig({}).video).toEqual({
      youtubeOembedUrl: 'https://www.youtube.com/oembed',
      vimeoOembedUrl: 'https://vimeo.com/api/oembed.json',
      timeoutMs: 3000,
      lookupsPerIp: 100,
    });
    const local = loadConfig({ VIDEO_OEMBED_YOUTUBE_URL: 'http://127.0.0.1:9/youtube/oembed', VIDEO_OEMBED_TIMEOUT_MS: '500' }).video;
    expect(local).toMatchObject({ youtubeOembedUrl: 'http://127.0.0.1:9/youtube/oembed', timeoutMs: 500 });
    expect(() => loadConfig({ VIDEO_OEMBED_VIMEO_URL: 'file:///etc/passwd' })).toThrow(/VIDEO_OEMBED_VIMEO_URL/);
    expect(() => loadConfig({ VIDEO_OEMBED_TIMEOUT_MS: '60000' })).toThrow(/VIDEO_OEMBED_TIMEOUT_MS/);
  });

  it('keeps photos in PostgreSQL by default, in an S3-compatible bucket only with its endpoint, name and keys', () => {
    expect(loadConfig({}).media).toEqual({ storage: 'postgres' });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(
      /MEDIA_BUCKET_ENDPOINT.*\n.*MEDIA_BUCKET_NAME.*\n.*MEDIA_BUCKET_ACCESS_KEY_ID.*\n.*MEDIA_BUCKET_SECRET_ACCESS_KEY/s,
    );
    const s3 = {
      MEDIA_STORAGE: 's3',
      MEDIA_BUCKET_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
      MEDIA_BUCKET_NAME: 'zlatnozrno-media',
      MEDIA_BUCKET_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      MEDIA_BUCKET_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).media).toEqual({
      storage: 's3',
      s3: {
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        bucket: 'zlatnozrno-media',
        region: 'us-east-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret',
      },
    });
    expect(() => loadConfig({ ...s3, MEDIA_BUCKET_NAME: 'Not A Bucket' })).toThrow(/MEDIA_BUCKET_NAME/);
    expect(() => loadConfig({ ...s3, MEDIA_BUCKET_ENDPOINT: 'file:///tmp' })).toThrow(/MEDIA_BUCKET_ENDPOINT/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });

  it('names every bad variable in one clear error', () => {
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'REDIS_URL']) expect(msg).toContain(name);
    }
  });

  it('requires secrets and real services in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY.*\n.*DATABASE_URL/s);
  });

  const production = {
    NODE_ENV: 'production',
    SECRET_KEY: 'x'.repeat(40),
    DATABASE_URL: 'postgres://shop@db/shop',
    PUBLIC_URL: 'https://shop.example.com',
    SMTP_URL: 'smtp://mail.example.com',
    QUEUE_DASHBOARD_PASSWORD: 'operator-password',
    MAIL_MARKETING_FROM: 'Shop news <news@shop.example.com>',
    FISCAL_CERT_PATH: '/run/secrets/fiscal.p12',
    FISCAL_CERT_PASSWORD: 'fiscal-password',
  };

  it('sends e-invoices to the sandbox intermediary outside production and refuses it in production', () => {
    const monri = { ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) };
    expect(loadConfig({}).einvoice.exchange).toBe('sandbox');
    expect(loadConfig({ EINVOICE_EXCHANGE: 'none' }).einvoice.exchange).toBe('none');
    expect(loadConfig(monri).einvoice.exchange).toBe('none');
    expect(() => loadConfig({ ...monri, EINVOICE_EXCHANGE: 'sandbox' })).toThrow(/EINVOICE_EXCHANGE: the sandbox .* refused in production/);
    expect(() => loadConfig({ EINVOICE_EXCHANGE: 'moj-eracun' })).toThrow(/EINVOICE_EXCHANGE/);
  });

  it('uses the payment sandbox with its public key outside production, pointing at the shop itself', () => {
    const c = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000/' });
    expect(c.payment.provider).toBe('sandbox');
    expect(c.payment.monri).toEqual({
      key: SANDBOX_MONRI_KEY,
      authenticityToken: SANDBOX_MONRI_AUTHENTICITY_TOKEN,
      formUrl: 'http://127.0.0.1:4000/sandbox/monri/v2/form',
      apiUrl: 'http://127.0.0.1:4000/sandbox/monri',
    });
  });

  it('refuses to start production with the payment sandbox, chosen or defaulted to', () => {
    expect(() =>
      loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox', MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) }),
    ).toThrow(/PAYMENT_PROVIDER: the sandbox .* refused in production/);
    // Unset in production means monri, which needs the merchant's own key and token.
    expect(() => loadConfig(production)).toThrow(/MONRI_KEY: required.*\n.*MONRI_AUTHENTICITY_TOKEN: required/s);
    expect(() => loadConfig({ ...production, MONRI_KEY: SANDBOX_MONRI_KEY, MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) })).toThrow(
      /MONRI_KEY: the sandbox key is public/,
    );
  });

  it('fiscalizes with the sandbox outside production, under the shop itself, with the company OIB and a demo certificate', () => {
    const c = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000/' });
    expect(c.fiscal).toEqual({
      provider: 'sandbox',
      certificate: null,
      oib: '47193065287',
      premise: 'ZZ1',
      device: '1',
      sequenceMark: 'P',
      operator: { oib: '47193065287', mark: 'web' },
      url: 'http://127.0.0.1:4000/sandbox/cis',
      timeoutMs: 10_000,
      retryBaseMs: 30_000,
      paymentCodes: { card: 'K', cod: 'G' },
      caPath: null,
      cisCertificatePath: null,
    });
    expect(loadConfig({ FISCALIZATION_PROVIDER: 'cis' }).fiscal.url).toBe('https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest');
    const own = loadConfig({ FISCAL_OIB: '12345678903', FISCAL_SEQUENCE: 'device', FISCAL_PAYMENT_CODE_COD: 'T' }).fiscal;
    expect(own).toMatchObject({ oib: '12345678903', operator: { oib: '12345678903' }, sequenceMark: 'N', paymentCodes: { cod: 'T' } });
    expect(loadConfig({ FISCAL_RETRY_BASE_MS: '250' }).fiscal.retryBaseMs).toBe(250);
    expect(() => loadConfig({ FISCAL_RETRY_BASE_MS: '5' })).toThrow(/FISCAL_RETRY_BASE_MS/);
  });

  it('fiscalizes with CIS in production, with the certificate it requires, and refuses the sandbox there', () => {
    const c = loadConfig({ ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) });
    expect(c.fiscal).toMatchObject({
      provider: 'cis',
      certificate: { path: '/run/secrets/fiscal.p12', password: 'fiscal-password' },
      url: 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService',
    });
    const monri = { ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) };
    expect(() => loadConfig({ ...monri, FISCALIZATION_PROVIDER: 'sandbox' })).toThrow(/FISCALIZATION_PROVIDER: the sandbox/);
    expect(() => loadConfig({ ...monri, FISCAL_CERT_PATH: undefined })).toThrow(/FISCAL_CERT_PATH: required in production/);
    expect(() => loadConfig({ ...monri, FISCAL_CERT_PASSWORD: undefined })).toThrow(/FISCAL_CERT_PASSWORD: required in production/);
    expect(() => loadConfig({ ...monri, FISCAL_URL: 'http://cis.example' })).toThrow(/FISCAL_URL/);
    expect(() => loadConfig({ FISCAL_CERT_PATH: 'x.p12' })).toThrow(/FISCAL_CERT_PASSWORD: required with FISCAL_CERT_PATH/);
    expect(() => loadConfig({ FISCAL_OIB: '123' })).toThrow(/FISCAL_OIB/);
    expect(() => loadConfig({ FISCAL_DEVICE: '01' })).toThrow(/FISCAL_DEVICE/);
    expect(() => loadConfig({ FISCAL_PREMISE: 'ZZ-1' })).toThrow(/FISCAL_PREMISE/);
    expect(() => loadConfig({ FISCAL_PAYMENT_CODE_COD: 'X' })).toThrow(/FISCAL_PAYMENT_CODE_COD/);
  });

  it('starts production with monri and defaults to its production endpoints', () => {
    const c = loadConfig({ ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) });
    expect(c.payment).toEqual({
      provider: 'monri',
      monri: {
        key: 'k'.repeat(20),
        authenticityToken: 't'.repeat(20),
        formUrl: 'https://ipg.monri.com/v2/form',
        apiUrl: 'https://ipg.monri.com',
      },
      formActionOrigins: ['https://ipg.monri.com'],
      transactionType: 'authorize',
      reconcileAfterMs: 300_000,
      unpaidOrderExpiryMinutes: 60,
      paymentReminderDelayMinutes: 15,
    });
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    const monri = { ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) };
    expect(loadConfig({ ...monri, PAYMENT_TRANSACTION_TYPE: 'purchase' }).payment.transactionType).toBe('purchase');
    expect(() => loadConfig({ ...monri, PAYMENT_TRANSACTION_TYPE: 'sale' })).toThrow(/PAYMENT_TRANSACTION_TYPE/);
  });

  it('still reads MONRI_TRANSACTION_TYPE, the old name of PAYMENT_TRANSACTION_TYPE; the new name wins', () => {
    expect(CONFIG_ALIASES).toEqual({ PAYMENT_TRANSACTION_TYPE: 'MONRI_TRANSACTION_TYPE' });
    expect(loadConfig({ MONRI_TRANSACTION_TYPE: 'purchase' }).payment.transactionType).toBe('purchase');
    expect(loadConfig({ MONRI_TRANSACTION_TYPE: 'purchase', PAYMENT_TRANSACTION_TYPE: 'authorize' }).payment.transactionType).toBe(
      'authorize',
    );
    expect(() => loadConfig({ MONRI_TRANSACTION_TYPE: 'sale' })).toThrow(/MONRI_TRANSACTION_TYPE \(now PAYMENT_TRANSACTION_TYPE\)/);
    // Every old name is no variable of its own, and every new one is.
    for (const [name, old] of Object.entries(CONFIG_ALIASES)) {
      expect(CONFIG_VARIABLES).toContain(name);
      expect(CONFIG_VARIABLES).not.toContain(old);
    }
  });

  it("lets checkout's form post to the hosted page's origin, whatever the provider", () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).payment.formActionOrigins).toEqual(['http://127.0.0.1:4000']);
    expect(loadConfig({ MONRI_FORM_URL: 'https://ipgtest.monri.com/v2/form' }).payment.formActionOrigins).toEqual([
      'https://ipgtest.monri.com',
    ]);
  });

  it('reads PAYMENT_RECONCILE_AFTER_MS (default 5 minutes), refusing nonsense', () => {
    expect(loadConfig({}).payment.reconcileAfterMs).toBe(300_000);
    expect(loadConfig({ PAYMENT_RECONCILE_AFTER_MS: '60000' }).payment.reconcileAfterMs).toBe(60_000);
    for (const bad of ['0', '-5', 'soon', '1.5'])
      expect(() => loadConfig({ PAYMENT_RECONCILE_AFTER_MS: bad })).toThrow(/PAYMENT_RECONCILE_AFTER_MS/);
  });

  it('reads UNPAID_CARD_ORDER_EXPIRY_MINUTES (default 60), refusing nonsense', () => {
    expect(loadConfig({}).payment.unpaidOrderExpiryMinutes).toBe(60);
    expect(loadConfig({ UNPAID_CARD_ORDER_EXPIRY_MINUTES: '15' }).payment.unpaidOrderExpiryMinutes).toBe(15);
    for (const bad of ['0', '-1', 'never', '99999'])
      expect(() => loadConfig({ UNPAID_CARD_ORDER_EXPIRY_MINUTES: bad })).toThrow(/UNPAID_CARD_ORDER_EXPIRY_MINUTES/);
  });

  it('reads PAYMENT_REMINDER_DELAY_MINUTES (default 15; a fraction for tests), refusing nonsense', () => {
    expect(loadConfig({}).payment.paymentReminderDelayMinutes).toBe(15);
    expect(loadConfig({ PAYMENT_REMINDER_DELAY_MINUTES: '30' }).payment.paymentReminderDelayMinutes).toBe(30);
    expect(loadConfig({ PAYMENT_REMINDER_DELAY_MINUTES: '0.1' }).payment.paymentReminderDelayMinutes).toBe(0.1);
    for (const bad of ['0', '-1', 'soon', '99999'])
      expect(() => loadConfig({ PAYMENT_REMINDER_DELAY_MINUTES: bad })).toThrow(/PAYMENT_REMINDER_DELAY_MINUTES/);
  });

  it('leaves the bot check off without keys, turns it on with both and refuses one alone', () => {
    expect(loadConfig({}).botCheck).toEqual({
      keys: null,
      minScore: 0.5,
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      timeoutMs: 5000,
    });
    const on = loadConfig({
      RECAPTCHA_SITE_KEY: 'site-key_1',
      RECAPTCHA_SECRET_KEY: 'secret',
      RECAPTCHA_MIN_SCORE: '0.7',
      RECAPTCHA_TIMEOUT_MS: '800',
    });
    expect(on.botCheck.keys).toEqual({ siteKey: 'site-key_1', secretKey: 'secret' });
    expect(on.botCheck.minScore).toBe(0.7);
    expect(on.botCheck.timeoutMs).toBe(800);
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(/RECAPTCHA_SECRET_KEY: required with RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ RECAPTCHA_SECRET_KEY: 'secret' })).toThrow(/RECAPTCHA_SITE_KEY: required with RECAPTCHA_SECRET_KEY/);
    // Production may run without (a warning at boot), but not with half a configuration.
    expect(loadConfig({ ...production, MONRI_KEY: 'k'.repeat(20), MONRI_AUTHENTICITY_TOKEN: 't'.repeat(20) }).botCheck.keys).toBeNull();
    for (const bad of ['1.5', '-0.1', 'high']) expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: bad })).toThrow(/RECAPTCHA_MIN_SCORE/);
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'a"b<script>', RECAPTCHA_SECRET_KEY: 's' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ RECAPTCHA_VERIFY_URL: 'ftp://x' })).toThrow(/RECAPTCHA_VERIFY_URL/);
  });

  it('reads GTM_ID and GTM_SCRIPT_ORIGIN: no analytics when unset, the container id checked, the origin an origin', () => {
    expect(loadConfig({}).analytics).toBeNull();
    expect(loadConfig({ GTM_SCRIPT_ORIGIN: 'http://127.0.0.1:9999' }).analytics).toBeNull();
    expect(loadConfig({ GTM_ID: 'GTM-ABC1234' }).analytics).toEqual({
      gtmId: 'GTM-ABC1234',
      scriptOrigin: 'https://www.googletagmanager.com',
    });
    expect(loadConfig({ GTM_ID: 'GTM-ABC1234', GTM_SCRIPT_ORIGIN: 'http://127.0.0.1:9999/' }).analytics).toEqual({
      gtmId: 'GTM-ABC1234',
      scriptOrigin: 'http://127.0.0.1:9999',
    });
    for (const GTM_ID of ['GTM-abc1234', 'UA-12345-1', 'G-ABC1234', 'GTM-AB', 'GTM-ABC1234"><script>', 'GTM-ABC1234 GTM-DEF5678'])
      expect(() => loadConfig({ GTM_ID })).toThrow(/GTM_ID: must be a Google Tag Manager container id/);
    for (const GTM_SCRIPT_ORIGIN of [
      'https://gtm.example/path',
      'https://u:p@gtm.example',
      'ftp://gtm.example',
      'https://gtm.example/?x=1',
    ])
      expect(() => loadConfig({ GTM_ID: 'GTM-ABC1234', GTM_SCRIPT_ORIGIN })).toThrow(/GTM_SCRIPT_ORIGIN/);
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).http.publicUrl).toBe('https://shop.example.com');
  });
});

describe('.env.example', () => {
  it('lists every variable the shop reads, and nothing else', () => {
    const listed = readFileSync('.env.example', 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => l.split('=')[0]);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});

describe("README's configuration table", () => {
  it('has a row for every variable the shop reads, and nothing else', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('\n## Configuration\n'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    // The first cell of each row names one or more variables: `HOST`, `PORT`.
    const named = table
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(40);
    expect([...new Set(named)].sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(new Set(named).size).toBe(named.length);
  });
});
