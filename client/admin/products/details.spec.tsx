import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminCategory, AdminProductEditable } from '../../../contract/api/admin-products';
import { CategoriesView, categoryChanges, categoryValues, emptyCategory, typeName } from '../categories/categories-view';
import { createAdminI18n } from '../i18n';
import { apiErrors, changedFields, checkValues, createBody, firstError, newValues, patchBody, typeText, valuesOf } from './details-form';
import { DetailsView, type DetailsViewProps } from './details-view';
import { ProductTabs } from './product-tabs';

const en = createAdminI18n('en').t;
const hr = createAdminI18n('hr').t;
const noop = () => undefined;

const texts = (name: string | null) => ({
  name,
  slug: name ? name.toLowerCase().replace(/ /g, '-') : null,
  short_description: name ? 'Kratko' : null,
  description: name ? 'Opis' : null,
  ingredients: name ? 'Durum' : null,
  allergens: name ? 'Gluten' : null,
  cooking_tips: name ? 'Kuhati 9 min' : null,
});
const product: AdminProductEditable = {
  code: 'ZZ-PENNE-500',
  line: 'classic',
  category: 'classic',
  pack: 'standard',
  net_weight_grams: 500,
  shipping_weight_grams: 520,
  pieces_per_carton: 12,
  vat_rate: 5,
  vat_class: 'food',
  kpd_code: '10.73.11',
  nutrition: {
    energy_kj: 1500,
    energy_kcal: 355,
    fat: 1.5,
    saturates: 0.3,
    carbohydrate: 71,
    sugars: 3.5,
    fibre: 3,
    protein: 13,
    salt: 0.01,
  },
  cooking_time_minutes: 9,
  related: [],
  price_cents: 249,
  texts: { hr: texts('Penne rigate'), en: texts('Penne'), de: texts(null), sl: texts(null) },
  missing: [],
  state: 'draft',
  published: false,
  first_published_at: null,
  archived_at: null,
  slugs_locked: false,
  old_slugs: [],
  updated_at: '2026-11-29T10:00:00.000Z',
};
const category: AdminCategory = {
  code: 'classic',
  position: 1,
  product_count: 3,
  all_products: 4,
  texts: {
    hr: { name: 'Klasična tjestenina', slug: 'klasicna-tjestenina' },
    en: { name: 'Classic pasta', slug: 'classic-pasta' },
    de: { name: 'Klassische Nudeln', slug: 'klassische-nudeln' },
    sl: { name: 'Klasične testenine', slug: 'klasicne-testenine' },
  },
  missing: [],
};

function view(over: Partial<DetailsViewProps> = {}, t = en) {
  const values = valuesOf(product, 'en');
  return renderToStaticMarkup(
    <DetailsView
      t={t}
      language="en"
      product={product}
      categories={[category]}
      values={values}
      changes={0}
      errors={{}}
      problems={[]}
      notice={null}
      busy={false}
      canEdit
      activeLanguage="hr"
      onLanguage={noop}
      onField={noop}
      onNutrition={noop}
      onText={noop}
      editingSlug={null}
      onEditSlug={noop}
      onSave={noop}
      onDiscard={noop}
      onState={noop}
      backLink={<a href="/admin/products">Back</a>}
      {...over}
    />,
  );
}

