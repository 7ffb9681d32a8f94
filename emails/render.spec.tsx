import { describe, expect, it } from '@jest/globals';
import { Text } from '@react-email/components';
import { company } from '../contract/brand/company.js';
import { publicPath } from '../contract/paths.js';
import { useMail } from './components/mail-context.js';
import { MailLayout } from './components/mail-layout.js';
import { defineTemplate } from './mail-template.js';
import { PRIVACY_POLICY_PATHS } from './mail-locale.js';
import {
  EmptyMailError,
  MAIL_LOCALES,
  MissingTranslationError,
  RelativeLinkError,
  UnknownMailLocaleError,
  UnknownMailTemplateError,
  createMailRenderer,
  loadMailTranslations,
  previewPropsOf,
  renderMail,
  templates,
  type MailLocale,
  type TemplateName,
  type TemplateProps,
} from './render.js';

const PUBLIC_URL = 'https://shop.example.hr';

/** Words of the layout's legal line that occur in exactly one of the four languages. */
const LANGUAGE_MARKERS: Record<MailLocale, string> = {
  hr: 'Politici privatnosti',
  en: 'Privacy Policy',
  de: 'Datenschutzerklärung',
  sl: 'Politiki zasebnosti',
};

/** SPEC section 2, written out here so that a wrong table in the code cannot agree with itself. */
const SPEC_PRIVACY_PATHS: Record<MailLocale, string> = {
  hr: '/politika-privatnosti',
  en: '/en/privacy-policy',
  de: '/de/privacy-policy',
  sl: '/sl/politika-privatnosti',
};

const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];
const CASES = TEMPLATE_NAMES.flatMap((name) => MAIL_LOCALES.map((locale) => [name, locale] as const));
/**
 * The shop's own words: a campaign's subject and button are the operator's, one per language they
 * wrote (emails/templates/newsletter-campaign.spec.tsx renders it in the four languages).
 */
type ShopWorded = Exclude<TemplateName, 'newsletter-campaign'>;
const SHOP_WORDED = TEMPLATE_NAMES.filter((n): n is ShopWorded => n !== 'newsletter-campaign');
const SHOP_WORDED_CASES = SHOP_WORDED.flatMap((name) => MAIL_LOCALES.map((locale) => [name, locale] as const));

/**
 * The prop holding each mail's call to action: the MailButton, the first link of the body and of the
 * text part (the mail log prints that one). Typed over every template, so a new one must name its own.
 */
const CALL_TO_ACTION: { [N in ShopWorded]: keyof TemplateProps<N> & string } = {
  'account-activation': 'activationUrl',
  'account-exists': 'loginUrl',
  'magic-link': 'signInUrl',
  'email-change': 'confirmUrl',
  'email-in-use': 'loginUrl',
  'password-reset': 'resetUrl',
  'password-changed': 'resetUrl',
  'birthday-coupon': 'shopUrl',
  'business-invitation': 'acceptUrl',
  'order-confirmation': 'orderUrl',
  'payment-not-completed': 'retryUrl',
  'order-shipped': 'orderUrl',
  'new-order-notice': 'adminUrl',
  'order-paid-notice': 'adminUrl',
  'order-cancelled': 'orderUrl',
  'order-expired': 'shopUrl',
  'order-refunded': 'orderUrl',
  invoice: 'orderUrl',
  'invoices-not-fiscalized': 'adminUrl',
  'low-stock': 'adminUrl',
  'newsletter-confirmation': 'confirmUrl',
  'newsletter-welcome': 'recipesUrl',
  // a mailto: answer to the sender (the shop's inbox has no page of its own for a message)
  'contact-notice': 'replyUrl',
  'contact-copy': 'shopUrl',
};

/** Top-level objects of the locale files (layout, accountActivation, magicLink, …): their keys must never show. */
const KEY_LEAK = new RegExp(`\\b(${Object.keys(loadMailTranslations().hr).join('|')})\\.[a-z]`);

function clone<T>(value: T): T {
  return structuredClone(value);
}

