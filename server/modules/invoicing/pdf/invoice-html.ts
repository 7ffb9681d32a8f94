import { escapeMarkup } from '../../../../contract/markup.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { qrSvg } from './fiscal-qr.js';
import { invoiceView, joined, type Bilingual, type InvoiceView } from './invoice-view.js';

/**
 * The invoice as HTML for the operator's view: the same `invoiceView` the PDF draws, as one
 * fragment (`<article class="zz-invoice">`) with the QR code as inline SVG (vector, from the same
 * matrix as the PDF's), no script, no inline style (the pages' CSP allows a style element with the
 * page's nonce only: `INVOICE_HTML_STYLE` is that style, or `renderInvoiceHtmlPage` the whole page).
 * Every value is escaped with the one `escapeMarkup` (contract/markup.ts): names, addresses and
 * codes come from shoppers.
 */
const e = escapeMarkup;

/** A label in Croatian, the buyer's language below it. */
function bi(text: Bilingual, locale: string): string {
  return text.other ? `${e(text.hr)}<small lang="${e(locale)}">${e(text.other)}</small>` : e(text.hr);
}

export function renderInvoiceHtml(doc: InvoiceDocument): string {
  return articleOf(invoiceView(doc));
}

function articleOf(v: InvoiceView): string {
  const l = v.locale;
  const party = (p: InvoiceView['seller'], cls: string) =>
    `<section class="${cls}"><h2>${bi(p.heading, l)}</h2><p><strong>${e(p.name)}</strong>${p.lines.map((x) => `<br>${e(x)}`).join('')}</p></section>`;
  const alignOf = (a: 'left' | 'right') => (a === 'right' ? ' class="num"' : '');
  const f = v.fiscal;
  return [
    `<article class="zz-invoice${v.kind === 'storno' ? ' zz-storno' : ''}" lang="hr">`,
    `<header><p class="seller-name">${e(v.seller.name)}</p><h1>${bi(v.title, l)} <span class="number">${e(v.number)}</span></h1>`,
    v.stornoOf ? `<p class="storno-of">${bi(v.stornoOf, l)}</p>` : '',
    `</header>`,
    `<div class="parties">${party(v.seller, 'seller')}${party(v.buyer, 'buyer')}</div>`,
    `<dl class="details">${v.details.map((d) => `<div><dt>${bi(d.label, l)}</dt><dd>${e(d.value)}</dd></div>`).join('')}</dl>`,
    `<table class="lines"><thead><tr>${v.columns.map((c) => `<th scope="col"${alignOf(c.align)}>${bi(c.label, l)}</th>`).join('')}</tr></thead><tbody>`,
    v.rows.map((r) => `<tr>${v.columns.map((c) => `<td${alignOf(c.align)}>${e(r[c.key])}</td>`).join('')}</tr>`).join(''),
    `</tbody></table>`,
    `<div class="sums">`,
    `<table class="vat"><caption>${bi(v.vatRecap.heading, l)}</caption><thead><tr>${v.vatRecap.columns.map((c, i) => `<th scope="col"${alignOf(i === 0 ? 'left' : 'right')}>${bi(c, l)}</th>`).join('')}</tr></thead><tbody>`,
    v.vatRecap.rows
      .map((r) => `<tr>${r.map((cell, i) => `<td${alignOf(i === 0 ? 'left' : 'right')}>${e(cell)}</td>`).join('')}</tr>`)
      .join(''),
    `</tbody></table>`,
    `<table class="totals"><tbody>${v.totals.map((t) => `<tr${t.strong ? ' class="total"' : ''}><th scope="row">${bi(t.label, l)}</th><td class="num">${e(t.value)}</td></tr>`).join('')}</tbody></table>`,
    `</div>`,
    `<section class="fiscal"><div class="qr">${qrSvg(f.qrUrl, 120, joined(f.qrNote))}</div><div>`,
    `<dl><div><dt>${bi(f.zki.label, l)}</dt><dd><code>${e(f.zki.value)}</code></dd></div><div><dt>${bi(f.jir.label, l)}</dt><dd${f.pendingNote ? ' class="pending"' : ''}><code>${e(f.jir.value)}</code></dd></div></dl>`,
    f.pendingNote ? `<p class="pending">${bi(f.pendingNote, l)}</p>` : '',
    `<p>${bi(f.qrNote, l)} <a href="${e(f.qrUrl)}" rel="noreferrer">${e(f.qrUrl)}</a></p>`,
    `</div></section>`,
    v.notes.map((n) => `<p class="note">${bi(n, l)}</p>`).join(''),
    `<footer>${e(v.footer)}</footer>`,
    `</article>`,
  ].join('\n');
}

