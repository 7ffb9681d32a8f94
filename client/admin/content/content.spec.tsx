import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminEntryDetail, AdminEntryList, AdminTranslationView } from '../../../contract/api/content';
import { createAdminI18n } from '../i18n';
import { ContentEditView, type ContentEditViewProps } from './content-edit-view';
import { changedFields, inputIdOf, previewBody, saveBody, valuesOf, withTitle } from './content-form';
import { ContentListView } from './content-list-view';
import { contentSearch } from './content-search';

const t = createAdminI18n('en').t;
const noop = () => undefined;

function translation(locale: 'hr' | 'en', over: Partial<AdminTranslationView> = {}): AdminTranslationView {
  return {
    locale,
    status: 'published',
    visible: true,
    slug: locale === 'hr' ? 'penne-ljute' : 'penne-arrabbiata',
    title: locale === 'hr' ? 'Ljute penne' : 'Angry penne',
    summary: 'A summary.',
    seo_title: null,
    seo_description: null,
    image_alt: 'A plate',
    body_markdown: 'Body.',
    body_html: '<p>Body.</p>',
    published_at: '2026-02-02T08:00:00.000Z',
    content_hash: 'x',
    source_path: `recipes/penne.${locale}.md`,
    edited_at: null,
    updated_at: '2026-02-02T08:00:00.000Z',
    slug_locked: true,
    texts: {
      ingredients: [{ amount: '400 g', item: 'Penne', product: 'ZZ-PENN-400' }],
      steps: ['Boil the water.', 'Cook the penne.'],
      serving: 'Hot.',
      origin: 'Rome',
    },
    ...over,
  };
}

const entry: AdminEntryDetail = {
  id: '0b8c6f1e-2f4b-4c55-9a53-1f7d3c2b9e01',
  type: 'recipes',
  key: 'penne',
  status: 'published',
  origin: 'import',
  image: 'recipes/penne.svg',
  edited_at: null,
  fields: {
    category: 'quick-dishes',
    preparation_minutes: 10,
    cooking_minutes: 15,
    servings: 4,
    calories_per_person: 430,
    nutrition: { energy_kcal: 430, fat_g: 9, saturated_fat_g: 1.5, carbohydrates_g: 72, sugars_g: 7, protein_g: 14, fibre_g: 5, salt_g: 1.1 },
    related: [],
    products: ['ZZ-PENN-400'],
    position: null,
    image: 'recipes/penne.svg',
  },
  translations: [translation('hr'), translation('en')],
  updated_at: '2026-02-02T08:00:00.000Z',
};

describe('the content form', () => {
  it('sends only what changed: a shared number once, a step of one language', () => {
    const saved = valuesOf(entry);
    const values = {
      ...saved,
      shared: { ...saved.shared, servings: '6' },
      languages: { ...saved.languages, en: { ...saved.languages.en!, texts: { ...saved.languages.en!.texts, steps: ['Boil plenty of water.', 'Cook the penne.'] } } },
    };
    expect(changedFields(values, saved)).toEqual(['shared.servings', 'en.steps']);
    expect(saveBody('recipes', values, saved)).toEqual({
      shared: { servings: 6 },
      translations: { en: { texts: { steps: ['Boil plenty of water.', 'Cook the penne.'] } } },
    });
  });

  it('writes a decimal comma as a number and a missing optional text as null, never an empty string', () => {
    const saved = valuesOf(entry);
    const values = {
      ...saved,
      shared: { ...saved.shared, calories_per_person: '431,5', products: 'ZZ-PENN-400, ZZ-FUS-500' },
      languages: { ...saved.languages, hr: { ...saved.languages.hr!, common: { ...saved.languages.hr!.common, image_alt: '  ' } } },
    };
    expect(saveBody('recipes', values, saved)).toEqual({
      shared: { calories_per_person: 431.5, products: ['ZZ-PENN-400', 'ZZ-FUS-500'] },
      translations: { hr: { image_alt: null } },
    });
  });

  it('lets the slug follow the title until the language was published, or the person typed one', () => {
    const draft = valuesOf({ ...entry, translations: [translation('hr', { slug_locked: false })] }).languages.hr!;
    expect(withTitle(draft, 'Žgance s ćevapima', false).common.slug).toBe('zgance-s-cevapima');
    expect(withTitle(draft, 'Žgance', true).common.slug).toBe('penne-ljute');
    expect(withTitle({ ...draft, slugTouched: true }, 'Žgance', false).common.slug).toBe('penne-ljute');
  });

  it('previews one language whole, with the shared fields', () => {
    const body = previewBody('recipes', valuesOf(entry), 'en');
    expect(body.locale).toBe('en');
    expect(body.shared).toMatchObject({ servings: 4, image: 'recipes/penne.svg', nutrition: { fat_g: 9 } });
    expect(body.translations!.en).toMatchObject({ title: 'Angry penne', texts: { steps: ['Boil the water.', 'Cook the penne.'] } });
  });

  it("maps the API's field paths to the inputs' ids", () => {
    expect(inputIdOf('translations.en.steps.1')).toBe('content-en-steps-1');
    expect(inputIdOf('shared.nutrition.fat_g')).toBe('content-shared-nutrition-fat_g');
    expect(inputIdOf('translations.hr.ingredients.0.amount')).toBe('content-hr-ingredients-0-amount');
  });

  it('keeps only valid search params in the URL', () => {
    expect(contentSearch({ type: 'recipes', view: 'drafts', q: ' penne ', page: '2' })).toEqual({ type: 'recipes', view: 'drafts', q: 'penne', page: 2 });
    expect(contentSearch({ type: 'nope', view: '<x>', page: '-1' })).toEqual({});
  });
});

