import {
  INVOICE_KINDS,
  adminInvoicePaths,
  type AdminInvoiceDetail,
  type AdminInvoiceList,
  type AdminInvoiceRow,
  type InvoiceBook,
} from '../../../../../contract/api/admin-invoices.js';
import { FISCAL_STATES } from '../../../../../contract/api/invoices.js';
import type { Locale } from '../../../../../contract/locales.js';
import { formatEuro } from '../../../../../contract/money.js';
import { adminPage, adminTexts, label, pagination, when, type PageFrame } from '../../../../platform/http/admin-page.js';
import { html, raw, type Html } from '../../../../platform/http/html.js';
import { formatInvoiceDateTime, INVOICE_HTML_STYLE } from '../../pdf/index.js';
import { ADMIN_INVOICES_TEXTS, type AdminInvoicesTexts } from './admin-invoices.texts.js';

export const ADMIN_INVOICES_PATH = '/admin/invoices';
export const EXPORT_PATH = `${ADMIN_INVOICES_PATH}/export`;
export const BOOK_PATH = `${ADMIN_INVOICES_PATH}/book`;

/** The filters the list shows in its form (valid values only; the page never echoes an invalid one). */
export interface InvoiceListFilters {
  fiscal_state?: string;
  kind?: string;
  q?: string;
  month?: string;
}

export type InvoiceAction = 'retry' | 'storno';

/** A form's state after a refusal: which action, the message, what was typed. */
export interface InvoiceActionError {
  action: InvoiceAction;
  message: string;
  amount?: string;
  reason?: string;
}

