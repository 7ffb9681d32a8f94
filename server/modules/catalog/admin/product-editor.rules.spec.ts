import { LOCALES } from '../../../../contract/locales.js';
import {
  changedFields,
  EMPTY_TEXTS,
  missingProductTexts,
  nutritionAuditField,
  planTexts,
  PRODUCT_AUDIT_FIELDS,
  type TextsByLocale,
} from './product-editor.rules.js';

const empty = (): TextsByLocale => Object.fromEntries(LOCALES.map((l) => [l, { ...EMPTY_TEXTS }])) as TextsByLocale;
const full = (name: string) => ({
  name,
  slug: 'x',
  short_description: 's',
  description: 'd',
  ingredients: 'i',
  allergens: 'a',
  cooking_tips: 'c',
});

describe('the product editor rules', () => {
  it('before the first publishing, a slug follows its name (Croatian letters transliterated)', () => {
    const plan = planTexts(empty(), { hr: { name: 'Špageti s češnjakom' }, de: { name: 'Spätzle groß' } }, false);
    expect(plan.texts.hr.slug).toBe('spageti-s-cesnjakom');
    expect(plan.texts.de.slug).toBe('spaetzle-gross');
    expect(plan.texts.en.slug).toBeNull();
    expect(plan.slugChanges).toEqual([]);
    // the name changes again: the slug follows again
    const again = planTexts(plan.texts, { hr: { name: 'Đurđevački fusilli' } }, false);
    expect(again.texts.hr.slug).toBe('djurdjevacki-fusilli');
  });

  it('keeps a slug given explicitly, and a name of only signs leaves no slug', () => {
    const plan = planTexts(empty(), { en: { name: 'Penne', slug: 'penne-rigate-500-g' }, sl: { name: '%%%' } }, false);
    expect(plan.texts.en.slug).toBe('penne-rigate-500-g');
    expect(plan.texts.sl.slug).toBeNull();
  });

  it('a missing text stays null; a text given as null clears it', () => {
    const current = empty();
    current.en = full('Penne');
    const plan = planTexts(current, { en: { cooking_tips: null } }, true);
    expect(plan.texts.en.cooking_tips).toBeNull();
    expect(plan.texts.en.name).toBe('Penne');
  });

  it('once published, a new name keeps the slug; only a slug given changes it, recorded for the redirect', () => {
    const current = empty();
    current.en = { ...full('Penne'), slug: 'penne' };
    const renamed = planTexts(current, { en: { name: 'Penne rigate' } }, true);
    expect(renamed.texts.en.slug).toBe('penne');
    expect(renamed.slugChanges).toEqual([]);
    const moved = planTexts(current, { en: { slug: 'penne-rigate' } }, true);
    expect(moved.texts.en.slug).toBe('penne-rigate');
    expect(moved.slugChanges).toEqual([{ locale: 'en', from: 'penne', to: 'penne-rigate' }]);
    // the same slug again changes nothing; removing a live slug is flagged (the service refuses it)
    expect(planTexts(current, { en: { slug: 'penne' } }, true).slugChanges).toEqual([]);
    expect(planTexts(current, { en: { slug: null } }, true).removedLockedSlug).toEqual(['en']);
  });

  it('lists the missing texts per language, Croatian first', () => {
    const texts = empty();
    texts.hr = full('Penne');
    texts.en = { ...full('Penne'), allergens: null, cooking_tips: null };
    texts.de = full('Penne');
    texts.sl = { ...full('Penne'), description: '  ' };
    expect(missingProductTexts(texts)).toEqual([
      { locale: 'en', fields: ['allergens', 'cooking_tips'] },
      { locale: 'sl', fields: ['description'] },
    ]);
  });

  it('keeps only what changed for the audit row, and never a field named like a secret', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: null })).toEqual({ before: { b: 'x' }, after: { b: 'y' } });
    expect(changedFields({ related: ['A'] }, { related: ['A'] })).toBeNull();
    expect(nutritionAuditField('salt')).toBe('nutrition_saltper100g');
    expect(PRODUCT_AUDIT_FIELDS).toContain('name_sl');
    expect(PRODUCT_AUDIT_FIELDS.some((f) => f.split('_').includes('salt'))).toBe(false);
  });
});