describe('the content screens', () => {
  const props = (over: Partial<ContentEditViewProps> = {}): ContentEditViewProps => ({
    t,
    type: 'recipes',
    entry,
    values: valuesOf(entry),
    changedCount: 0,
    errors: {},
    formErrors: [],
    notice: null,
    busy: false,
    active: 'en',
    images: [{ path: 'recipes/penne.svg', url: '/content-images/recipes/penne.svg?v=1', width: 400, height: 300 }],
    onSelect: noop,
    onShared: noop,
    onImage: noop,
    onPosition: noop,
    onLanguage: noop,
    onSave: noop,
    onDiscard: noop,
    onPreview: noop,
    onPublish: noop,
    backLink: <a href="/admin/content">back</a>,
    ...over,
  });

  it('shows shared fields once, the language tabs with the Croatian text beside, the step list and a locked slug', () => {
    const html = renderToStaticMarkup(<ContentEditView {...props()} />);
    expect(html).toContain('Same in every language');
    expect(html).toContain('id="content-shared-servings"');
    expect(html).toContain('id="content-shared-nutrition-fat_g"');
    expect(html).toMatch(/id="content-en-slug"[^>]*readOnly=""|readOnly=""[^>]*id="content-en-slug"/);
    expect(html).toContain('<label for="content-en-steps-0">Step 1</label>');
    expect(html).toContain('aria-label="Move down: Step 1"');
    expect(html).toContain('Copy from Croatian: Title');
    expect(html).toContain('Preview on the site');
    expect(html).toContain('Take down in English');
    // German and Slovenian are not written: listed before publishing
    expect(html).toContain('Before publishing: translations missing');
  });

  it('ties an error to its field and shows the save bar with the number of changes', () => {
    const html = renderToStaticMarkup(
      <ContentEditView {...props({ changedCount: 2, errors: { 'translations.en.steps.1': 'This field must be filled in.', 'shared.servings': 'Wrong.' } })} />,
    );
    expect(html).toMatch(/id="content-en-steps-1"[^>]*aria-describedby="content-en-steps-1-error/);
    expect(html).toContain('id="content-en-steps-1-error"');
    expect(html).toContain('aria-describedby="content-shared-servings-error"');
    expect(html).toContain('2 changes');
    expect(html).toContain('Save the changes first, then publish.');
  });

  it('lists entries with each language in words, and views in the URL', () => {
    const data: AdminEntryList = {
      items: [
        {
          id: entry.id,
          type: 'recipes',
          key: 'penne',
          status: 'published',
          locales: [
            { locale: 'hr', status: 'published', title: 'Ljute penne', visible: true },
            { locale: 'en', status: 'draft', title: 'Angry penne', visible: false },
          ],
          updated_at: entry.updated_at,
        },
      ],
      total: 1,
      limit: 25,
      offset: 0,
    };
    const html = renderToStaticMarkup(
      <ContentListView
        data={data}
        search={{ view: 'drafts' }}
        t={t}
        listLink={(s, children, current) => (
          <a href={`?${new URLSearchParams(Object.entries(s).filter(([, v]) => v !== undefined) as Array<[string, string]>).toString()}`} aria-current={current ? 'page' : undefined}>
            {children}
          </a>
        )}
        entryLink={(row, title) => <a href={`/admin/content/${row.id}`}>{title}</a>}
        newLink={<a href="/admin/content/new">new</a>}
        onSearch={noop}
      />,
    );
    expect(html).toContain('<a href="?view=drafts" aria-current="page">Drafts</a>');
    expect(html).toContain('>Ljute penne</a>');
    expect(html).toContain('on the site');
    expect(html).toContain('draft');
    expect(html).toContain('not written');
    expect(html).toContain('data-label="German"');
  });
});
