import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import i18next, { type Resource, type TFunction } from 'i18next';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { MailContext, type MailContextValue } from './components/mail-context.js';
import {
  EmptyMailError,
  MissingTranslationError,
  RelativeLinkError,
  UnknownMailLocaleError,
  UnknownMailTemplateError,
} from './mail.errors.js';
import { MAIL_LOCALES, isMailLocale, type MailLocale } from './mail-locale.js';
import type { MailTemplate, PropsOf } from './mail-template.js';
import { accountActivation } from './templates/account-activation.email.js';
import { accountExists } from './templates/account-exists.email.js';
import { birthdayCoupon } from './templates/birthday-coupon.email.js';
import { businessInvitation } from './templates/business-invitation.email.js';
import { magicLink } from './templates/magic-link.email.js';
import { emailChange } from './templates/email-change.email.js';
import { emailInUse } from './templates/email-in-use.email.js';
import { passwordChanged } from './templates/password-changed.email.js';
import { passwordReset } from './templates/password-reset.email.js';
import { newOrderNotice } from './templates/new-order-notice.email.js';
import { orderConfirmation } from './templates/order-confirmation.email.js';
import { orderShipped } from './templates/order-shipped.email.js';
import { paymentNotCompleted } from './templates/payment-not-completed.email.js';
import { orderCancelled } from './templates/order-cancelled.email.js';
import { orderExpired } from './templates/order-expired.email.js';
import { orderRefunded } from './templates/order-refunded.email.js';
import { orderPaidNotice } from './templates/order-paid-notice.email.js';
import { invoice } from './templates/invoice.email.js';
import { invoicesNotFiscalized } from './templates/invoices-not-fiscalized.email.js';
import { lowStock } from './templates/low-stock.email.js';
import { newsletterConfirmation } from './templates/newsletter-confirmation.email.js';
import { newsletterWelcome } from './templates/newsletter-welcome.email.js';
import { newsletterCampaign } from './templates/newsletter-campaign.email.js';
import { contactNotice } from './templates/contact-notice.email.js';
import { contactCopy } from './templates/contact-copy.email.js';

/** Every mail the shop sends, by the name a queue job carries. Add new templates here. */
export const templates = {
  'account-activation': accountActivation,
  'account-exists': accountExists,
  'magic-link': magicLink,
  'email-change': emailChange,
  'email-in-use': emailInUse,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'birthday-coupon': birthdayCoupon,
  'business-invitation': businessInvitation,
  'order-confirmation': orderConfirmation,
  'payment-not-completed': paymentNotCompleted,
  'order-shipped': orderShipped,
  'new-order-notice': newOrderNotice,
  'order-paid-notice': orderPaidNotice,
  'order-cancelled': orderCancelled,
  'order-expired': orderExpired,
  'order-refunded': orderRefunded,
  invoice,
  'invoices-not-fiscalized': invoicesNotFiscalized,
  'low-stock': lowStock,
  'newsletter-confirmation': newsletterConfirmation,
  'newsletter-welcome': newsletterWelcome,
  'newsletter-campaign': newsletterCampaign,
  'contact-notice': contactNotice,
  'contact-copy': contactCopy,
};

export type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateProps<N extends TemplateName> = PropsOf<Templates[N]>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  /** Origin of the public site (config.http.publicUrl): links in the layout are built on it. */
  publicUrl: string;
}

/** The content of emails/locales/<locale>.json for each language. */
export type MailTranslations = Record<MailLocale, Record<string, unknown>>;

/**
 * Reads the four locale files synchronously. They are JSON next to this module (the build copies
 * them to dist/emails/locales), read once per process: every render then only builds a cheap
 * i18next instance on the same frozen data.
 */
export function loadMailTranslations(dir: URL = new URL('./locales/', import.meta.url)): MailTranslations {
  const entries = MAIL_LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Record<string, unknown>,
  ]);
  return Object.fromEntries(entries) as MailTranslations;
}

export type RenderMail<T extends Record<string, MailTemplate<object>>> = <N extends keyof T & string>(
  name: N,
  props: PropsOf<T[N]>,
  locale: MailLocale,
  options: RenderOptions,
) => Promise<RenderedMail>;

/**
 * Builds a renderer over a set of templates and translations. The shop uses `renderMail` below;
 * tests build their own with deliberately broken translations or templates.
 */
