import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import i18next, { type Resource } from 'i18next';
import { render, toPlainText } from '@react-email/render';
import { MailContext, type MailContextValue } from './components/mail-context.js';
import { EmptyMailError, MissingTranslationError, RelativeLinkError, UnknownMailLocaleError, UnknownMailTemplateError } from './mail.errors.js';
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
  const entries = MAIL_LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Record<string, unknown>]);
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
export function createMailRenderer<T extends Record<string, MailTemplate<object>>>(options: { templates: T; translations: MailTranslations }): RenderMail<T> {
  const resources: Resource = deepFreeze(Object.fromEntries(MAIL_LOCALES.map((locale) => [locale, { translation: options.translations[locale] }])));

  return async (name, props, locale, { publicUrl }) => {
    if (!Object.hasOwn(options.templates, name)) throw new UnknownMailTemplateError(name);
    if (!isMailLocale(locale)) throw new UnknownMailLocaleError(String(locale));
    const template: MailTemplate<object> = options.templates[name];

    // A fresh instance per render with t fixed to the recipient's language: renders running at the
    // same time never switch a shared instance's language under each other. No fallback language:
    // a key missing in Slovenian must fail, not quietly send Croatian.
    const missing = new Set<string>();
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
      missingKeyHandler: (_lngs, _ns, key) => void missing.add(key),
      missingInterpolationHandler: (_text, match) => {
        missing.add(`{{${String(match[1]).trim()}}}`);
        return '';
      },
      interpolation: { escapeValue: false }, // React escapes
    });
    const t = i18n.getFixedT(locale);

    const subject = template.subject(t, props).replace(/\s+/g, ' ').trim();
    const context: MailContextValue = { t, locale, publicUrl: normalizeOrigin(publicUrl), subject };
    const html = await render(createElement(MailContext.Provider, { value: context }, createElement(template.Component, props)));
    // The conversion render(..., { plainText: true }) performs, on the HTML we already have.
    const text = toPlainText(html, { selectors: TEXT_SELECTORS }).replace(/\n{3,}/g, '\n\n').trim();

    if (missing.size) throw new MissingTranslationError(name, locale, [...missing]);
    const empty = [!subject && 'subject', !html.trim() && 'html', !text && 'text'].filter((p): p is string => Boolean(p));
    if (empty.length) throw new EmptyMailError(empty);
    const relative = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]).filter((href) => !/^(https?:\/\/|mailto:|tel:)/i.test(href));
    if (relative.length) throw new RelativeLinkError(relative);

    return { subject, html, text };
  };
}

/** Phone and mail links read as the number or address alone; the href would only repeat it. */
const TEXT_SELECTORS = ['a[href^="tel:"]', 'a[href^="mailto:"]'].map((selector) => ({ selector, format: 'inline' }));

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
export { EmptyMailError, MailError, MissingTranslationError, RelativeLinkError, UnknownMailLocaleError, UnknownMailTemplateError } from './mail.errors.js';
