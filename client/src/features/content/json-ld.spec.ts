import { blogPostingJsonLd, isoDuration, recipeJsonLd } from './json-ld';
import { splitSlots } from './body-parts';
import { formatEuroAmount, localeParamsFromAlternates } from './format';
import { parseListPage, validateRecipeSearch } from './loaders';
import type { BlogPost, RecipeDetail } from './content-api';

const base = {
  key: 'penne-all-arrabbiata',
  locale: 'en' as const,
  title: "Penne all'arrabbiata",
  slug: 'penne-all-arrabbiata',
  summary: 'A quick, fiery tomato sauce.',
  seo: { title: "Penne all'arrabbiata", description: 'A quick, fiery tomato sauce.' },
  image: { src: '/content-images/recipes/penne.svg', width: 640, height: 400, alt: 'A plate of penne' },
  published_at: '2026-02-02T09:00:00+01:00',
  updated_at: '2026-02-03T10:00:00+01:00',
  position: null,
  alternates: { hr: 'penne-all-arrabbiata-hr', en: 'penne-all-arrabbiata', de: 'penne-arrabbiata', sl: 'penne-arrabbiata-sl' },
  body_html: '<p>Arrabbiata means angry.</p>',
  slots: [],
};

const recipe: RecipeDetail = {
  ...base,
  type: 'recipes',
  category: { key: 'quick-dishes', slug: 'quick-dishes', title: 'Quick dishes' },
  preparation_minutes: 10,
  cooking_minutes: 75,
  total_minutes: 85,
  servings: 4,
  calories_per_person: 430,
  marination: null,
  serving: 'Straight from the pan.',
  origin: 'Rome, Lazio',
  ingredients: [
    { amount: '400 g', item: 'Penne rigate', product: 'ZZ-PENN-400' },
    { amount: '3 cloves', item: 'garlic', product: null },
  ],
  steps: ['Boil the water.', 'Cook the sauce.'],
  video: null,
  nutrition: {
    energy_kcal: 430.4,
    fat_g: 9,
    saturated_fat_g: 1.5,
    carbohydrates_g: 72,
    sugars_g: 7,
    protein_g: 14,
    fibre_g: 5,
    salt_g: 1.1,
  },
  related: [],
  product_codes: ['ZZ-PENN-400'],
  products: [],
};

describe('isoDuration', () => {
  it.each([
    [0, 'PT0M'],
    [15, 'PT15M'],
    [60, 'PT1H'],
    [90, 'PT1H30M'],
    [160, 'PT2H40M'],
  ])('%i minutes -> %s', (minutes, iso) => expect(isoDuration(minutes)).toBe(iso));
});

describe('recipeJsonLd', () => {
  const ld = recipeJsonLd(
    recipe,
    'https://shop.example/en/recipes/penne-all-arrabbiata',
    'https://shop.example/content-images/recipes/penne.svg',
  );

  it('is a schema.org Recipe with ISO 8601 durations, yield, ingredients and steps', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: "Penne all'arrabbiata",
      image: ['https://shop.example/content-images/recipes/penne.svg'],
      prepTime: 'PT10M',
      cookTime: 'PT1H15M',
      totalTime: 'PT1H25M',
      recipeYield: '4',
      recipeCategory: 'Quick dishes',
      recipeCuisine: 'Rome, Lazio',
      recipeIngredient: ['400 g Penne rigate', '3 cloves garlic'],
      recipeInstructions: [
        { '@type': 'HowToStep', position: 1, text: 'Boil the water.' },
        { '@type': 'HowToStep', position: 2, text: 'Cook the sauce.' },
      ],
      datePublished: '2026-02-02T09:00:00+01:00',
    });
  });

  it('carries the nutrition per serving with units', () => {
    expect(ld.nutrition).toEqual({
      '@type': 'NutritionInformation',
      servingSize: '1',
      calories: '430 kcal',
      fatContent: '9 g',
      saturatedFatContent: '1.5 g',
      carbohydrateContent: '72 g',
      sugarContent: '7 g',
      proteinContent: '14 g',
      fiberContent: '5 g',
      sodiumContent: '440 mg',
    });
  });

  it('leaves out the picture and the category when there are none', () => {
    const bare = recipeJsonLd({ ...recipe, image: null, category: null, origin: '' }, 'u', null);
    expect(bare).not.toHaveProperty('image');
    expect(bare).not.toHaveProperty('recipeCategory');
    expect(bare).not.toHaveProperty('recipeCuisine');
  });
});

describe('blogPostingJsonLd', () => {
  it('is a schema.org BlogPosting with author, dates, publisher and the page as main entity', () => {
    const post: BlogPost = { ...base, type: 'blog', author: 'Ana Horvat' };
    expect(blogPostingJsonLd(post, 'https://shop.example/en/blog/p', null, 'https://shop.example/favicon.svg')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: "Penne all'arrabbiata",
      description: 'A quick, fiery tomato sauce.',
      url: 'https://shop.example/en/blog/p',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.example/en/blog/p' },
      inLanguage: 'en',
      datePublished: '2026-02-02T09:00:00+01:00',
      dateModified: '2026-02-03T10:00:00+01:00',
      author: { '@type': 'Person', name: 'Ana Horvat' },
      publisher: {
        '@type': 'Organization',
        name: 'Zlatno zrno',
        logo: { '@type': 'ImageObject', url: 'https://shop.example/favicon.svg' },
      },
    });
  });
});

describe('splitSlots', () => {
  it('cuts the body at its generated parts, in order', () => {
    expect(splitSlots('<h2>Prices</h2><div data-slot="delivery-prices"></div><p>After</p><div data-slot="company-data"></div>')).toEqual([
      { html: '<h2>Prices</h2>' },
      { slot: 'delivery-prices' },
      { html: '<p>After</p>' },
      { slot: 'company-data' },
    ]);
  });

  it('keeps a body without slots whole', () => {
    expect(splitSlots('<p>Text</p>')).toEqual([{ html: '<p>Text</p>' }]);
  });
});

describe('search and params', () => {
  it('reads ?page= as a whole number from 1, else the first page', () => {
    expect(['2', 3, '0', '-1', '1.5', 'abc', undefined, '9999999'].map(parseListPage)).toEqual([2, 3, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps the recipe search clean: defaults left out, both keys present', () => {
    expect(validateRecipeSearch({ page: '1', category: ' quick-dishes ' })).toEqual({ page: undefined, category: 'quick-dishes' });
    expect(validateRecipeSearch({ page: '3' })).toEqual({ page: 3, category: undefined });
  });

  it("takes each language's slug from the alternates, the page's own where a language has none", () => {
    expect(localeParamsFromAlternates({ hr: 'a-hr', en: 'a' }, 'product', 'a')).toEqual({
      hr: { product: 'a-hr' },
      en: { product: 'a' },
      de: { product: 'a' },
      sl: { product: 'a' },
    });
  });

  it('formats EU project values as euro amounts', () => {
    expect(formatEuroAmount(1234567.5, 'hr')).toBe('1.234.567,50 €');
    expect(formatEuroAmount(1234567.5, 'en')).toBe('€1,234,567.50');
  });
});