describe('the Details form (pure parts)', () => {
  it('a missing text is an empty field, and sent back as null (never an empty string)', () => {
    const values = valuesOf(product, 'hr');
    expect(values.texts.de.name).toBe('');
    expect(values.nutrition.fat).toBe('1,5');
    const typed = typeText(values, 'en', 'cooking_tips', '   ', false);
    expect(changedFields(values, typed)).toEqual(['texts.en.cooking_tips']);
    expect(patchBody(values, typed, product.updated_at)).toEqual({
      expected_updated_at: product.updated_at,
      texts: { en: { cooking_tips: null } },
    });
  });

  it('the slug follows the name until published (Croatian letters transliterated), then stays', () => {
    const values = valuesOf(product, 'en');
    const typed = typeText(values, 'de', 'name', 'Penne mit Käse', false);
    expect(typed.texts.de.slug).toBe('penne-mit-kaese');
    const hrTyped = typeText(values, 'hr', 'name', 'Penne rigate s češnjakom', false);
    expect(hrTyped.texts.hr.slug).toBe('penne-rigate-s-cesnjakom');
    expect(typeText(values, 'hr', 'name', 'Nešto drugo', true).texts.hr.slug).toBe('penne-rigate');
    // a slug written by hand no longer follows
    const own = typeText(values, 'de', 'slug', 'eigene-adresse', false);
    expect(typeText(own, 'de', 'name', 'Anders', false).texts.de.slug).toBe('eigene-adresse');
  });

  it('an edit sends only what changed; numbers with a decimal comma', () => {
    const values = valuesOf(product, 'hr');
    const next = { ...values, pieces_per_carton: '24', nutrition: { ...values.nutrition, salt: '0,02' } };
    expect(changedFields(values, next)).toEqual(['pieces_per_carton', 'nutrition.salt']);
    const body = patchBody(values, next, product.updated_at);
    expect(body.pieces_per_carton).toBe(24);
    expect((body.nutrition as Record<string, number>).salt).toBe(0.02);
    expect(body.texts).toBeUndefined();
  });

  it('checks values before sending; the first error decides the focus', () => {
    const v = { ...newValues('classic'), code: 'zz 1', shipping_weight_grams: '100', pieces_per_carton: 'x', price: '' };
    const errors = checkValues(v, true, en);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['code', 'shipping_weight_grams', 'pieces_per_carton', 'cooking_time_minutes', 'price', 'nutrition.fat']),
    );
    expect(errors.shipping_weight_grams).toBe('The shipping weight cannot be less than the net weight.');
    expect(firstError(errors)).toBe('code');
  });

  it('a new product: texts of the languages written, the code in capitals, the price in cents', () => {
    let v = { ...newValues('classic'), code: 'zz-new-1', price: '2,49', shipping_weight_grams: '520', pieces_per_carton: '12' };
    v = typeText(v, 'hr', 'name', 'Nova tjestenina', false);
    const body = createBody(v);
    expect(body.code).toBe('ZZ-NEW-1');
    expect(body.price_cents).toBe(249);
    expect(body.texts).toEqual({ hr: { name: 'Nova tjestenina', slug: 'nova-tjestenina' } });
  });

  it('puts the API errors on their fields, the others above the form', () => {
    expect(
      apiErrors([
        { field: 'texts.en.slug', message: 'taken' },
        { field: 'price_cents', message: 'price' },
        { field: 'related.2', message: 'unknown' },
        { message: 'Missing: EN' },
      ]),
    ).toEqual({ fields: { 'texts.en.slug': 'taken', price: 'price', related: 'unknown' }, other: ['Missing: EN'] });
  });
});

