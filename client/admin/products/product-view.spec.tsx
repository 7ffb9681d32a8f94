import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { DETAIL, PREVIEW } from './fixtures';
import { SaveBar } from '../kit/save-bar';
import { changedParts, draftErrors, draftOf, OfferPreviewView, ProductPageView, type ProductPageViewProps } from './product-view';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function props(language: AdminLanguage, over: Partial<ProductPageViewProps> = {}): ProductPageViewProps {
  const noop = () => undefined;
  return {
    t: createAdminI18n(language).t,
    language,
    product: DETAIL,
    showPrices: true,
    backLink: <a href="/admin/products">back</a>,
    draft: draftOf(DETAIL, language),
    changes: 0,
    errors: {},
    onDraft: noop,
    saving: false,
    onSave: noop,
    onDiscard: noop,
    problem: null,
    conflict: false,
    onReload: noop,
    saved: false,
    offer: { price: '', starts: '', ends: '' },
    offerErrors: {},
    onOffer: noop,
    preview: null,
    previewing: false,
    onPreview: noop,
    savingOffer: false,
    onSaveOffer: noop,
    offerProblem: null,
    offerSaved: false,
    ...over,
  };
}
const render = (p: ProductPageViewProps) => renderToStaticMarkup(<ProductPageView {...p} />);

describe("a product's stock and price page", () => {
  it('in Croatian: stock, reserved packs, the fields, the price, the offers and the price history', () => {
    const words = text(render(props('hr')));
    expect(words).toContain('Špageti ZZ-SPAG-400');
    expect(words).toContain('Trenutno na zalihi: 3 pak. · Rezervirano: 2 pak.');
    expect(words).toContain('Zaliha (pakiranja)');
    expect(words).toContain('Uskoro ponovno dostupno');
    expect(words).toContain('Malo na zalihi kod (pakiranja)');
    expect(words).toContain('Redovna cijena: 2,49 €');
    expect(words).toContain('Najniža cijena 30 dana prije: 2,29 €');
    expect(words).toMatch(/1,99 € · 1\. pro 2026\. 09:00 – 8\. pro 2026\. 09:00 · zakazana · −13 %/);
    expect(words).toMatch(/2,49 € od 20\. stu 2026\. 11:00/);
    expect(words).not.toContain('promjen'); // no save bar without changes
  });

  it('in English, the same page in English', () => {
    const words = text(render(props('en')));
    expect(words).toContain('In stock now: 3 packs · Reserved: 2 packs');
    expect(words).toContain('Regular price: €2.49');
    expect(words).toContain('Schedule a special offer');
    expect(words).toContain('Price history');
  });

  it('staff see no price anywhere: no price field, no offers, no history, no amount', () => {
    for (const language of ['hr', 'en'] as const) {
      const html = render(props(language, { showPrices: false }));
      expect(html).not.toMatch(/€|Cijena|cijena|Price|price|Akcij|offer/);
      expect(html).toContain('id="stock"');
    }
  });

  it('errors are tied to their fields (aria-describedby, aria-invalid); a 409 says to load the current stock', () => {
    const html = render(
      props('en', { errors: { stock: 'Type a whole number of packs, 0 to 1,000,000.' }, problem: 'Stock changed.', conflict: true }),
    );
    expect(html).toMatch(/id="stock"[^>]*aria-invalid="true"[^>]*aria-describedby="stock-error reserved-hint"/);
    expect(html).toContain('<span id="stock-error" class="field-error">Type a whole number of packs, 0 to 1,000,000.</span>');
    expect(html).toMatch(/<div role="alert" class="problem"><p>Stock changed.<\/p><p>Your changes were not saved\./);
    expect(html).toContain('Load the current stock');
  });
});

describe('the save bar', () => {
  it('counts the changes in each language and offers save and discard', () => {
    const bar = (language: AdminLanguage, count: number) =>
      text(
        renderToStaticMarkup(
          <SaveBar count={count} saving={false} onSave={() => undefined} onDiscard={() => undefined} t={createAdminI18n(language).t} />,
        ),
      );
    expect(bar('hr', 3)).toContain('3 promjene Spremi Odbaci');
    expect(bar('hr', 1)).toContain('1 promjena');
    expect(bar('en', 2)).toContain('2 changes Save Discard');
    expect(bar('en', 0)).toBe('');
  });

  it('counts what differs from the stored product: stock, availability, threshold, price (admin only)', () => {
    const initial = draftOf(DETAIL, 'hr');
    expect(initial).toEqual({ tracked: true, stock: '3', soon: false, threshold: '5', price: '2,49' });
    expect(changedParts(initial, initial, true)).toEqual([]);
    const edited = { ...initial, stock: '0', soon: true, threshold: '8', price: '2,79' };
    expect(changedParts(initial, edited, true)).toEqual(['stock', 'availability', 'threshold', 'price']);
    expect(changedParts(initial, edited, false)).toEqual(['stock', 'availability', 'threshold']);
    expect(changedParts(initial, { ...initial, price: '2.49' }, true)).toEqual([]);
    expect(changedParts(initial, { ...initial, tracked: false }, true)).toEqual(['stock']);
  });

  it('checks the fields before saving', () => {
    const t = createAdminI18n('en').t;
    const initial = draftOf(DETAIL, 'en');
    expect(draftErrors(initial, true, t)).toEqual({});
    expect(Object.keys(draftErrors({ ...initial, stock: '-1', threshold: 'x', price: '0' }, true, t))).toEqual([
      'stock',
      'threshold',
      'price',
    ]);
    expect(draftErrors({ ...initial, tracked: false, stock: '' }, false, t)).toEqual({});
  });
});

describe("the offer's preview (C-330/23)", () => {
  it('shows the struck price, the 30-day lowest price and the percentage from it', () => {
    const words = text(renderToStaticMarkup(<OfferPreviewView preview={PREVIEW} language="hr" t={createAdminI18n('hr').t} />));
    expect(words).toContain('2,99 € 2,79 € −7 %');
    expect(words).toContain('Redovna cijena na početku 3,49 €');
    expect(words).toContain('Prekrižena cijena 2,99 €');
    expect(words).toMatch(/Najniža cijena 30 dana prije 2,99 € \(1\. stu 2026\. 09:00 – 1\. pro 2026\. 09:00\)/);
    expect(words).toContain('Popust (od najniže cijene 30 dana) 7 %');
    expect(words).toContain('C-330/23');
  });

  it('an offer not below the 30-day lowest: nothing struck, no badge (en)', () => {
    const html = renderToStaticMarkup(
      <OfferPreviewView
        preview={{ ...PREVIEW, struck_price_cents: null, discount_percent: 0 }}
        language="en"
        t={createAdminI18n('en').t}
      />,
    );
    expect(html).not.toContain('<s>');
    expect(text(html)).toContain('Nothing (the offer is not below the 30-day lowest price)');
    expect(text(html)).toContain('Discount (from the 30-day lowest price) 0 %');
  });

  it('is on the page once asked for', () => {
    expect(text(render(props('en', { preview: PREVIEW })))).toContain('What buyers will see €2.99 €2.79 −7 %');
  });
});