/** The fragment's style, for the page's `<style nonce>` (every rule under `.zz-invoice`). */
export const INVOICE_HTML_STYLE = `
.zz-invoice { --ink: #2b2118; --muted: #6b5d4f; --line: #e6dcc6; --cream: #fff8e7; --wheat: #f4d27a; --gold: #8a6414; --red: #b23a2b;
  max-width: 60rem; margin: 0 auto; padding: 1.5rem; color: var(--ink); background: #fff; font: 15px/1.45 system-ui, sans-serif; }
.zz-invoice small { display: block; color: var(--muted); font-size: .8em; font-weight: normal; }
.zz-invoice header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; border-bottom: 2px solid var(--gold); padding-bottom: .5rem; gap: .5rem 2rem; }
.zz-invoice .seller-name { font: 700 1.5rem Georgia, serif; margin: 0; }
.zz-invoice h1 { font: 700 1.4rem Georgia, serif; margin: 0; text-align: right; }
.zz-invoice h1 .number { display: block; font: 700 1.1rem system-ui, sans-serif; }
.zz-invoice.zz-storno h1, .zz-invoice .storno-of, .zz-invoice .pending { color: var(--red); }
.zz-invoice .storno-of { flex-basis: 100%; text-align: right; margin: 0; font-weight: 600; }
.zz-invoice h2 { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--gold); margin: 0 0 .25rem; }
.zz-invoice .parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem 2rem; margin: 1rem 0; }
.zz-invoice .parties p { margin: 0; }
.zz-invoice .details { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: .5rem 1rem; background: var(--cream); padding: .75rem; margin: 0 0 1rem; }
.zz-invoice dt { font-size: .8rem; color: var(--muted); }
.zz-invoice dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
.zz-invoice table { border-collapse: collapse; width: 100%; }
.zz-invoice th, .zz-invoice td { padding: .3rem .4rem; text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); }
.zz-invoice .lines thead th { background: var(--wheat); font-size: .8rem; }
.zz-invoice .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.zz-invoice .sums { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem 2rem; margin: 1rem 0; align-items: start; }
.zz-invoice caption { text-align: left; font-weight: 700; }
.zz-invoice .vat thead th { background: var(--cream); font-size: .8rem; font-weight: normal; }
.zz-invoice .totals th { font-weight: normal; }
.zz-invoice .totals .total th, .zz-invoice .totals .total td { font-weight: 700; font-size: 1.15rem; border-top: 2px solid var(--gold); }
.zz-invoice .fiscal { display: flex; flex-wrap: wrap; gap: 1rem; border: 1px solid var(--line); padding: .75rem; align-items: center; }
.zz-invoice .fiscal .qr svg { display: block; }
.zz-invoice .fiscal > div:last-child { flex: 1 1 20rem; min-width: 0; }
.zz-invoice .fiscal dl { display: grid; gap: .25rem; margin: 0 0 .5rem; }
.zz-invoice .fiscal a { overflow-wrap: anywhere; }
.zz-invoice .note { color: var(--muted); font-size: .85rem; }
.zz-invoice footer { border-top: 1px solid var(--line); margin-top: 1rem; padding-top: .5rem; color: var(--muted); font-size: .8rem; }
`;

/** A whole page of its own (no script; its one style element carries the page's CSP nonce). */
export function renderInvoiceHtmlPage(doc: InvoiceDocument, opts: { nonce: string }): string {
  const view = invoiceView(doc);
  return `<!doctype html>
<html lang="hr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(view.documentTitle)}</title>
<style nonce="${e(opts.nonce)}">${INVOICE_HTML_STYLE}</style>
</head>
<body>
${articleOf(view)}
</body>
</html>
`;
}
