import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { decodeQrModules } from '../../../../test/support/qr-decode.js';
import { fiscalQrUrl } from './fiscal-qr.js';
import { INVOICE_HTML_STYLE, renderInvoiceHtml, renderInvoiceHtmlPage } from './invoice-html.js';

/** The QR code of the HTML's inline SVG, read back by jsQR. */
function svgQr(html: string): string | null {
  const svg = /<svg[^>]*viewBox="0 0 (\d+) \1"[^>]*>[\s\S]*?<\/svg>/.exec(html);
  expect(svg).not.toBeNull();
  const side = Number(svg![1]);
  const dark = new Set<string>();
  for (const m of /<path d="([^"]+)"/.exec(svg![0])![1]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let i = 0; i < Number(m[3]); i++) dark.add(`${Number(m[1]) + i - 4},${Number(m[2]) - 4}`);
  return decodeQrModules(side - 8, (x, y) => dark.has(`${x},${y}`));
}

/** The text of the markup, tags removed, entities of escapeMarkup undone. */
const textOf = (html: string) =>
  html
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('invoice HTML (the operator’s view)', () => {
  it('shows what the PDF shows: number, parties, lines, VAT per rate, totals, ZKI, JIR and the QR code', () => {
    const doc = sampleInvoiceDocument();
    const html = renderInvoiceHtml(doc);
    expect(html.startsWith('<article class="zz-invoice" lang="hr">')).toBe(true);
    const text = textOf(html);
    for (const expected of [
      'Račun 17/ZZ1/1',
      'Zlatno zrno d.o.o.',
      `OIB: ${doc.seller.oib}`,
      'Ana Horvat',
      '14.07.2026. 10:05:09',
      'ZZ-2026-000123',
      'Tagliatelle s jajima 500 g',
      'Heljdino brašno 1 kg',
      'Rekapitulacija PDV-a',
      'Ukupno za platiti 22,15 EUR',
      doc.zki,
      doc.jir!,
      'Trgovački sud u Osijeku, MBS 030098765',
    ])
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    expect(svgQr(html)).toBe(fiscalQrUrl(doc));
    expect(html).toContain(`href="${fiscalQrUrl(doc).replace(/&/g, '&amp;')}"`);
    expect(html).not.toMatch(/<script|style="|<style/);
  });

  it('labels in both languages for a buyer who reads another, the second marked with its language', () => {
    const html = renderInvoiceHtml(sampleInvoiceDocument({ locale: 'de', jir: null }));
    expect(html).toContain('Broj računa<small lang="de">Rechnungsnummer</small>');
    expect(html).toContain('Račun<small lang="de">Rechnung</small>');
    expect(textOf(html)).toContain('još nije dodijeljen / noch nicht vergeben');
    expect(html).toContain('class="pending"');
  });

  it('a storno: its title, the invoice it cancels, negative total', () => {
    const text = textOf(renderInvoiceHtml(sampleInvoiceDocument({ storno: true })));
    expect(text).toContain('Storno račun 18/ZZ1/1');
    expect(text).toContain('Stornira račun br. 17/ZZ1/1 od 14.07.2026. 10:05:09');
    expect(text).toContain('Ukupno storno -22,15 EUR');
  });

  it('escapes every hostile value from a shopper or a product: no markup of theirs gets through', () => {
    const hostile = '<script>alert(1)</script>" onmouseover="x" \'&amp;<img src=x onerror=alert(2)>';
    const doc = sampleInvoiceDocument({
      buyer: {
        kind: 'business',
        name: hostile,
        street: hostile,
        postalCode: '<b>',
        city: '"><svg onload=alert(3)>',
        countryCode: '<i>',
        taxId: '<u>1</u>',
        email: 'x@y',
      },
      orderNumber: '</dd><script>',
      operator: { mark: '"><iframe>', oib: '1' },
      lines: sampleInvoiceDocument().lines.map((l) => ({ ...l, name: hostile, code: '<x>' })),
    });
    const html = renderInvoiceHtml(doc);
    expect(html).not.toMatch(/<script|<img|<iframe|<svg onload|<b>|<i>|<u>|<x>|" onmouseover/);
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;x&quot; &#39;&amp;amp;&lt;img src=x onerror=alert(2)&gt;',
    );
    // the same values read back as text
    expect(textOf(html)).toContain(hostile);
    expect(textOf(html)).toContain('</dd><script>');
  });

  it('as a page of its own: the style under the page’s nonce, the title escaped', () => {
    const page = renderInvoiceHtmlPage(sampleInvoiceDocument(), { nonce: 'abc"def' });
    expect(page).toMatch(/^<!doctype html>\n<html lang="hr">/);
    expect(page).toContain('<title>Račun 17/ZZ1/1</title>');
    expect(page).toContain(`<style nonce="abc&quot;def">${INVOICE_HTML_STYLE}</style>`);
    expect(page).toContain('<article class="zz-invoice" lang="hr">');
    expect(INVOICE_HTML_STYLE.split('\n').filter((r) => r.trim() && !r.startsWith('.zz-invoice') && !r.startsWith('  '))).toEqual([]);
  });
});
