import { LOCALES, type Locale } from '../../../contract/locales.js';

/** One error code's message in every language; `{name}` placeholders take the error's params. */
export type LocalizedMessage = Record<Locale, string>;

const catalog = new Map<string, LocalizedMessage>();

/**
 * Modules register the messages of their error codes (in their `<module>.errors.ts`), so an API
 * error reaches the shopper in the language of the page that called. Registering a code twice
 * with different texts, or without all four languages, is a programming error.
 */
export function registerErrorMessages(messages: Record<string, LocalizedMessage>): void {
  for (const [code, message] of Object.entries(messages)) {
    const missing = LOCALES.filter((l) => !message[l]?.trim());
    if (missing.length) throw new Error(`error message ${code} lacks ${missing.join(', ')}`);
    const known = catalog.get(code);
    if (known && JSON.stringify(known) !== JSON.stringify(message)) throw new Error(`error message ${code} registered twice with different texts`);
    catalog.set(code, message);
  }
}

/** The message of `code` in `locale` with params filled in, or undefined for an unregistered code. */
export function localizedMessage(code: string, locale: Locale, params: Record<string, string | number> = {}): string | undefined {
  const template = catalog.get(code)?.[locale];
  return template?.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
