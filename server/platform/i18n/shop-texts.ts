import type { Locale } from '../../../contract/locales.js';
import { buildServerTexts, readServerTexts, translate, type ServerTexts } from './server-texts.js';

/** The shop's texts, read once when the server starts: a missing or incomplete file fails the start. */
const texts = readServerTexts();
const { i18n, codeKeys } = buildServerTexts(texts);

/**
 * Each language's texts as read, typed by Croatian's file (every language has its keys: the load
 * above refuses one that lacks any). For pages that take a whole group (the admin pages).
 */
export const SERVER_TEXTS = texts as unknown as Record<Locale, ServerTexts>;

/**
 * The message of `code` (an error or notice code, in `<namespace>.errors` or `.notices` of the
 * locale files) in `locale` with `{name}` params filled in, or undefined for an unknown code, so an
 * API error reaches the shopper in the language of the page that called.
 */
export function localizedMessage(code: string, locale: Locale, params: Record<string, string | number> = {}): string | undefined {
  const key = codeKeys.get(code);
  return key === undefined ? undefined : translate(i18n, locale, key, params);
}

/** The text at `key` (a dotted path such as `order.admin.heading`) in `locale`, params filled in. */
export function serverText(key: string, locale: Locale, params: Record<string, string | number> = {}): string | undefined {
  return translate(i18n, locale, key, params);
}
