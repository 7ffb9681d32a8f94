/**
 * The shop's texts live in three sets of locale files, one file per language each: the pages'
 * (client/src/i18n/locales), the mails' (emails/locales) and the server's (server/locales). This
 * module reads them and lists what is wrong with a set (a missing file, a key one language lacks,
 * an empty text, a wrong plural form, placeholders or tags that differ between languages), and
 * reads the migrations' CHECK constraints on locale columns, which the compiler cannot see
 * (docs/adding-a-language.md). `locale-files.spec.ts` is the one test over all of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

interface LocaleArea {
  name: 'client' | 'mails' | 'server';
  dir: URL;
  /** Placeholders as the area writes them: i18next's default `{{name}}`, the server's `{name}`. */
  placeholder: RegExp;
}

const root = new URL('../../', import.meta.url);

export const LOCALE_AREAS: readonly LocaleArea[] = [
  { name: 'client', dir: new URL('client/src/i18n/locales/', root), placeholder: /\{\{\s*([^}]+?)\s*\}\}/g },
  { name: 'mails', dir: new URL('emails/locales/', root), placeholder: /\{\{\s*([^}]+?)\s*\}\}/g },
  { name: 'server', dir: new URL('server/locales/', root), placeholder: /\{(\w+)\}/g },
];

/** One language's file as read (undefined when there is no file). */
export type LocaleFiles = Record<string, unknown>;

export function readLocaleFiles(area: LocaleArea, locales: readonly string[]): LocaleFiles {
  return Object.fromEntries(
    locales.map((locale) => {
      const file = new URL(`${locale}.json`, area.dir);
      return [locale, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined];
    }),
  );
}

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const TAG = /<\/?[a-z0-9]+>/g;

/**
 * Everything wrong with one area's files, one line each (`client de: missing nav.about`); empty
 * when every language has every key (plural keys by their base), no text is empty, each language
 * has exactly the plural forms of its CLDR rules, and every form of a key uses the same
 * placeholders and tags in every language.
 */
export function localeProblems(area: { name: string; placeholder: RegExp }, files: LocaleFiles): string[] {
  const problems: string[] = [];
  const flat = new Map<string, Map<string, unknown>>();
  for (const [locale, tree] of Object.entries(files)) {
    if (tree === undefined) problems.push(`${area.name} ${locale}: no ${locale}.json`);
    else flat.set(locale, flatten(tree));
  }
  const base = (key: string) => key.replace(PLURAL, '');
  const allBases = new Set([...flat.values()].flatMap((keys) => [...keys.keys()].map(base)));
  const signatureOf = (text: string) =>
    [...new Set([...[...text.matchAll(area.placeholder)].map((m) => `{${m[1]}}`), ...(text.match(TAG) ?? [])])].sort().join(' ');

  for (const key of [...allBases].sort()) {
    const signatures = new Map<string, string[]>();
    for (const [locale, keys] of flat) {
      const own = [...keys.keys()].filter((k) => base(k) === key);
      if (own.length === 0) {
        problems.push(`${area.name} ${locale}: missing ${key}`);
        continue;
      }
      if (own.some((k) => k !== key)) {
        const expected = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.map((c) => `${key}_${c}`);
        for (const k of expected) if (!own.includes(k)) problems.push(`${area.name} ${locale}: missing plural form ${k}`);
        for (const k of own) if (!expected.includes(k)) problems.push(`${area.name} ${locale}: ${k} is not a plural form of ${locale}`);
      }
      for (const k of own) {
        const text = keys.get(k);
        if (typeof text !== 'string' || !text.trim()) {
          problems.push(`${area.name} ${locale}: ${k} is empty or not text`);
          continue;
        }
        const signature = signatureOf(text);
        signatures.set(signature, [...(signatures.get(signature) ?? []), locale]);
      }
    }
    if (signatures.size > 1) {
      const described = [...signatures].map(([s, ls]) => `${[...new Set(ls)].join(',')}: [${s}]`).join('; ');
      problems.push(`${area.name} ${key}: placeholders or tags differ: ${described}`);
    }
  }
  return problems;
}

/**
 * The languages each table's `locale` column allows, as the migrations leave it: the last
 * `CHECK (locale IN (...))` of each table in the `up` of the migrations, in file (timestamp) order.
 * A new language needs a migration that replaces each of these constraints.
 */
export function localeChecksOfMigrations(dir = new URL('server/migrations/', root)): Map<string, string[]> {
  const checks = new Map<string, string[]>();
  const files = readdirSync(dir)
    .filter((f) => /^\d+-.*\.ts$/.test(f))
    .sort();
  for (const file of files) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    const up = source.slice(source.indexOf('async up('), source.includes('async down(') ? source.indexOf('async down(') : undefined);
    let table: string | undefined;
    for (const m of up.matchAll(
      /\b(?:CREATE TABLE(?: IF NOT EXISTS)?|ALTER TABLE(?: ONLY)?)\s+(\w+)|CHECK\s*\(\s*locale\s+IN\s*\(([^)]*)\)\s*\)/gi,
    )) {
      if (m[1]) table = m[1];
      else if (table)
        checks.set(
          table,
          [...m[2].matchAll(/'([^']+)'/g)].map((l) => l[1]),
        );
    }
  }
  return checks;
}
