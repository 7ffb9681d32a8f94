import { LOCALE_TAGS, type Locale } from '../../../contract/locales.js';
import { SERVER_TEXTS, serverText } from '../i18n/index.js';
import { html, raw, type Html } from './html.js';

/**
 * The frame of the operators' server-rendered pages (/admin/orders, /admin/invoices): one look, one
 * navigation, the same helpers. HTML that works without JavaScript; tables marked `cards` turn into
 * one card per row under 768 px (each cell names its column from `data-label`).
 */

/** A page's frame: language and the CSP nonce for its one style element. */
export interface PageFrame {
  locale: Locale;
  nonce: string;
}

/** The operators' sections, in the navigation's order. */
export const ADMIN_NAV = [
  { key: 'orders', href: '/admin/orders' },
  { key: 'invoices', href: '/admin/invoices' },
  { key: 'queues', href: '/admin/queues' },
] as const;
export type AdminSection = (typeof ADMIN_NAV)[number]['key'];

/** The frame's words (server/locales `http.admin`). */
export function adminTexts(locale: Locale) {
  return SERVER_TEXTS[locale].http.admin;
}

const STYLE = `
:root { color-scheme: light; --ink: #1d1d1b; --muted: #4a4a45; --line: #c9c6bd; --accent: #7a4b00; --bg: #fbfaf7; --ok-bg: #e6f2e6; --ok: #1e5a1e; --err-bg: #fbe9e7; --err: #8a1c12; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: .5rem 1rem; }
.skip:focus { left: 1rem; top: 1rem; z-index: 1; }
header { background: #2b2a26; color: #fff; padding: .75rem 1.5rem; }
header nav ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 1.5rem; flex-wrap: wrap; }
header a { color: #fff; }
header a[aria-current="page"] { font-weight: 700; }
main { padding: 1rem 1.5rem 3rem; max-width: 90rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; }
form.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; background: #fff; border: 1px solid var(--line); padding: 1rem; }
form.filters fieldset { border: 0; margin: 0; padding: 0; display: contents; }
label { display: block; font-weight: 600; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: .875rem; }
input[type="search"], input[type="text"], select { font: inherit; padding: .4rem .5rem; border: 1px solid #767676; border-radius: 3px; background: #fff; color: var(--ink); min-width: 12rem; }
button { font: inherit; padding: .45rem 1rem; border: 1px solid var(--accent); border-radius: 3px; background: var(--accent); color: #fff; cursor: pointer; }
button.danger { background: #8a1c12; border-color: #8a1c12; }
.notice { padding: .75rem 1rem; border-left: 4px solid; margin: 1rem 0; }
.notice.ok { background: var(--ok-bg); color: var(--ok); border-color: var(--ok); }
.notice.err { background: var(--err-bg); color: var(--err); border-color: var(--err); }
.notice.warn { background: #fdf3dc; color: #5c3b00; border-color: #b07800; }
.notice.info { background: #fff; color: var(--ink); border-color: var(--line); }
.notice h2 { font-size: 1rem; margin: 0 0 .25rem; }
.notice p { margin: .25rem 0; }
table { border-collapse: collapse; width: 100%; background: #fff; margin: .5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: .5rem 0; }
th, td { border: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
thead th { background: #efece4; }
td.num, th.num { text-align: right; white-space: nowrap; }
tfoot th { text-align: right; font-weight: 600; }
.pages ul { list-style: none; display: flex; flex-wrap: wrap; gap: .5rem; padding: 0; }
.pages a, .pages span { display: inline-block; padding: .25rem .6rem; border: 1px solid var(--line); background: #fff; }
.pages [aria-current="page"] { background: var(--accent); color: #fff; border-color: var(--accent); font-weight: 700; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; background: #fff; border: 1px solid var(--line); padding: 1rem; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.columns { display: flex; flex-wrap: wrap; gap: 1rem; }
.columns > section { flex: 1 1 18rem; background: #fff; border: 1px solid var(--line); padding: 0 1rem 1rem; }
address { font-style: normal; }
.actions { display: flex; flex-wrap: wrap; gap: 1rem; }
.actions form { background: #fff; border: 1px solid var(--line); padding: 1rem; display: flex; flex-direction: column; gap: .5rem; min-width: 16rem; }
.check { display: flex; gap: .5rem; align-items: flex-start; font-weight: 400; max-width: 26rem; }
.check input { margin-top: .3rem; width: 1.1rem; height: 1.1rem; }
.field-error { color: var(--err); font-weight: 600; }
.state { display: inline-block; padding: .1rem .5rem; border-left: 4px solid; font-weight: 600; }
.state.ok { background: var(--ok-bg); color: var(--ok); border-color: var(--ok); }
.state.wait { background: #fff4d6; color: #5c4100; border-color: #a66f00; }
.state.err { background: var(--err-bg); color: var(--err); border-color: var(--err); }
.state .hint { display: block; font-weight: 400; }
code, .mono { font-family: ui-monospace, 'Cascadia Mono', Menlo, monospace; font-size: .875rem; overflow-wrap: anywhere; }
.invoice-view { background: #fff; border: 1px solid var(--line); padding: 1rem; overflow-x: auto; }
ul.links { list-style: none; display: flex; flex-wrap: wrap; gap: .75rem; padding: 0; margin: 0; }
input[type="number"], input[type="month"] { font: inherit; padding: .4rem .5rem; border: 1px solid #767676; border-radius: 3px; background: #fff; color: var(--ink); min-width: 10rem; }
@media (max-width: 767.98px) {
  main { padding: 1rem .75rem 3rem; }
  header { padding: .75rem; }
  table.cards, table.cards tbody, table.cards tr, table.cards td, table.cards th { display: block; width: 100%; }
  table.cards thead { position: absolute; left: -9999px; }
  table.cards caption { display: block; }
  table.cards tr { border: 1px solid var(--line); margin: 0 0 .75rem; background: #fff; }
  table.cards td, table.cards th { border: 0; border-top: 1px solid #eee; }
  table.cards td[data-label]::before { content: attr(data-label); display: block; font-weight: 600; color: var(--muted); font-size: .875rem; }
  table.cards td.num { text-align: left; }
  dl.facts { grid-template-columns: 1fr; }
  .actions form { min-width: 0; width: 100%; }
}
`;

