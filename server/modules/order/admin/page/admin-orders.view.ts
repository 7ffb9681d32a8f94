import {
  ADMIN_ORDER_ACTIONS,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderList,
} from '../../../../../contract/api/admin-orders.js';
import { countryName } from '../../../../../contract/countries.js';
import { LOCALE_TAGS, type Locale } from '../../../../../contract/locales.js';
import type { EuDistanceSalesView } from '../../../../../contract/api/admin-vat.js';
import { formatEuro } from '../../../../../contract/money.js';
import { formatVatRate } from '../../../../../contract/vat.js';
import { FULFILMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../../../contract/orders.js';
import { ADMIN_ORDERS_TEXTS, type AdminOrdersTexts } from './admin-orders.texts.js';
import { html, raw, type Html } from './html.js';

/**
 * The year's EU distance sales against the OSS threshold (docs/invoicing/vat.md): the net total, the
 * threshold, the share and what it means. Above the threshold with the OSS off it is an alert (role
 * alert, the error colours); near it (from 80 %) a warning; otherwise a quiet status.
 */
function euSalesBanner(s: EuDistanceSalesView, t: AdminOrdersTexts, locale: Locale): Html {
  const loud = s.warning === 'over' && !s.oss_enabled;
  const kind = loud ? 'err' : s.warning === 'near' && !s.oss_enabled ? 'warn' : 'info';
  const message = s.oss_enabled
    ? t.euSalesOss
    : s.warning === 'over'
      ? t.euSalesOver
      : s.warning === 'near'
        ? t.euSalesNear
        : t.euSalesNone;
  const share = `${formatVatRate(Math.round(s.share * 1000) / 10, locale)} %`;
  return html`<section class="notice ${kind}" role="${loud ? 'alert' : 'status'}" data-testid="eu-sales" data-warning="${s.warning}" aria-labelledby="eu-sales-heading">
<h2 id="eu-sales-heading">${t.euSalesHeading(s.year)}</h2>
<p>${t.euSalesTotal({ total: formatEuro(s.total_net_cents, locale), threshold: formatEuro(s.threshold_cents, locale), share })}</p>
<p>${t.euSalesPrevious(formatEuro(s.previous_year_net_cents, locale))}</p>
<p>${message}</p>
</section>`;
}

/** Where the pages live (the queue dashboard sits beside them). */
export const ADMIN_ORDERS_PATH = '/admin/orders';
export const QUEUES_PATH = '/admin/queues';

/** The filters the list shows in its form (valid values only; the page never echoes an invalid one). */
export interface ListFilters {
  status?: string;
  payment_status?: string;
  payment_method?: string;
  q?: string;
}

/** A page's frame: language, title, the CSP nonce for its one style element. */
export interface PageFrame {
  locale: Locale;
  nonce: string;
}

/** An action form's state after a refusal: which action, the message, the typed tracking number. */
export interface ActionError {
  action: AdminOrderAction;
  message: string;
  trackingNumber?: string;
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
`;

const TIME_ZONE = 'Europe/Zagreb';

function when(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(date);
}

function percent(rate: number, locale: Locale): string {
  return `${new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 2 }).format(rate)} %`;
}

/** Only the shop's own label for a known state; anything else shows as it is. */
function label<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

/** The whole document: noindex, the language, a skip link, the operators' navigation. */
export function page(frame: PageFrame, opts: { title: string; current: 'orders' | null; body: Html }): string {
  const t = ADMIN_ORDERS_TEXTS[frame.locale];
  const doc = html`<!doctype html>
<html lang="${frame.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${opts.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${frame.nonce}">${raw(STYLE)}</style>
</head>
<body>
<a class="skip" href="#main">${t.skipToContent}</a>
<header>
<nav aria-label="${t.siteNav}">
<ul>
<li><a href="${ADMIN_ORDERS_PATH}"${opts.current === 'orders' ? raw(' aria-current="page"') : ''}>${t.orders}</a></li>
<li><a href="${QUEUES_PATH}">${t.queues}</a></li>
<li><a href="/">${t.shop}</a></li>
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

function options(values: readonly string[], labels: Record<string, string>, selected: string | undefined, any: string): Html {
  return html`<option value="">${any}</option>${values.map(
    (v) => html`<option value="${v}"${v === selected ? raw(' selected') : ''}>${labels[v] ?? v}</option>`,
  )}`;
}

/** The query string of the list for these filters and page (empty values left out). */
export function listHref(filters: ListFilters, pageNumber?: number): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'payment_status', 'payment_method', 'q'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (pageNumber && pageNumber > 1) params.set('page', String(pageNumber));
  const query = params.toString();
  return query ? `${ADMIN_ORDERS_PATH}?${query}` : ADMIN_ORDERS_PATH;
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

