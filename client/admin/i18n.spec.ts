import { describe, expect, it } from '@jest/globals';
import { chooseLanguage, createAdminI18n, languageKey, rememberLanguage, type ChoiceStorage } from './i18n';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hr from './locales/hr.json' with { type: 'json' };
import sl from './locales/sl.json' with { type: 'json' };

function memory(initial: Record<string, string> = {}): ChoiceStorage & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (k) => items[k] ?? null, setItem: (k, v) => void (items[k] = v) };
}

/** Every key path of a nested text object, plural forms folded into their base key. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts)
    .flatMap(([k, v]) =>
      typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(one|two|few|other)$/, '')}`],
    )
    .filter((k, i, all) => all.indexOf(k) === i)
    .sort();
}

describe("the back office's language", () => {
  it("is the person's own choice first, then this browser's last one, then the browser's languages, then Croatian", () => {
    const storage = memory({ [languageKey('ana')]: 'en', [languageKey()]: 'de' });
    expect(chooseLanguage(storage, 'ana', ['sl'])).toBe('en');
    expect(chooseLanguage(storage, 'marko', ['sl'])).toBe('de');
    expect(chooseLanguage(memory(), undefined, ['fr-FR', 'sl-SI', 'en'])).toBe('sl');
    expect(chooseLanguage(memory(), undefined, ['fr-FR'])).toBe('hr');
    expect(chooseLanguage(null, 'ana', [])).toBe('hr');
  });

  it('ignores a stored value that is no language of the back office', () => {
    expect(chooseLanguage(memory({ [languageKey('ana')]: 'xx', [languageKey()]: '<b>' }), 'ana', ['en-GB'])).toBe('en');
  });

  it("is kept per person: one person's choice does not change another's", () => {
    const storage = memory();
    rememberLanguage(storage, 'ana', 'en');
    rememberLanguage(storage, 'marko', 'hr');
    expect(chooseLanguage(storage, 'ana', [])).toBe('en');
    expect(chooseLanguage(storage, 'marko', [])).toBe('hr');
    expect(storage.items[languageKey()]).toBe('hr');
  });

  it('survives a browser that refuses storage', () => {
    const refusing: ChoiceStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberLanguage(refusing, 'ana', 'en')).not.toThrow();
    expect(chooseLanguage(refusing, 'ana', ['de'])).toBe('de');
  });

  it('has every text in all four languages, and translates with plurals', () => {
    expect(keys(en)).toEqual(keys(hr));
    expect(keys(de)).toEqual(keys(hr));
    expect(keys(sl)).toEqual(keys(hr));
    const t = createAdminI18n('hr').t;
    expect(t('dashboard.orders', { count: 1 })).toBe('1 narudžba');
    expect(t('dashboard.orders', { count: 3 })).toBe('3 narudžbe');
    expect(t('dashboard.orders', { count: 5 })).toBe('5 narudžbi');
    expect(createAdminI18n('en').t('dashboard.orders', { count: 1 })).toBe('1 order');
    expect(createAdminI18n('sl').t('dashboard.orders', { count: 2 })).toBe('2 naročili');
  });
});
