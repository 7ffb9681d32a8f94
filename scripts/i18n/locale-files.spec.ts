import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LOCALE, LOCALES } from '../../contract/locales.js';
import { prefixedPathPattern } from '../../contract/paths.js';
import { buildServerTexts, translate, type TextTree } from '../../server/platform/i18n/server-texts.js';
import { LOCALE_AREAS, localeChecksOfMigrations, localeProblems, readLocaleFiles, type LocaleFiles } from './locale-files.js';

/** The one test that every language has every text: the pages', the mails' and the server's. */
describe('locale files', () => {
  it.each(LOCALE_AREAS.map((area) => [area.name, area] as const))(
    '%s: every language has every key, no empty text, its plural forms and the same placeholders',
    (_name, area) => {
      expect(localeProblems(area, readLocaleFiles(area, LOCALES))).toEqual([]);
    },
  );

  it('catches a missing key, an empty text, a wrong plural form, a changed placeholder and a missing file', () => {
    const area = { name: 'test' as const, placeholder: /\{\{\s*([^}]+?)\s*\}\}/g };
    const good = {
      hr: { a: { b: 'B {{x}}' }, n_one: '{{count}} x', n_few: '{{count}} x', n_other: '{{count}} x' },
      en: { a: { b: 'B {{x}}' }, n_one: '{{count}} x', n_other: '{{count}} x' },
    };
    expect(localeProblems(area, good)).toEqual([]);
    expect(localeProblems(area, { ...good, en: { n_one: '{{count}} x', n_other: '{{count}} x' } })).toEqual(['test en: missing a.b']);
    expect(localeProblems(area, { ...good, en: { ...good.en, a: { b: ' ' } } })).toEqual(['test en: a.b is empty or not text']);
    expect(localeProblems(area, { ...good, en: { ...good.en, n_few: '{{count}} x' } })).toEqual([
      'test en: n_few is not a plural form of en',
    ]);
    const { n_few: _few, ...hrWithoutFew } = good.hr;
    expect(localeProblems(area, { ...good, hr: hrWithoutFew })).toEqual(['test hr: missing plural form n_few']);
    expect(localeProblems(area, { ...good, hr: { ...good.hr, n_few: 7 } })).toEqual(['test hr: n_few is empty or not text']);
    expect(localeProblems(area, { ...good, en: { ...good.en, a: { b: 'B {{y}}' } } })).toEqual([
      'test a.b: placeholders or tags differ: hr: [{x}]; en: [{y}]',
    ]);
    expect(localeProblems(area, { ...good, de: undefined })).toEqual(['test de: no de.json']);
  });
});

/**
 * A fifth language, 'xx' (test only), added where the shop derives from the list of languages:
 * its locale files are checked like the four, its server texts load, its public paths are routed;
 * and where the compiler sees nothing (the database's CHECK constraints), a test fails until a
 * migration allows it (docs/adding-a-language.md).
 */