/** Page links; past the last page (an old link), 'previous' leads to the last one. */
function pagination(t: AdminOrdersTexts, filters: ListFilters, current: number, pages: number): Html | '' {
  if (pages <= 1 && current <= 1) return '';
  return html`<nav class="pages" aria-label="${t.pages}">
<ul>
${current > 1 ? html`<li><a href="${listHref(filters, Math.min(current - 1, pages))}" rel="prev">${t.previous}</a></li>` : ''}
${pageNumbers(current, pages).map((n) =>
  n === null
    ? html`<li><span aria-hidden="true">…</span></li>`
    : n === current
      ? html`<li><a href="${listHref(filters, n)}" aria-current="page" aria-label="${t.pageN(n)}">${n}</a></li>`
      : html`<li><a href="${listHref(filters, n)}" aria-label="${t.pageN(n)}">${n}</a></li>`,
)}
${current < pages ? html`<li><a href="${listHref(filters, current + 1)}" rel="next">${t.next}</a></li>` : ''}
</ul>
</nav>`;
}

/** GET /admin/orders */
export function listPage(
  frame: PageFrame,
  data: { list: AdminOrderList; filters: ListFilters; invalidFilters: boolean; euSales?: EuDistanceSalesView },
): string {
  const { locale } = frame;
  const t = ADMIN_ORDERS_TEXTS[locale];
  const { list, filters } = data;
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  const body = html`<h1>${t.heading}</h1>
${data.euSales ? euSalesBanner(data.euSales, t, locale) : ''}
<form class="filters" method="get" action="${ADMIN_ORDERS_PATH}" role="search" aria-label="${t.filters}">
<fieldset>
<legend class="skip">${t.filters}</legend>
<div><label for="f-status">${t.fulfilmentStatus}</label>
<select id="f-status" name="status">${options(FULFILMENT_STATUSES, t.fulfilmentStatuses, filters.status, t.any)}</select></div>
<div><label for="f-payment-status">${t.paymentStatus}</label>
<select id="f-payment-status" name="payment_status">${options(PAYMENT_STATUSES, t.paymentStatuses, filters.payment_status, t.any)}</select></div>
<div><label for="f-payment-method">${t.paymentMethod}</label>
<select id="f-payment-method" name="payment_method">${options(PAYMENT_METHODS, t.paymentMethods, filters.payment_method, t.any)}</select></div>
<div><label for="f-q">${t.search} <span class="hint" id="f-q-hint">${t.searchHint}</span></label>
<input type="search" id="f-q" name="q" value="${filters.q ?? ''}" maxlength="254" aria-describedby="f-q-hint"></div>
<div><button type="submit">${t.apply}</button></div>
<div><a href="${ADMIN_ORDERS_PATH}">${t.reset}</a></div>
</fieldset>
</form>
${data.invalidFilters ? html`<div class="notice err" role="alert">${t.badFilter}</div>` : ''}
<p role="status" data-testid="order-count">${list.total === 0 ? t.none : t.found(list.total)}</p>
${
  list.orders.length
    ? html`<table data-testid="orders">
<caption>${t.tableCaption(list.page, pages)}</caption>
<thead><tr>
<th scope="col">${t.number}</th><th scope="col">${t.date}</th><th scope="col">${t.customer}</th><th scope="col">${t.country}</th>
<th scope="col" class="num">${t.total}</th><th scope="col">${t.method}</th><th scope="col">${t.paymentStatus}</th>
<th scope="col">${t.fulfilmentStatus}</th><th scope="col">${t.tracking}</th>
</tr></thead>
<tbody>
${list.orders.map(
  (o) => html`<tr data-order="${o.number}">
<th scope="row"><a href="${ADMIN_ORDERS_PATH}/${o.number}">${o.number}</a></th>
<td>${when(o.placed_at, locale)}</td>
<td>${o.name}<br><span class="hint">${o.email}</span></td>
<td>${countryName(o.country, locale)}</td>
<td class="num">${formatEuro(o.total, locale)}</td>
<td>${label(t.paymentMethods, o.payment_method)}</td>
<td>${label(t.paymentStatuses, o.payment_status)}</td>
<td>${label(t.fulfilmentStatuses, o.fulfilment_status)}</td>
<td>${o.tracking_number ?? t.noneGiven}</td>
</tr>`,
)}
</tbody>
</table>`
    : ''
}
${pagination(t, filters, list.page, pages)}`;
  return page(frame, { title: t.htmlTitleList, current: 'orders', body });
}