/** The query string of the list for these filters and page (empty values left out). */
export function invoiceListHref(filters: InvoiceListFilters, pageNumber?: number): string {
  const params = new URLSearchParams();
  for (const key of ['fiscal_state', 'kind', 'q', 'month'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (pageNumber && pageNumber > 1) params.set('page', String(pageNumber));
  const query = params.toString();
  return query ? `${ADMIN_INVOICES_PATH}?${query}` : ADMIN_INVOICES_PATH;
}

/** The fiscal state in words, with a colour class that never carries the meaning alone. */
export function fiscalStateText(row: AdminInvoiceRow, locale: Locale): { cls: 'ok' | 'wait' | 'err'; text: string } {
  const t = ADMIN_INVOICES_TEXTS[locale];
  if (row.fiscal_state === 'fiscalized') return { cls: 'ok', text: t.fill('stateFiscalized', { jir: row.jir ?? '' }) };
  if (row.fiscal_state === 'rejected')
    return { cls: 'err', text: row.last_error ? t.fill('stateRejected', { error: row.last_error }) : t.stateRejectedNoError };
  if (row.attempts === 0 || !row.next_attempt_at) return { cls: 'wait', text: t.statePendingNew };
  return { cls: 'wait', text: t.fill('statePending', { attempt: row.attempts, next: when(row.next_attempt_at, locale) }) };
}

function stateBadge(row: AdminInvoiceRow, locale: Locale): Html {
  const t = ADMIN_INVOICES_TEXTS[locale];
  const s = fiscalStateText(row, locale);
  return html`<span class="state ${s.cls}" data-state="${row.fiscal_state}">${s.text}${row.overdue ? html`<span class="hint">${t.overdue}</span>` : ''}</span>`;
}

function options(values: readonly string[], labels: Record<string, string>, selected: string | undefined, any: string): Html {
  return html`<option value="">${any}</option>${values.map(
    (v) => html`<option value="${v}"${v === selected ? raw(' selected') : ''}>${labels[v] ?? v}</option>`,
  )}`;
}

function fileLinks(t: AdminInvoicesTexts, row: { id: string; buyer_kind: string }): Html {
  return html`<ul class="links">
<li><a href="${adminInvoicePaths.pdf(row.id)}">${t.files_pdf}</a></li>
${row.buyer_kind === 'business' ? html`<li><a href="${adminInvoicePaths.ubl(row.id)}">${t.files_ubl}</a></li>` : ''}
<li><a href="${adminInvoicePaths.html(row.id)}">${t.files_html}</a></li>
</ul>`;
}

function subNav(t: AdminInvoicesTexts, current: 'list' | 'export' | 'book'): Html {
  const item = (key: typeof current, href: string, text: string) =>
    html`<li><a href="${href}"${key === current ? raw(' aria-current="page"') : ''}>${text}</a></li>`;
  return html`<nav aria-label="${t.heading}"><ul class="links">
${item('list', ADMIN_INVOICES_PATH, t.heading)}
${item('export', EXPORT_PATH, t.exportNav)}
${item('book', BOOK_PATH, t.bookNav)}
</ul></nav>`;
}

function overdueBanner(t: AdminInvoicesTexts, count: number): Html | '' {
  if (count <= 0) return '';
  return html`<div class="notice err" role="alert" data-testid="overdue-banner">${t.fill('overdueBanner', { count })} <a href="${invoiceListHref({ fiscal_state: 'pending' })}">${t.showOverdue}</a></div>`;
}

/** GET /admin/invoices */
export function invoiceListPage(
  frame: PageFrame,
  data: { list: AdminInvoiceList; filters: InvoiceListFilters; invalidFilters: boolean },
): string {
  const { locale } = frame;
  const t = ADMIN_INVOICES_TEXTS[locale];
  const { list, filters } = data;
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  const body = html`<h1>${t.heading}</h1>
${subNav(t, 'list')}
${overdueBanner(t, list.overdue)}
<form class="filters" method="get" action="${ADMIN_INVOICES_PATH}" role="search" aria-label="${t.filters}">
<fieldset>
<legend class="skip">${t.filters}</legend>
<div><label for="f-state">${t.fiscalState}</label>
<select id="f-state" name="fiscal_state">${options(FISCAL_STATES, t.fiscalStates, filters.fiscal_state, t.any)}</select></div>
<div><label for="f-kind">${t.kind}</label>
<select id="f-kind" name="kind">${options(INVOICE_KINDS, t.kinds, filters.kind, t.any)}</select></div>
<div><label for="f-month">${t.month} <span class="hint" id="f-month-hint">${t.monthHint}</span></label>
<input type="month" id="f-month" name="month" value="${filters.month ?? ''}" aria-describedby="f-month-hint"></div>
<div><label for="f-q">${t.search}</label>
<input type="search" id="f-q" name="q" value="${filters.q ?? ''}" maxlength="64"></div>
<div><button type="submit">${t.apply}</button></div>
<div><a href="${ADMIN_INVOICES_PATH}">${t.reset}</a></div>
</fieldset>
</form>
${data.invalidFilters ? html`<div class="notice err" role="alert">${t.badFilter}</div>` : ''}
<p role="status" data-testid="invoice-count">${list.total === 0 ? t.none : list.total === 1 ? t.foundOne : t.fill('foundMany', { count: list.total })}</p>
${
  list.invoices.length
    ? html`<table class="cards" data-testid="invoices">
<caption>${t.fill('tableCaption', { page: list.page, pages })}</caption>
<thead><tr>
<th scope="col">${t.number}</th><th scope="col">${t.issuedAt}</th><th scope="col">${t.order}</th><th scope="col">${t.buyer}</th>
<th scope="col" class="num">${t.total}</th><th scope="col">${t.method}</th><th scope="col">${t.state}</th><th scope="col">${t.files}</th>
</tr></thead>
<tbody>
${list.invoices.map(
  (r) => html`<tr data-invoice="${r.number}">
<th scope="row"><a href="${ADMIN_INVOICES_PATH}/${r.id}">${r.number}</a>${r.kind === 'storno' ? html`<br><span class="hint">${t.kinds.storno} ${r.storno_of ?? ''}</span>` : ''}</th>
<td data-label="${t.issuedAt}">${when(r.issued_at, locale)}</td>
<td data-label="${t.order}"><a href="/admin/orders/${r.order_number}">${r.order_number}</a></td>
<td data-label="${t.buyer}">${r.buyer_name}${r.buyer_tax_id ? html`<br><span class="hint">${r.buyer_tax_id}</span>` : ''}</td>
<td data-label="${t.total}" class="num">${formatEuro(r.total, locale)}</td>
<td data-label="${t.method}">${label(t.paymentMethods, r.payment_method)} (${r.cis_payment_code})</td>
<td data-label="${t.state}">${stateBadge(r, locale)}</td>
<td data-label="${t.files}">${fileLinks(t, r)}</td>
</tr>`,
)}
</tbody>
</table>`
    : ''
}
${pagination(locale, list.page, pages, (n) => invoiceListHref(filters, n))}`;
  return adminPage(frame, { title: t.htmlTitleList, current: 'invoices', body });
}

function euroInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

function actionForms(
  t: AdminInvoicesTexts,
  d: AdminInvoiceDetail,
  locale: Locale,
  csrfToken: string,
  error?: InvoiceActionError,
  mayStorno = true,
): Html {
  const forms: Html[] = [];
  if (d.jir === null) {
    const err = error?.action === 'retry' ? error : undefined;
    forms.push(html`<form method="post" action="${ADMIN_INVOICES_PATH}/${d.id}/retry" data-action="retry" aria-labelledby="a-retry-button">
<input type="hidden" name="_csrf" value="${csrfToken}">
<p class="hint" id="a-retry-hint">${t.retryHint}</p>
${err ? html`<p class="field-error" id="a-retry-error">${err.message}</p>` : ''}
<button type="submit" id="a-retry-button" aria-describedby="a-retry-hint">${t.retry}</button>
</form>`);
  }
  if (mayStorno && d.kind === 'invoice' && d.left_to_reverse > 0) {
    const err = error?.action === 'storno' ? error : undefined;
    const described = err ? ' a-storno-error' : '';
    forms.push(html`<form method="post" action="${ADMIN_INVOICES_PATH}/${d.id}/storno" data-action="storno" aria-labelledby="a-storno-button">
<input type="hidden" name="_csrf" value="${csrfToken}">
<label for="a-storno-amount">${t.stornoAmount} <span class="hint" id="a-storno-amount-hint">${t.fill('stornoAmountHint', { left: formatEuro(d.left_to_reverse, locale) })}</span></label>
<input type="text" inputmode="decimal" id="a-storno-amount" name="amount" autocomplete="off" placeholder="${euroInput(d.left_to_reverse)}" value="${err?.amount ?? ''}" aria-describedby="a-storno-amount-hint${described}">
<label for="a-storno-reason">${t.stornoReason}</label>
<input type="text" id="a-storno-reason" name="reason" required maxlength="300" value="${err?.reason ?? ''}"${err ? raw(' aria-describedby="a-storno-error"') : ''}>
<label class="check" for="a-storno-confirm"><input type="checkbox" id="a-storno-confirm" name="confirm" value="yes" required> <span>${t.stornoConfirm}</span></label>
${err ? html`<p class="field-error" id="a-storno-error">${err.message}</p>` : ''}
<button type="submit" id="a-storno-button" class="danger">${t.storno}</button>
</form>`);
  }
  return forms.length ? html`<div class="actions">${forms}</div>` : html`<p>—</p>`;
}

/** GET /admin/invoices/{id}: the facts, the actions, the attempts at CIS and the invoice itself (`view`: InvoiceFiles.html, escaped markup of pdf/, with its INVOICE_HTML_STYLE). */
export function invoiceDetailPage(
  frame: PageFrame,
  data: {
    invoice: AdminInvoiceDetail;
    view: string;
    csrfToken: string;
    notice?: InvoiceAction;
    error?: InvoiceActionError;
    /** whether the operator's role may make a storno (docs/admin.md 'Roles': admin only); default yes */
    mayStorno?: boolean;
  },
): string {
  const { locale } = frame;
  const t = ADMIN_INVOICES_TEXTS[locale];
  const d = data.invoice;
  const heading = t.fill(d.kind === 'storno' ? 'stornoHeading' : 'invoiceHeading', { number: d.number });
  const body = html`<p><a href="${ADMIN_INVOICES_PATH}">← ${t.backToList}</a></p>
<h1>${heading}</h1>
${data.notice ? html`<div class="notice ok" role="status" data-testid="notice">${data.notice === 'retry' ? t.doneRetry : t.doneStorno}</div>` : html`<div role="status" data-testid="notice"></div>`}
${data.error ? html`<div class="notice err" role="alert" data-testid="error">${data.error.message}</div>` : ''}
<h2 id="summary">${t.summary}</h2>
<dl class="facts" aria-labelledby="summary">
<dt>${t.state}</dt><dd data-testid="fiscal-state">${stateBadge(d, locale)}</dd>
<dt>${t.kind}</dt><dd>${label(t.kinds, d.kind)}</dd>
${d.storno_of ? html`<dt>${t.stornoOf}</dt><dd>${d.storno_of}</dd>` : ''}
<dt>${t.issuedAt}</dt><dd>${formatInvoiceDateTime(new Date(d.issued_at))}</dd>
<dt>${t.order}</dt><dd><a href="/admin/orders/${d.order_number}">${d.order_number}</a></dd>
<dt>${t.buyer}</dt><dd>${d.buyer_name}</dd>
${d.buyer_tax_id ? html`<dt>${t.buyerTaxId}</dt><dd>${d.buyer_tax_id}</dd>` : ''}
<dt>${t.total}</dt><dd>${formatEuro(d.total, locale)}</dd>
<dt>${t.method}</dt><dd>${label(t.paymentMethods, d.payment_method)}</dd>
<dt>${t.paymentCode}</dt><dd>${d.cis_payment_code}</dd>
<dt>${t.jir}</dt><dd class="mono" data-testid="jir">${d.jir ?? '—'}</dd>
<dt>${t.zki}</dt><dd class="mono">${d.zki}</dd>
${d.kind === 'invoice' ? html`<dt>${t.leftToReverse}</dt><dd data-testid="left">${formatEuro(d.left_to_reverse, locale)}</dd>` : ''}
<dt>${t.files}</dt><dd>${fileLinks(t, d)}</dd>
</dl>
<h2 id="actions">${t.actions}</h2>
${actionForms(t, d, locale, data.csrfToken, data.error, data.mayStorno ?? true)}
<h2>${t.attempts}</h2>
${
  d.attempts_log.length
    ? html`<table class="cards" data-testid="attempts">
<caption>${t.attemptsCaption}</caption>
<thead><tr><th scope="col">${t.attempt}</th><th scope="col">${t.messageId}</th><th scope="col">${t.sentAt}</th><th scope="col">${t.lateDelivery}</th><th scope="col">${t.outcome}</th><th scope="col">${t.error}</th><th scope="col">${t.answeredAt}</th></tr></thead>
<tbody>
${d.attempts_log.map(
  (a) => html`<tr><th scope="row">${a.attempt}</th>
<td data-label="${t.messageId}" class="mono">${a.message_id}</td>
<td data-label="${t.sentAt}">${when(a.sent_at, locale)}</td>
<td data-label="${t.lateDelivery}">${a.late_delivery ? t.yes : t.no}</td>
<td data-label="${t.outcome}">${a.outcome ? label(t.outcomes, a.outcome) : t.noAnswer}${a.jir ? html`<br><span class="mono">${a.jir}</span>` : ''}</td>
<td data-label="${t.error}">${[a.error_code, a.error_message].filter(Boolean).join(': ')}</td>
<td data-label="${t.answeredAt}">${a.answered_at ? when(a.answered_at, locale) : ''}</td></tr>`,
)}
</tbody>
</table>`
    : html`<p>${t.noAttempts}</p>`
}
<h2 id="view">${t.viewHeading}</h2>
<div class="invoice-view" data-testid="invoice-view">${raw(data.view)}</div>`;
  return adminPage(frame, {
    title: t.fill('htmlTitleInvoice', { number: d.number }),
    current: 'invoices',
    body,
    style: INVOICE_HTML_STYLE,
  });
}

/** GET /admin/invoices/export: the month form; the CSV comes from the API. */
export function exportPage(frame: PageFrame, data: { month: string; invalid: boolean }): string {
  const t = ADMIN_INVOICES_TEXTS[frame.locale];
  const body = html`<h1>${t.exportHeading}</h1>
${subNav(t, 'export')}
<p>${t.exportText}</p>
${data.invalid ? html`<div class="notice err" role="alert">${t.badFilter}</div>` : ''}
<form class="filters" method="get" action="/api/admin/invoices/export.csv">
<div><label for="e-month">${t.month} <span class="hint" id="e-month-hint">${t.monthHint}</span></label>
<input type="month" id="e-month" name="month" required value="${data.month}" aria-describedby="e-month-hint"></div>
<div><button type="submit">${t.download}</button></div>
</form>`;
  return adminPage(frame, { title: t.htmlTitleExport, current: 'invoices', body });
}

/** GET /admin/invoices/book?year=: every number of the year per premise (and device), gaps listed where they are. */
export function bookPage(frame: PageFrame, data: { book: InvoiceBook; invalid: boolean }): string {
  const { locale } = frame;
  const t = ADMIN_INVOICES_TEXTS[locale];
  const { book } = data;
  const body = html`<h1>${t.fill('bookHeading', { year: book.year })}</h1>
${subNav(t, 'book')}
${data.invalid ? html`<div class="notice err" role="alert">${t.badFilter}</div>` : ''}
<form class="filters" method="get" action="${BOOK_PATH}">
<div><label for="b-year">${t.year}</label>
<input type="number" id="b-year" name="year" min="2000" max="2999" required value="${book.year}"></div>
<div><button type="submit">${t.show}</button></div>
</form>
${book.sequences.length === 0 ? html`<p role="status">${t.noInvoicesYear}</p>` : ''}
${book.sequences.map((s) => {
  const scope = s.device ? `${t.premise} ${s.premise}, ${t.device} ${s.device}` : `${t.premise} ${s.premise} (${t.perPremise})`;
  return html`<section data-sequence="${s.premise}${s.device ? `/${s.device}` : ''}">
<h2>${scope}</h2>
${
  s.gaps === 0
    ? html`<p class="notice ok" data-testid="gapless">${t.fill('gapless', { count: s.count })}</p>`
    : html`<p class="notice err" role="alert" data-testid="gaps">${t.fill('withGaps', { gaps: s.gaps })}</p>`
}
<table class="cards">
<caption>${t.fill('sequenceCaption', { premise: scope })}</caption>
<thead><tr><th scope="col">${t.sequence}</th><th scope="col">${t.number}</th><th scope="col">${t.date}</th><th scope="col">${t.kindLabel}</th><th scope="col" class="num">${t.total}</th><th scope="col">${t.jir}</th></tr></thead>
<tbody>
${s.entries.map((e) =>
  e.type === 'gap'
    ? html`<tr class="gap" data-gap="${e.from}-${e.to}"><td colspan="6"><strong class="field-error">${e.from === e.to ? t.fill('gapOne', { from: e.from }) : t.fill('gap', { from: e.from, to: e.to })}</strong></td></tr>`
    : html`<tr><th scope="row">${e.sequence}</th><td data-label="${t.number}">${e.number}</td><td data-label="${t.date}">${formatInvoiceDateTime(new Date(e.issued_at))}</td><td data-label="${t.kindLabel}">${label(t.kinds, e.kind)}</td><td data-label="${t.total}" class="num">${formatEuro(e.total, locale)}</td><td data-label="${t.jir}" class="mono">${e.jir ?? '—'}</td></tr>`,
)}
</tbody>
<tfoot><tr><th scope="row" colspan="4">${t.total}</th><td class="num">${formatEuro(s.total, locale)}</td><td></td></tr></tfoot>
</table>
</section>`;
})}`;
  return adminPage(frame, { title: t.fill('htmlTitleBook', { year: book.year }), current: 'invoices', body });
}

/** 403 (signed in, not an operator) and 404 (no such invoice or page). */
export function invoiceMessagePage(frame: PageFrame, kind: 'forbidden' | 'not_found'): string {
  const t = ADMIN_INVOICES_TEXTS[frame.locale];
  const title = kind === 'forbidden' ? t.forbiddenTitle : t.notFoundTitle;
  const body = html`<h1>${title}</h1>
<p>${kind === 'forbidden' ? t.forbiddenText : t.notFoundText}</p>
<p>${kind === 'forbidden' ? html`<a href="/">${adminTexts(frame.locale).shop}</a>` : html`<a href="${ADMIN_INVOICES_PATH}">${t.backToList}</a>`}</p>`;
  return adminPage(frame, { title, current: null, body });
}
