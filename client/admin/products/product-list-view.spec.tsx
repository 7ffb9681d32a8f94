import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { BulkPreviewView } from './bulk-edit';
import { LIST } from './fixtures';
import { ProductListView } from './product-list-view';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const render = (language: AdminLanguage, showPrices: boolean, selected: string[] = []) =>
  renderToStaticMarkup(
    <ProductListView
      t={createAdminI18n(language).t}
      language={language}
      data={LIST}
      showPrices={showPrices}
      productLink={(row) => <a href={`/admin/products/${row.code}`}>{row.name}</a>}
      selected={new Set(selected)}
      onSelect={() => undefined}
      onSelectPage={() => undefined}
    />,
  );

describe('the products list', () => {
  it('in Croatian: name, code, stock, reserved, threshold, availability and price of each row', () => {
    const html = render('hr', true, ['ZZ-SPAG-400']);
    const words = text(html);
    expect(words).toContain('Proizvod Šifra Zaliha Rezervirano Prag Dostupnost Cijena');
    expect(words).toContain('Špageti ZZ-SPAG-400 3 pak. malo 2 pak. 5 pak. Dostupno 2,49 €');
    expect(words).toContain('Fuži ZZ-FUZ-500 Ne prati se 0 pak. 5 pak. Dostupno 17,99 € (akcija; redovna 19,99 €)');
    expect(html).toContain('<a href="/admin/products/ZZ-SPAG-400">Špageti</a>');
    expect(html).toMatch(/aria-label="Odaberi: Špageti" checked=""/);
    expect(html).toContain('data-label="Zaliha"');
  });

  it('in English, the same rows in English words and money', () => {
    const words = text(render('en', true));
    expect(words).toContain('Product Code Stock Reserved Low at Availability Price');
    expect(words).toContain('Špageti ZZ-SPAG-400 3 packs low 2 packs 5 packs Available €2.49');
    expect(words).toContain('Not tracked');
  });

  it('staff see no price: no price column, no amount', () => {
    for (const language of ['hr', 'en'] as const) {
      const html = render(language, false);
      expect(html).not.toMatch(/€|Cijena|Price/);
    }
  });

  it('says so when nothing matches', () => {
    const html = renderToStaticMarkup(
      <ProductListView
        t={createAdminI18n('hr').t}
        language="hr"
        data={{ ...LIST, items: [], total: 0 }}
        showPrices
        productLink={() => null}
        selected={new Set()}
        onSelect={() => undefined}
        onSelectPage={() => undefined}
      />,
    );
    expect(text(html)).toContain('Nijedan proizvod ne odgovara.');
  });
});

describe('the bulk edit preview', () => {
  const result = {
    dry_run: true,
    applied: false,
    count: 2,
    rows: [
      { code: 'ZZ-SPAG-400', name: 'Špageti', old: 3, new: 20 },
      { code: 'ZZ-FUZ-500', name: 'Fuži', old: null, new: 8 },
    ],
    unchanged: ['ZZ-LAS-500'],
    refused: [],
  };
  it('shows old -> new of every row and the count (stock, hr)', () => {
    const words = text(renderToStaticMarkup(<BulkPreviewView kind="stock" result={result} language="hr" t={createAdminI18n('hr').t} />));
    expect(words).toContain('Promijenit će se 2 proizvoda:');
    expect(words).toContain('Špageti ZZ-SPAG-400 3 pak. → 20 pak.');
    expect(words).toContain('Fuži ZZ-FUZ-500 Ne prati se → 8 pak.');
    expect(words).toContain('Već ima tu vrijednost: ZZ-LAS-500');
  });
  it('prices in euro (en), and the refused rows as an alert', () => {
    const html = renderToStaticMarkup(
      <BulkPreviewView
        kind="price"
        result={{
          ...result,
          count: 1,
          rows: [{ code: 'ZZ-SPAG-400', name: 'Špageti', old: 249, new: 279 }],
          unchanged: [],
          refused: [{ row: 1, code: 'NOPE', reason: 'CATALOG_PRODUCT_NOT_FOUND', message: 'No such product.' }],
        }}
        language="en"
        t={createAdminI18n('en').t}
      />,
    );
    expect(text(html)).toContain('1 product will change:');
    expect(text(html)).toContain('Špageti ZZ-SPAG-400 €2.49 → €2.79');
    expect(html).toMatch(/<ul role="alert" class="problem"><li><span class="mono">NOPE<\/span>: No such product.<\/li><\/ul>/);
  });
});