describe('a fifth language', () => {
  const FIVE = [...LOCALES, 'xx'] as const;
  /** Every area's files with 'xx' as a copy of English (English's plural rules are the fallback for 'xx'). */
  const withXx = (files: LocaleFiles): LocaleFiles => ({ ...files, xx: structuredClone(files.en) });

  it.each(LOCALE_AREAS.map((area) => [area.name, area] as const))(
    '%s: a complete xx passes, a missing or empty key in xx fails',
    (_name, area) => {
      const files = withXx(readLocaleFiles(area, LOCALES));
      expect(localeProblems(area, files)).toEqual([]);
      const xx = files.xx as Record<string, Record<string, unknown>>;
      const [group] = Object.keys(xx);
      const [key] = Object.keys(xx[group]);
      const value = xx[group][key];
      delete xx[group][key];
      expect(localeProblems(area, files).some((p) => p.startsWith(`${area.name} xx: missing ${group}.${key}`))).toBe(true);
      xx[group][key] = typeof value === 'string' ? '' : value;
      if (typeof value === 'string') expect(localeProblems(area, files)).toEqual([`${area.name} xx: ${group}.${key} is empty or not text`]);
      expect(localeProblems(area, readLocaleFiles(area, FIVE))).toContain(`${area.name} xx: no xx.json`);
    },
  );

  it("loads the server's texts with xx, and refuses them when xx lacks one", () => {
    const files = withXx(
      readLocaleFiles(
        LOCALE_AREAS.find((a) => a.name === 'server')!,
        LOCALES,
      ),
    ) as Record<string, TextTree>;
    const { i18n, codeKeys } = buildServerTexts(files);
    expect(translate(i18n, 'xx', codeKeys.get('RATE_LIMITED')!, { seconds: 3 })).toBe('Too many attempts. Please try again in 3 s.');
    delete (files.xx.rateLimit as { errors: Record<string, string> }).errors.RATE_LIMITED;
    expect(() => buildServerTexts(files)).toThrow('server/locales/xx.json lacks rateLimit.errors.RATE_LIMITED');
  });

  it('routes /xx/... as xx where the pattern is derived from the list of languages', () => {
    const pattern = prefixedPathPattern(FIVE, DEFAULT_LOCALE);
    expect(pattern.exec('/xx/kontakt')?.[1]).toBe('xx');
    expect(pattern.exec('/xx')?.[1]).toBe('xx');
    expect(pattern.exec('/de/produkten')?.[1]).toBe('de');
    expect(pattern.exec('/xxl')).toBeNull();
    expect(pattern.exec('/hr/kontakt')).toBeNull(); // the default language has no prefix
    // the shop's own pattern is the same derivation over the four
    expect(prefixedPathPattern().source).toBe(prefixedPathPattern(LOCALES, DEFAULT_LOCALE).source);
  });

  it("finds every locale CHECK constraint of the migrations, which allow exactly the shop's languages and not xx", () => {
    const checks = localeChecksOfMigrations();
    expect([...checks.keys()].sort()).toEqual(
      [
        'app_user',
        'category_translation',
        'contact_message',
        'content_translation',
        'newsletter_subscription',
        'product_translation',
        'shop_order',
        'slug_history',
      ].sort(),
    );
    for (const [table, allowed] of checks) expect([table, [...allowed].sort()]).toEqual([table, [...LOCALES].sort()]);
    const lacking = [...checks].filter(([, allowed]) => !FIVE.every((l) => allowed.includes(l))).map(([table]) => table);
    expect(lacking).toEqual([...checks.keys()]);
  });

  it('reads the migration that allows xx, as docs/adding-a-language.md writes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      const migrations = new URL('../../server/migrations/', import.meta.url);
      for (const file of readdirSync(migrations)) if (/^\d+-.*\.ts$/.test(file)) copyFileSync(new URL(file, migrations), join(dir, file));
      const tables = [...localeChecksOfMigrations().keys()];
      const statements = tables.map(
        (t) =>
          `ALTER TABLE ${t} DROP CONSTRAINT ${t}_locale_check,\n  ADD CONSTRAINT ${t}_locale_check CHECK (locale IN ('hr', 'en', 'de', 'sl', 'xx'));`,
      );
      writeFileSync(
        join(dir, '1899000000000-locale-xx.ts'),
        `export class LocaleXx {\n  async up(q) {\n    await q.query(\`${statements.join('\n')}\`);\n  }\n\n  async down(q) {\n    await q.query(\`ALTER TABLE app_user ADD CONSTRAINT app_user_locale_check CHECK (locale IN ('hr'))\`);\n  }\n}\n`,
      );
      const widened = localeChecksOfMigrations(pathToFileURL(`${dir}/`));
      expect([...widened.keys()]).toEqual(tables);
      for (const [table, allowed] of widened) expect([table, allowed]).toEqual([table, [...FIVE]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