describe('every template in every language', () => {
  it.each(CASES)('%s in %s: subject, html and text, in the right language, with links and company data', async (name, locale) => {
    const props = previewPropsOf(name, PUBLIC_URL);
    const mail = await renderMail(name, props, locale, { publicUrl: PUBLIC_URL });

    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text.trim()).not.toBe('');
    expect(/<html[^>]*>/.exec(mail.html)?.[0]).toMatch(new RegExp(`\\blang="${locale}"`));
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);

    // Every absolute link among the props is a real link in the HTML and readable in the text part.
    const links = Object.values(props).filter((v): v is string => typeof v === 'string' && /^https?:\/\//.test(v));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
      expect(mail.text).toContain(link);
    }

    // The legal line: privacy policy of the reader's language, company data from the one brand file.
    expect(mail.html).toContain(`href="${PUBLIC_URL}${SPEC_PRIVACY_PATHS[locale]}"`);
    for (const fact of [company.legalName, company.oib, company.iban, company.email, company.registryCourt]) {
      expect(mail.html).toContain(escapeHtml(fact));
      expect(mail.text).toContain(fact);
    }

    // Written in this language and in no other.
    for (const other of MAIL_LOCALES) {
      const expectation = other === locale ? expect(mail.html) : expect(mail.html).not;
      expectation.toContain(LANGUAGE_MARKERS[other]);
      (other === locale ? expect(mail.text) : expect(mail.text).not).toContain(LANGUAGE_MARKERS[other]);
    }
    // No key, placeholder or tag leaked into what the reader sees.
    for (const part of [mail.subject, mail.text]) {
      expect(part).not.toMatch(/\{\{|\}\}|<\/?[a-z]+>|\bnull\b|\bundefined\b|NaN/);
      expect(part).not.toMatch(KEY_LEAK);
    }
    expect(mail.html).toMatch(/<h1[\s>]/);
  });

  it.each(SHOP_WORDED_CASES)(
    '%s in %s: the call to action is the first link of the HTML and of the text, and can be copied',
    async (name, locale) => {
      const props = previewPropsOf(name, PUBLIC_URL);
      const cta = Object.entries(props).find(([key]) => key === CALL_TO_ACTION[name])?.[1];
      if (typeof cta === 'string' && cta.startsWith('mailto:')) {
        // A reply button: the first link of the HTML; the text part names the address it answers.
        const mail = await renderMail(name, props, locale, { publicUrl: PUBLIC_URL });
        expect(/\shref="([^"]*)"/.exec(mail.html)?.[1]).toBe(escapeHtml(cta));
        expect(mail.text).toContain(decodeURIComponent(cta.slice('mailto:'.length).split('?')[0]));
        return;
      }
      if (typeof cta !== 'string' || !/^https?:\/\//.test(cta)) throw new Error(`${name}.${CALL_TO_ACTION[name]} is not an absolute link`);
      const mail = await renderMail(name, props, locale, { publicUrl: PUBLIC_URL });

      expect(/\shref="([^"]*)"/.exec(mail.html)?.[1]).toBe(escapeHtml(cta));
      expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(cta);
      // The button and the bare link under it (for clients that block styled links); the text part
      // shows it once, on the button's line.
      expect(mail.html.split(`href="${escapeHtml(cta)}"`).length - 1).toBeGreaterThanOrEqual(2);
      expect(mail.text.split(cta)).toHaveLength(2);
    },
  );

  it.each(SHOP_WORDED)('%s has a different subject in each language', async (name) => {
    const subjects = await Promise.all(
      MAIL_LOCALES.map((locale) =>
        renderMail(name, previewPropsOf(name, PUBLIC_URL), locale, { publicUrl: PUBLIC_URL }).then((m) => m.subject),
      ),
    );
    expect(new Set(subjects).size).toBe(MAIL_LOCALES.length);
  });
});

