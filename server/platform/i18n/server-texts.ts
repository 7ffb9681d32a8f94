import { readFileSync } from 'node:fs';
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { LOCALES, type Locale } from '../../../contract/locales.js';
import type hr from '../../locales/hr.json';

/**
 * The server's texts: `server/locales/<locale>.json`, one file per language like the client's
 * (client/src/i18n/locales) and the mails' (emails/locales), read into one i18next instance.
 * Top-level keys are namespaces, one per module or platform area (`cart`, `order`, `http`, ...);
 * inside one, `errors` (and `notices`) hold the message of each code the API answers with, keyed
 * by the code, and other groups hold a page's words (`invoicing.admin`). Croatian's file is the
 * type: `keyof ServerTexts['cart']['errors']` is the list of cart's codes, so a misspelt code
 * does not compile. docs/adding-a-language.md says how to add a language.
 */
export type ServerTexts = typeof hr;

/** One language's file as data: nested objects of strings. */
export type TextTree = { [key: string]: string | TextTree };

/** Groups of a namespace whose keys are codes, looked up by the code alone (`localizedMessage`). */
const CODE_GROUPS = ['errors', 'notices'] as const;

/**
 * Placeholders are `{name}`, single braces, as the API's messages have always written them and
 * the tests compare them (the client's and the mails' own texts use i18next's default `{{name}}`).
 * No escaping here (whoever writes a text into HTML escapes it), no nesting (`$t(...)`), and a
 * placeholder without a value stays as written.
 */
const SERVER_I18N_OPTIONS = {
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnEmptyString: false,
  fallbackLng: false,
  initAsync: false,
} satisfies InitOptions;

/** The locale files in `dir` (the build copies server/locales to dist/server/locales), one per language. */
export function readServerTexts<L extends string = Locale>(
  dir: URL = new URL('../../locales/', import.meta.url),
  locales: readonly L[] = LOCALES as unknown as readonly L[],
): Record<L, TextTree> {
  return Object.fromEntries(locales.map((l) => [l, JSON.parse(readFileSync(new URL(`${l}.json`, dir), 'utf8')) as TextTree])) as Record<
    L,
    TextTree
  >;
}

/** Every dotted key of a tree with its text. */
function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenTexts(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The texts as one i18next instance, and the index from each code to its key. Refuses (throws) a
 * set where a language lacks a key of the first language or has an empty text (no language falls
 * back to another: a missing Slovenian text must not quietly answer in Croatian), or where a code
 * is in two namespaces.
 */
export function buildServerTexts<L extends string>(texts: Record<L, TextTree>): { i18n: I18n; codeKeys: Map<string, string> } {
  const locales = Object.keys(texts) as L[];
  const [first] = locales;
  const reference = flattenTexts(texts[first]);
  for (const locale of locales) {
    const own = flattenTexts(texts[locale]);
    const missing = [...reference.keys()].filter((k) => !own.get(k)?.trim());
    if (missing.length) throw new Error(`server/locales/${locale}.json lacks ${missing.join(', ')}`);
  }
  const codeKeys = new Map<string, string>();
  for (const [namespace, groups] of Object.entries(texts[first])) {
    if (typeof groups === 'string') continue;
    for (const group of CODE_GROUPS) {
      const codes = groups[group];
      if (!codes || typeof codes === 'string') continue;
      for (const code of Object.keys(codes)) {
        const known = codeKeys.get(code);
        if (known) throw new Error(`code ${code} is in two namespaces: ${known} and ${namespace}.${group}`);
        codeKeys.set(code, `${namespace}.${group}.${code}`);
      }
    }
  }
  const i18n = i18next.createInstance();
  void i18n.init({
    ...SERVER_I18N_OPTIONS,
    resources: Object.fromEntries(locales.map((l) => [l, { server: texts[l] }])),
    ns: ['server'],
    defaultNS: 'server',
    lng: first,
    supportedLngs: locales,
  });
  return { i18n, codeKeys };
}

/** Fills `{name}` placeholders of `key` (a dotted path of the locale files) in `locale`. */
export function translate(i18n: I18n, locale: string, key: string, params: Record<string, string | number> = {}): string | undefined {
  if (!i18n.exists(key, { lng: locale })) return undefined;
  return i18n.t(key, { lng: locale, replace: params, nest: false });
}