describe('the Details screen', () => {
  it('shows the languages with done/missing, the Croatian text beside, and what is missing before publishing', () => {
    const html = view({ activeLanguage: 'de' });
    const words = html.replace(/<[^>]+>/g, '');
    expect(words).toContain('Germanmissing');
    expect(words).toContain('Englishdone');
    expect(html).toContain('Before publishing: translations missing');
    expect(html).toMatch(/German<\/strong>: Name, Page address, Short description/);
    // the Croatian text beside the German field, and copy from Croatian
    expect(html).toContain('Penne rigate');
    expect(html).toContain('Copy from Croatian: Name');
    // publishing waits for the texts
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Put in the shop<\/button>/);
  });

  it('before publishing the slug follows the name; once published it is read-only with "change the address"', () => {
    expect(view()).toContain('The page address is made from the name until the product goes in the shop.');
    const live = { ...product, published: true, state: 'published' as const, slugs_locked: true, first_published_at: product.updated_at };
    const html = view({ product: live });
    expect(html).toMatch(/<input[^>]*id="product-texts-hr-slug"[^>]*readOnly=""/);
    expect(html).toContain('Change the address');
    const editing = view({ product: { ...live, old_slugs: [{ locale: 'hr', slug: 'penne' }] }, editingSlug: 'hr' });
    expect(editing).not.toMatch(/<input[^>]*id="product-texts-hr-slug"[^>]*readOnly=""/);
    expect(editing).toContain('the old one will keep leading to this product');
    expect(editing).toContain('Old addresses leading here: penne');
  });

  it('ties errors to their fields; staff get the screen read-only without switches or save bar', () => {
    const html = view({ errors: { net_weight_grams: 'Type a whole number of grams (1 to 100,000).' }, changes: 2 });
    expect(html).toMatch(/id="product-net_weight_grams"[^>]*aria-invalid="true"[^>]*aria-describedby="product-net_weight_grams-error"/);
    expect(html).toContain('2 changes');
    const staff = view({ canEdit: false, changes: 0 });
    expect(staff).toContain('You can only look here');
    expect(staff).not.toContain('Put in the shop');
    expect(staff).toMatch(/<input[^>]*id="product-pieces_per_carton"[^>]*readOnly=""/);
  });

  it('speaks Croatian', () => {
    const html = view({}, hr);
    expect(html).toContain('Stavi u trgovinu');
    expect(html).toContain('Hranjive vrijednosti na 100 g');
    expect(html).toContain('Skica');
  });

  it('the product tabs mark the one shown', () => {
    const html = renderToStaticMarkup(
      <ProductTabs
        current="details"
        t={en}
        link={(tab, label, current) => (
          <a href={tab.to} aria-current={current ? 'page' : undefined}>
            {label}
          </a>
        )}
      />,
    );
    expect(html).toContain('<a href="/products/$code">Stock and price</a>');
    expect(html).toContain('aria-current="page">Texts and details</a>');
    const staff = renderToStaticMarkup(
      <ProductTabs current="stock" t={en} showPrices={false} link={(tab, label) => <a href={tab.to}>{label}</a>} />,
    );
    expect(staff).toContain('>Stock</a>');
    expect(staff).not.toMatch(/price/i);
  });
});

describe('the categories screen', () => {
  it('lists the order with labelled move buttons (the first cannot go up), and a new category whose slug follows its name', () => {
    const second = { ...category, code: 'superfoodie', texts: { ...category.texts, en: { name: 'Superfoodie', slug: 'superfoodie' } } };
    let values = typeName(emptyCategory(), 'hr', 'Tjestenina za juhu', true);
    values = typeName(values, 'de', 'Suppennudeln groß', true);
    expect(values.texts.hr.slug).toBe('tjestenina-za-juhu');
    expect(values.texts.de.slug).toBe('suppennudeln-gross');
    expect(categoryChanges(emptyCategory(), values)).toEqual(['texts.hr.name', 'texts.hr.slug', 'texts.de.name', 'texts.de.slug']);
    const html = renderToStaticMarkup(
      <CategoriesView
        t={en}
        language="en"
        categories={[category, second]}
        canEdit
        editing={null}
        values={values}
        changes={4}
        errors={{}}
        problems={[]}
        notice={null}
        busy={false}
        editingSlug={null}
        onMove={noop}
        onEdit={noop}
        onCode={noop}
        onName={noop}
        onSlug={noop}
        onEditSlug={noop}
        onSave={noop}
        onDiscard={noop}
      />,
    );
    expect(html).toMatch(/<button[^>]*id="move-up-classic"[^>]*disabled=""[^>]*aria-label="Move &quot;Classic pasta&quot; up"/);
    expect(html).toMatch(/<button[^>]*id="move-down-superfoodie"[^>]*disabled=""/);
    expect(html).toContain('3 products in the shop');
    expect(html).toContain('New category');
  });

  it('an existing category keeps its slug when renamed; hr counts products with three plural forms', () => {
    const v = categoryValues(category);
    expect(typeName(v, 'en', 'Classics', false).texts.en.slug).toBe('classic-pasta');
    expect(hr('categories.count', { count: 3 })).toBe('3 proizvoda u trgovini');
    expect(hr('categories.count', { count: 1 })).toBe('1 proizvod u trgovini');
  });
});