describe('account activation', () => {
  const props = { firstName: 'Ana', activationUrl: `${PUBLIC_URL}/api/users/activate?token=t0k3n&lang=hr`, expiresInHours: 24 };

  it('greets by first name, links the button and the plain link, and says what to do if it was not you', async () => {
    const mail = await renderMail('account-activation', props, 'hr', { publicUrl: PUBLIC_URL });
    expect(mail.subject).toBe('Aktivirajte svoj korisnički račun u webshopu Zlatno zrno');
    expect(mail.html).toContain('Pozdrav, Ana!');
    // Once as the button, once as the link to copy; the & is escaped in HTML and plain in text.
    expect(mail.html.split(`href="${PUBLIC_URL}/api/users/activate?token=t0k3n&amp;lang=hr"`)).toHaveLength(3);
    expect(mail.text).toContain(`${PUBLIC_URL}/api/users/activate?token=t0k3n&lang=hr`);
    expect(mail.text).toContain('Poveznica vrijedi 24 sata');
    expect(mail.text).toContain('Niste se vi registrirali? Samo zanemarite ovu poruku.');
    expect(mail.text).toContain('shop.example.hr');
  });

  it.each([
    ['hr', 1, '1 sat '],
    ['hr', 3, '3 sata '],
    ['hr', 24, '24 sata '],
    ['hr', 48, '48 sati '],
    ['en', 1, '1 hour '],
    ['en', 24, '24 hours '],
    ['de', 1, '1 Stunde '],
    ['de', 24, '24 Stunden '],
    ['sl', 1, '1 uro '],
    ['sl', 2, '2 uri '],
    ['sl', 3, '3 ure '],
    ['sl', 24, '24 ur '],
  ] as const)('in %s, %i hour(s) reads "%s"', async (locale, hours, phrase) => {
    const mail = await renderMail('account-activation', { ...props, expiresInHours: hours }, locale, { publicUrl: PUBLIC_URL });
    expect(mail.text).toContain(phrase);
  });

  it('escapes what the person typed', async () => {
    const mail = await renderMail('account-activation', { ...props, firstName: '<b>Ana</b>' }, 'en', { publicUrl: PUBLIC_URL });
    expect(mail.html).toContain('Hello &lt;b&gt;Ana&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Ana</b>');
  });

  it('renders concurrently in four languages without one render switching another', async () => {
    const mails = await Promise.all(
      Array.from({ length: 12 }, (_, i) => MAIL_LOCALES[i % 4]).map(async (locale) => ({
        locale,
        mail: await renderMail('account-activation', props, locale, { publicUrl: PUBLIC_URL }),
      })),
    );
    for (const { locale, mail } of mails) expect(mail.html).toContain(LANGUAGE_MARKERS[locale]);
  });
});

describe('what must fail', () => {
  const translations = loadMailTranslations();
  const props = previewPropsOf('account-activation', PUBLIC_URL);

  it('fails on a key missing in one language, naming it, while the others still render', async () => {
    const broken = clone(translations);
    delete (broken.sl.accountActivation as Record<string, unknown>).intro;
    const render = createMailRenderer({ templates, translations: broken });
    const failure = render('account-activation', props, 'sl', { publicUrl: PUBLIC_URL });
    await expect(failure).rejects.toBeInstanceOf(MissingTranslationError);
    await expect(failure).rejects.toMatchObject({ code: 'MAIL_TRANSLATION_MISSING', locale: 'sl', missing: ['accountActivation.intro'] });
    await expect(render('account-activation', props, 'hr', { publicUrl: PUBLIC_URL })).resolves.toMatchObject({
      subject: expect.any(String),
    });
  });

  it('keeps what concurrent renders miss apart: each failure names only its own keys, the good renders pass', async () => {
    const broken = clone(translations);
    delete (broken.sl.accountActivation as Record<string, unknown>).intro;
    delete (broken.de.layout as Record<string, unknown>).tagline;
    const render = createMailRenderer({ templates, translations: broken });
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) => MAIL_LOCALES[i % 4]).map((locale) =>
        render('account-activation', props, locale, { publicUrl: PUBLIC_URL }),
      ),
    );
    results.forEach((result, i) => {
      const locale = MAIL_LOCALES[i % 4];
      if (locale === 'sl')
        expect(result).toMatchObject({ status: 'rejected', reason: { locale: 'sl', missing: ['accountActivation.intro'] } });
      else if (locale === 'de') expect(result).toMatchObject({ status: 'rejected', reason: { locale: 'de', missing: ['layout.tagline'] } });
      else expect(result).toMatchObject({ status: 'fulfilled' });
    });
  });

  it('fails on an empty translation, a missing plural form, a missing layout key and a missing value', async () => {
    const empty = clone(translations);
    (empty.de.accountActivation as Record<string, unknown>).button = '';
    await expect(
      createMailRenderer({ templates, translations: empty })('account-activation', props, 'de', { publicUrl: PUBLIC_URL }),
    ).rejects.toMatchObject({
      missing: ['accountActivation.button'],
    });

    const plural = clone(translations);
    delete (plural.hr.accountActivation as Record<string, unknown>).validity_few;
    await expect(
      createMailRenderer({ templates, translations: plural })('account-activation', { ...props, expiresInHours: 24 }, 'hr', {
        publicUrl: PUBLIC_URL,
      }),
    ).rejects.toBeInstanceOf(MissingTranslationError);

    const layout = clone(translations);
    delete (layout.en.layout as Record<string, unknown>).tagline;
    await expect(
      createMailRenderer({ templates, translations: layout })('account-activation', props, 'en', { publicUrl: PUBLIC_URL }),
    ).rejects.toMatchObject({
      missing: ['layout.tagline'],
    });

    await expect(
      renderMail('account-activation', { ...props, firstName: undefined as unknown as string }, 'en', { publicUrl: PUBLIC_URL }),
    ).rejects.toMatchObject({
      missing: ['{{firstName}}'],
    });
  });

  it('fails when a translation drops the privacy link', async () => {
    const noLink = clone(translations);
    (noLink.hr.layout as { footer: Record<string, string> }).footer.privacy = 'Pročitajte Politiku privatnosti.';
    await expect(
      createMailRenderer({ templates, translations: noLink })('account-activation', props, 'hr', { publicUrl: PUBLIC_URL }),
    ).rejects.toThrow(/lacks the tag\(s\) <link>/);
  });

  it('refuses an empty body and an empty subject', async () => {
    const render = createMailRenderer({
      templates: {
        blank: defineTemplate<{ subject: string }>({
          Component: () => (
            <html lang="hr">
              <body>
                <div />
              </body>
            </html>
          ),
          subject: (_t, p) => p.subject,
          previewProps: () => ({ subject: 'x' }),
        }),
        quiet: defineTemplate<Record<string, never>>({
          Component: () => (
            <MailLayout preview="" reason="">
              <Text>Tekst</Text>
            </MailLayout>
          ),
          subject: () => '  ',
          previewProps: () => ({}),
        }),
      },
      translations,
    });
    await expect(render('blank', { subject: 'Pozdrav' }, 'hr', { publicUrl: PUBLIC_URL })).rejects.toEqual(new EmptyMailError(['text']));
    await expect(render('quiet', {}, 'hr', { publicUrl: PUBLIC_URL })).rejects.toEqual(new EmptyMailError(['subject']));
  });

  it('refuses relative links, unknown templates and unknown languages', async () => {
    const render = createMailRenderer({
      templates: {
        relative: defineTemplate<Record<string, never>>({
          Component: () => (
            <MailLayout preview="p" reason="r">
              <a href="/kosarica">Košarica</a>
            </MailLayout>
          ),
          subject: () => 'Košarica',
          previewProps: () => ({}),
        }),
      },
      translations,
    });
    await expect(render('relative', {}, 'hr', { publicUrl: PUBLIC_URL })).rejects.toEqual(new RelativeLinkError(['/kosarica']));
    await expect(renderMail('no-such-mail' as TemplateName, props, 'hr', { publicUrl: PUBLIC_URL })).rejects.toBeInstanceOf(
      UnknownMailTemplateError,
    );
    await expect(renderMail('account-activation', props, 'fr' as MailLocale, { publicUrl: PUBLIC_URL })).rejects.toBeInstanceOf(
      UnknownMailLocaleError,
    );
  });
});