const TIME_ZONE = 'Europe/Zagreb';

/** A moment as operators read it: date and time in Zagreb, in the page's language. */
export function when(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

/** Only the shop's own label for a known value; anything else shows as it is. */
export function label<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

/** The whole document: noindex, the language, a skip link, the operators' navigation; `style`: more CSS of our own for the one style element. */
export function adminPage(frame: PageFrame, opts: { title: string; current: AdminSection | null; body: Html; style?: string }): string {
  const t = adminTexts(frame.locale);
  const doc = html`<!doctype html>
<html lang="${frame.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${opts.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${frame.nonce}">${raw(STYLE)}${raw(opts.style ?? '')}</style>
</head>
<body>
<a class="skip" href="#main">${t.skipToContent}</a>
<header>
<nav aria-label="${t.siteNav}">
<ul>
${ADMIN_NAV.map(
  (n) => html`<li><a href="${n.href}"${opts.current === n.key ? raw(' aria-current="page"') : ''}>${t[n.key]}</a></li>
`,
)}<li><a href="/">${t.shop}</a></li>
</ul>
</nav>
</header>
<main id="main" tabindex="-1">
${opts.body}
</main>
</body>
</html>
`;
  return doc.value;
}

/** Page links: first, last, and two either side of the current page, with gaps. */
export function pageNumbers(current: number, pages: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** Page links of a list (`href(n)` is page n's address); past the last page (an old link), 'previous' leads to the last one. */
export function pagination(locale: Locale, current: number, pages: number, href: (page: number) => string): Html | '' {
  if (pages <= 1 && current <= 1) return '';
  const t = adminTexts(locale);
  const pageN = (n: number) => serverText('http.admin.pageN', locale, { n }) ?? String(n);
  return html`<nav class="pages" aria-label="${t.pages}">
<ul>
${current > 1 ? html`<li><a href="${href(Math.min(current - 1, pages))}" rel="prev">${t.previous}</a></li>` : ''}
${pageNumbers(current, pages).map((n) =>
  n === null
    ? html`<li><span aria-hidden="true">…</span></li>`
    : n === current
      ? html`<li><a href="${href(n)}" aria-current="page" aria-label="${pageN(n)}">${n}</a></li>`
      : html`<li><a href="${href(n)}" aria-label="${pageN(n)}">${n}</a></li>`,
)}
${current < pages ? html`<li><a href="${href(current + 1)}" rel="next">${t.next}</a></li>` : ''}
</ul>
</nav>`;
}