function addressBlock(
  a: { first_name?: string; last_name?: string; company_name?: string; street: string; postal_code: string; city: string; country: string },
  locale: Locale,
): Html {
  const name = a.company_name ?? `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim();
  return html`<address>${name}<br>${a.street}<br>${a.postal_code} ${a.city}<br>${countryName(a.country, locale)}</address>`;
}

function actionForm(
  t: AdminOrdersTexts,
  order: AdminOrderDetail,
  action: AdminOrderAction,
  csrfToken: string,
  error: ActionError | undefined,
): Html {
  const err = error?.action === action ? error : undefined;
  const id = `a-${action}`;
  const errorId = `${id}-error`;
  const described = err ? errorId : undefined;
  let fields: Html | '' = '';
  if (action === 'ship') {
    fields = html`<label for="${id}-tracking">${t.trackingNumber} <span class="hint" id="${id}-hint">${t.trackingHint}</span></label>
<input type="text" id="${id}-tracking" name="tracking_number" required maxlength="40" autocomplete="off" spellcheck="false" value="${err?.trackingNumber ?? ''}" aria-describedby="${id}-hint${described ? ` ${described}` : ''}"${err ? raw(' aria-invalid="true"') : ''}>`;
  } else if (action === 'cancel' || action === 'refund') {
    fields = html`<label class="check" for="${id}-confirm"><input type="checkbox" id="${id}-confirm" name="confirm" value="yes" required${described ? html` aria-describedby="${described}"` : ''}${err ? raw(' aria-invalid="true"') : ''}> <span>${action === 'cancel' ? t.confirmCancel : t.confirmRefund}</span></label>`;
  }
  const danger = action === 'cancel' || action === 'refund';
  return html`<form method="post" action="${ADMIN_ORDERS_PATH}/${order.number}/${action}" data-action="${action}" aria-labelledby="${id}-button">
<input type="hidden" name="_csrf" value="${csrfToken}">
${fields}
${err ? html`<p class="field-error" id="${errorId}">${err.message}</p>` : ''}
<button type="submit" id="${id}-button"${danger ? raw(' class="danger"') : ''}>${t.actionButton[action]}</button>
</form>`;
}

/** GET /admin/orders/{number}, and the same page re-rendered after a refused action. */
export function detailPage(
  frame: PageFrame,
  data: { order: AdminOrderDetail; csrfToken: string; notice?: AdminOrderAction; error?: ActionError },
): string {
  const { locale } = frame;
  const t = ADMIN_ORDERS_TEXTS[locale];
  const { order } = data;
  const actions = ADMIN_ORDER_ACTIONS.filter((a) => order.actions.includes(a));
  const money = (cents: number) => formatEuro(cents, locale);
  const body = html`<p><a href="${ADMIN_ORDERS_PATH}">← ${t.backToList}</a></p>
<h1>${t.orderHeading(order.number)}</h1>
${data.notice ? html`<div class="notice ok" role="status" data-testid="notice">${t.done[data.notice]}</div>` : html`<div role="status" data-testid="notice"></div>`}
${data.error ? html`<div class="notice err" role="alert" data-testid="error">${data.error.message}</div>` : ''}
<h2 id="summary">${t.summary}</h2>
<dl class="facts" aria-labelledby="summary">
<dt>${t.placedAt}</dt><dd>${when(order.placed_at, locale)}</dd>
<dt>${t.fulfilmentStatus}</dt><dd data-testid="fulfilment-status">${label(t.fulfilmentStatuses, order.fulfilment_status)}</dd>
<dt>${t.paymentStatus}</dt><dd data-testid="payment-status">${label(t.paymentStatuses, order.payment_status)}</dd>
<dt>${t.paymentMethod}</dt><dd>${label(t.paymentMethods, order.payment_method)}</dd>
<dt>${t.tracking}</dt><dd data-testid="tracking-number">${order.tracking_number ?? t.noneGiven}</dd>
<dt>${t.email}</dt><dd><a href="mailto:${order.email}">${order.email}</a></dd>
<dt>${t.phone}</dt><dd>${order.phone}</dd>
<dt>${t.language}</dt><dd>${label(t.languages, order.locale)}</dd>
<dt>${t.coupon}</dt><dd>${order.coupon_code ?? t.noneGiven}</dd>
<dt>${t.total}</dt><dd>${money(order.total)}</dd>
</dl>
<h2 id="actions">${t.actions}</h2>
${actions.length ? html`<div class="actions">${actions.map((a) => actionForm(t, order, a, data.csrfToken, data.error))}</div>` : html`<p>${t.noActions}</p>`}
<h2>${t.lines}</h2>
<table data-testid="lines">
<caption>${t.linesCaption}</caption>
<thead><tr><th scope="col">${t.code}</th><th scope="col">${t.product}</th><th scope="col" class="num">${t.unitPrice}</th><th scope="col" class="num">${t.quantity}</th><th scope="col" class="num">${t.vatRate}</th><th scope="col" class="num">${t.lineTotal}</th></tr></thead>
<tbody>
${order.lines.map(
  (l) =>
    html`<tr><td>${l.product_code}</td><th scope="row">${l.name}</th><td class="num">${money(l.unit_price)}</td><td class="num">${l.quantity}</td><td class="num">${percent(l.vat_rate, locale)}</td><td class="num">${money(l.line_total)}</td></tr>`,
)}
</tbody>
<tfoot>
<tr><th scope="row" colspan="5">${t.subtotal}</th><td class="num">${money(order.subtotal)}</td></tr>
${order.discount ? html`<tr><th scope="row" colspan="5">${t.discount}${order.coupon_code ? ` (${order.coupon_code})` : ''}</th><td class="num">−${money(order.discount)}</td></tr>` : ''}
<tr><th scope="row" colspan="5">${t.delivery}</th><td class="num">${money(order.delivery)}</td></tr>
<tr><th scope="row" colspan="5">${t.total}</th><td class="num"><strong>${money(order.total)}</strong></td></tr>
<tr><th scope="row" colspan="5">${t.vatBase}</th><td class="num">${money(order.vat_base)}</td></tr>
<tr><th scope="row" colspan="5">${t.vatTotal}</th><td class="num">${money(order.vat_total)}</td></tr>
</tfoot>
</table>
<h2>${t.vatByRate}</h2>
<table data-testid="vat">
<caption>${t.vatCaption}</caption>
<thead><tr><th scope="col">${t.rate}</th><th scope="col" class="num">${t.base}</th><th scope="col" class="num">${t.vat}</th></tr></thead>
<tbody>
${order.vat_by_rate.map((r) => html`<tr><th scope="row">${percent(r.rate, locale)}</th><td class="num">${money(r.base)}</td><td class="num">${money(r.vat)}</td></tr>`)}
</tbody>
</table>
<h2>${t.addresses}</h2>
<div class="columns">
<section aria-labelledby="h-delivery"><h3 id="h-delivery">${t.deliveryAddress}</h3>${addressBlock(order.delivery_address, locale)}</section>
<section aria-labelledby="h-billing"><h3 id="h-billing">${t.billingAddress}</h3>${order.billing_address ? addressBlock(order.billing_address, locale) : html`<p>${t.sameAsDelivery}</p>`}</section>
<section aria-labelledby="h-r1"><h3 id="h-r1">${t.r1Invoice}</h3>${
    order.r1_invoice
      ? html`${addressBlock(order.r1_invoice, locale)}<p>${t.taxId}: <span data-testid="r1-tax-id">${order.r1_invoice.tax_id}</span></p>`
      : html`<p>${t.noR1}</p>`
  }</section>
</div>
<h2 id="notes">${t.notes}</h2>
<dl class="facts" aria-labelledby="notes">
<dt>${t.courierNote}</dt><dd>${order.courier_note ?? t.noneGiven}</dd>
<dt>${t.remark}</dt><dd>${order.remark ?? t.noneGiven}</dd>
</dl>
<h2>${t.history}</h2>
${
  order.history.length
    ? html`<table data-testid="history">
<caption>${t.historyCaption}</caption>
<thead><tr><th scope="col">${t.when}</th><th scope="col">${t.what}</th><th scope="col">${t.who}</th><th scope="col">${t.detail}</th></tr></thead>
<tbody>
${order.history.map((h) => html`<tr><td>${when(h.at, locale)}</td><td>${label(t.historyActions, h.action)}</td><td>${h.actor}</td><td>${h.detail ?? ''}</td></tr>`)}
</tbody>
</table>`
    : html`<p>${t.noHistory}</p>`
}`;
  return page(frame, { title: t.htmlTitleOrder(order.number), current: null, body });
}

/** 403 (signed in, not an operator) and 404 (no such order, action or page). */
export function messagePage(frame: PageFrame, kind: 'forbidden' | 'not_found'): string {
  const t = ADMIN_ORDERS_TEXTS[frame.locale];
  const title = kind === 'forbidden' ? t.forbiddenTitle : t.notFoundTitle;
  const text = kind === 'forbidden' ? t.forbiddenText : t.notFoundText;
  const body = html`<h1>${title}</h1>
<p>${text}</p>
<p>${kind === 'forbidden' ? html`<a href="/">${t.shop}</a>` : html`<a href="${ADMIN_ORDERS_PATH}">${t.backToList}</a>`}</p>`;
  return page(frame, { title, current: null, body });
}