export function createMailRenderer<T extends Record<string, MailTemplate<object>>>(options: {
  templates: T;
  translations: MailTranslations;
}): RenderMail<T> {
  const resources: Resource = deepFreeze(
    Object.fromEntries(MAIL_LOCALES.map((locale) => [locale, { translation: options.translations[locale] }])),
  );
  // One i18next instance per language, built once: renders running at the same time never switch a
  // shared instance's language under each other, since each instance only ever speaks its own. No
  // fallback language: a key missing in Slovenian must fail, not quietly send Croatian. What a render
  // misses is collected in that render's own set, found through AsyncLocalStorage, so concurrent
  // renders never see each other's misses. (Building an instance per render cost 5 % of a mail.)
  const missingOfRender = new AsyncLocalStorage<Set<string>>();
  const translators = new Map<MailLocale, TFunction>();
  const translatorFor = (locale: MailLocale): TFunction => {
    let t = translators.get(locale);
    if (!t) {
      const i18n = i18next.createInstance();
      void i18n.init({
        lng: locale,
        fallbackLng: false,
        supportedLngs: [...MAIL_LOCALES],
        resources,
        initAsync: false,
        returnEmptyString: false,
        returnNull: false,
        saveMissing: true,
        saveMissingTo: 'current',
        missingKeyHandler: (_lngs, _ns, key) => void missingOfRender.getStore()?.add(key),
        missingInterpolationHandler: (_text, match) => {
          missingOfRender.getStore()?.add(`{{${String(match[1]).trim()}}}`);
          return '';
        },
        interpolation: { escapeValue: false }, // React escapes
      });
      translators.set(locale, (t = rememberingPlainKeys(i18n.getFixedT(locale), () => missingOfRender.getStore())));
    }
    return t;
  };

  return async (name, props, locale, renderOptions) => {
    if (!Object.hasOwn(options.templates, name)) throw new UnknownMailTemplateError(name);
    if (!isMailLocale(locale)) throw new UnknownMailLocaleError(String(locale));
    const missing = new Set<string>();
    return missingOfRender.run(missing, () =>
      renderOne(options.templates[name], name, props, locale, renderOptions, translatorFor(locale), missing),
    );
  };
}

async function renderOne(
  template: MailTemplate<object>,
  name: string,
  props: object,
  locale: MailLocale,
  { publicUrl }: RenderOptions,
  t: TFunction,
  missing: Set<string>,
): Promise<RenderedMail> {
  const subject = template.subject(t, props).replace(/\s+/g, ' ').trim();
  const context: MailContextValue = { t, locale, publicUrl: normalizeOrigin(publicUrl), subject };
  const html = await render(createElement(MailContext.Provider, { value: context }, createElement(template.Component, props)));
  // The conversion render(..., { plainText: true }) performs, on the HTML we already have.
  const text = toText(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();

  if (missing.size) throw new MissingTranslationError(name, locale, [...missing]);
  const empty = [!subject && 'subject', !html.trim() && 'html', !text && 'text'].filter((p): p is string => Boolean(p));
  if (empty.length) throw new EmptyMailError(empty);
  const relative = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]).filter((href) => !/^(https?:\/\/|mailto:|tel:)/i.test(href));
  if (relative.length) throw new RelativeLinkError(relative);

  return { subject, html, text };
}

/**
 * `t` that remembers what a key without options translates to (most of a mail's labels): the
 * translations are frozen, so the answer never changes, and i18next's lookup with its
 * interpolation, nesting and plural steps was a seventh of a mail's rendering. A key that was
 * missing is never remembered, so every render that misses it still reports it.
 */
function rememberingPlainKeys(t: TFunction, missingOfThisRender: () => Set<string> | undefined): TFunction {
  const plain = new Map<string, string>();
  const remembering = (key: unknown, ...rest: unknown[]): unknown => {
    if (rest.length === 0 && typeof key === 'string') {
      const known = plain.get(key);
      if (known !== undefined) return known;
      const missedBefore = missingOfThisRender()?.size ?? 0;
      const value: unknown = t(key);
      if (typeof value === 'string' && (missingOfThisRender()?.size ?? 0) === missedBefore) plain.set(key, value);
      return value;
    }
    return (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  };
  return remembering as unknown as TFunction;
}

/** Phone and mail links read as the number or address alone; the href would only repeat it. */
const TEXT_SELECTORS = ['a[href^="tel:"]', 'a[href^="mailto:"]'].map((selector) => ({ selector, format: 'inline' }));

/**
 * The plain-text part: what React Email's toPlainText(html, { selectors: TEXT_SELECTORS }) does,
 * with html-to-text's options compiled once instead of on every call (the compilation was a
 * seventh of a mail's rendering).
 */
const toText = compile({ wordwrap: false, selectors: [...plainTextSelectors, ...TEXT_SELECTORS] });

/** Renders a shop mail as {subject, html, text} in the recipient's language. */
export const renderMail: RenderMail<Templates> = createMailRenderer({ templates, translations: loadMailTranslations() });

/** Example props of a template (preview server, tests). */
export function previewPropsOf<N extends TemplateName>(name: N, publicUrl: string): TemplateProps<N> {
  return templates[name].previewProps({ publicUrl: normalizeOrigin(publicUrl) }) as TemplateProps<N>;
}

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && Object.hasOwn(templates, value);
}

function normalizeOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`publicUrl must be http(s), got ${publicUrl}`);
  return publicUrl.replace(/\/+$/, '');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export { MAIL_LOCALES, isMailLocale, type MailLocale } from './mail-locale.js';
export {
  EmptyMailError,
  MailError,
  MissingTranslationError,
  RelativeLinkError,
  UnknownMailLocaleError,
  UnknownMailTemplateError,
} from './mail.errors.js';