describe('layout', () => {
  it('adds an unsubscribe link to marketing mails, in the reader language', async () => {
    function Newsletter() {
      const { t } = useMail();
      return (
        <MailLayout
          preview="Novo"
          reason="Prijavili ste se na novosti."
          unsubscribeUrl={`${PUBLIC_URL}/api/newsletter/unsubscribe?token=u1`}
        >
          <Text>{t('layout.tagline')}</Text>
        </MailLayout>
      );
    }
    const render = createMailRenderer({
      templates: {
        newsletter: defineTemplate<Record<string, never>>({ Component: Newsletter, subject: () => 'Novosti', previewProps: () => ({}) }),
      },
      translations: loadMailTranslations(),
    });
    const mail = await render('newsletter', {}, 'de', { publicUrl: PUBLIC_URL });
    expect(mail.html).toContain(`href="${PUBLIC_URL}/api/newsletter/unsubscribe?token=u1"`);
    expect(mail.text).toMatch(/Sie möchten solche E-Mails nicht mehr erhalten\? Hier abmelden/);
    const transactional = await renderMail('account-activation', previewPropsOf('account-activation', PUBLIC_URL), 'de', {
      publicUrl: PUBLIC_URL,
    });
    expect(transactional.text).not.toContain('abmelden');
  });
});

describe('links to the site', () => {
  it.each(MAIL_LOCALES)('the privacy policy path in %s is the one the site routes', (locale) => {
    expect(PRIVACY_POLICY_PATHS[locale]).toBe(SPEC_PRIVACY_PATHS[locale]);
    expect(PRIVACY_POLICY_PATHS[locale]).toBe(publicPath('privacy_policy', locale));
  });
});

// That every language has every key, its plural forms and the same placeholders and tags is
// scripts/i18n/locale-files.spec.ts (one test over the pages', the mails' and the server's texts).

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
