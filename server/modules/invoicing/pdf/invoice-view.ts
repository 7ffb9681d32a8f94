import { countryName } from '../../../../contract/countries.js';
import type { Locale } from '../../../../contract/locales.js';
import { divideHalfUp, formatEuro, formatIban } from '../../../../contract/money.js';
import { SERVER_TEXTS, type ServerTexts } from '../../../platform/i18n/index.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { fiscalQrUrl } from './fiscal-qr.js';
import { formatInvoiceDateTime } from './zagreb-time.js';

/**
 * What an invoice prints, worked out once from its `InvoiceDocument` (pure): the PDF and the
 * operator's HTML view both lay out this, so they cannot say different things. Every label is Croatian
 * with the buyer's language beside it (`Bilingual`) when the buyer's language is not Croatian and the
 * words differ; amounts and dates are written the Croatian way (`1.234,56`, `14.07.2026. 10:05:09`)
 * in both languages, since the invoice is a Croatian document.
 */
export interface Bilingual {
  hr: string;
  /** The buyer's language, or null when it is Croatian or says the same. */
  other: string | null;
}

export interface LabelledValue {
  label: Bilingual;
  value: string;
}

export type ColumnKey = 'code' | 'name' | 'quantity' | 'unit' | 'netPrice' | 'price' | 'vatRate' | 'amount';

export interface InvoiceView {
  /** The buyer's language (the second language of every label, unless `hr`). */
  locale: Locale;
  kind: InvoiceDocument['kind'];
  title: Bilingual;
  number: string;
  /** A storno: the invoice it cancels. */
  stornoOf: Bilingual | null;
  seller: { heading: Bilingual; name: string; lines: string[] };
  buyer: { heading: Bilingual; name: string; lines: string[] };
  details: LabelledValue[];
  columns: Array<{ key: ColumnKey; label: Bilingual; align: 'left' | 'right' }>;
  rows: Array<Record<ColumnKey, string>>;
  /** Goods, discount, delivery, base, VAT and the total (the last one, `strong`). */
  totals: Array<LabelledValue & { strong?: boolean }>;
  vatRecap: { heading: Bilingual; columns: Bilingual[]; rows: string[][] };
  fiscal: {
    zki: LabelledValue;
    jir: LabelledValue;
    /** No JIR yet: the invoice was issued while CIS could not be reached (law art. 21). */
    pendingNote: Bilingual | null;
    qrUrl: string;
    qrNote: Bilingual;
  };
  notes: Bilingual[];
  /** The company-law data of the seller (name, seat, court, MBS, OIB, capital, bank), on every page. */
  footer: string;
  page(n: number, total: number): Bilingual;
  /** The PDF's title and subject line. */
  documentTitle: string;
}

type PdfTexts = ServerTexts['invoicing']['pdf'];

const textsOf = (locale: Locale): PdfTexts => SERVER_TEXTS[locale].invoicing.pdf;

/** `{name}` placeholders filled from `values`. */
function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** `1.234,56` from cents (Croatian digits, sign kept). */
export function formatAmount(cents: number): string {
  return formatEuro(cents, 'hr').replace(/\s€$/, '');
}

/** `1.234,56 EUR`. */
export function formatMoney(cents: number): string {
  return `${formatAmount(cents)} EUR`;
}

/** `25 %`, `5,5 %`. */
export function formatRate(rate: number): string {
  return `${String(rate).replace('.', ',')} %`;
}

/** Bilingual text as one line: `Račun / Invoice`, or `Račun` alone. */
export function joined(text: Bilingual, separator = ' / '): string {
  return text.other ? `${text.hr}${separator}${text.other}` : text.hr;
}

/** The gross unit price without its VAT, to the cent (half up): what the VAT act asks a line to show. */
function netOfGross(gross: number, rate: number): number {
  const sign = gross < 0 ? -1 : 1;
  return sign * divideHalfUp(Math.abs(gross) * 10_000, Math.round((100 + rate) * 100));
}

export function invoiceView(doc: InvoiceDocument): InvoiceView {
  const { locale } = doc;
  const hr = textsOf('hr');
  const own = textsOf(locale);
  const bi = (pick: (t: PdfTexts) => string, values?: Record<string, string | number>): Bilingual => {
    const a = fill(pick(hr), values);
    const b = locale === 'hr' ? null : fill(pick(own), values);
    return { hr: a, other: b === null || b === a ? null : b };
  };
  const country = (code: string): string => {
    const a = countryName(code, 'hr');
    const b = locale === 'hr' ? a : countryName(code, locale);
    return a === b ? a : `${a} / ${b}`;
  };
  const storno = doc.kind === 'storno';
  const s = doc.seller;
  const b = doc.buyer;

  const buyerLines = [b.street, `${b.postalCode} ${b.city}`, country(b.countryCode)];
  if (b.kind === 'business' && b.taxId) buyerLines.push(`${joined(bi((t) => (/^\d{11}$/.test(b.taxId!) ? t.oib : t.vatId)))}: ${b.taxId}`);

  const method = bi((t) => t.methods[doc.paymentMethod]);
  const cis = bi((t) => t.cisPayment[doc.cisPaymentCode]);
  const capital = (text: string) => text.charAt(0).toLocaleUpperCase('hr') + text.slice(1);
  // The law's mark (art. 7: banknotes, card, transfer, other) first; the shop's method beside it when it says more.
  const sameMethod = doc.paymentMethod === 'card' && doc.cisPaymentCode === 'K';
  const payment = sameMethod ? capital(joined(cis)) : `${capital(joined(cis))} (${joined(method)})`;

  const unitOf = (code: string): string => {
    const a = (hr.units as Record<string, string>)[code];
    const o = (own.units as Record<string, string>)[code];
    if (a === undefined) return code;
    return o === undefined || o === a ? a : `${a} / ${o}`;
  };

  const goods = doc.lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const totals: InvoiceView['totals'] = [{ label: bi((t) => t.goods), value: formatAmount(goods) }];
  if (doc.discount !== 0) totals.push({ label: bi((t) => t.discount), value: formatAmount(-doc.discount) });
  if (doc.delivery !== 0)
    totals.push({ label: bi((t) => t.delivery, { rate: formatRate(doc.deliveryVatRate) }), value: formatAmount(doc.delivery) });
  totals.push(
    { label: bi((t) => t.totalBase), value: formatAmount(doc.vatBase) },
    { label: bi((t) => t.totalVat), value: formatAmount(doc.vatTotal) },
    { label: bi((t) => (storno ? t.stornoTotal : t.total)), value: formatMoney(doc.total), strong: true },
  );

  const notes: Bilingual[] = [];
  const discountSplit = doc.discountByRate
    .filter((d) => d.gross !== 0)
    .map((d) => `${formatRate(d.rate)}: ${formatMoney(d.gross)}`)
    .join('; ');
  notes.push(doc.discount !== 0 && discountSplit ? bi((t) => t.pricesNote, { split: discountSplit }) : bi((t) => t.pricesNoteNoDiscount));
  if (!s.inVatSystem) notes.push(bi((t) => t.notInVat));

  const issued = formatInvoiceDateTime(doc.issuedAt);
  const title = bi((t) => (storno ? t.stornoTitle : t.title));
  return {
    locale,
    kind: doc.kind,
    title,
    number: doc.number,
    stornoOf: doc.stornoOf
      ? bi((t) => t.stornoOf, { number: doc.stornoOf!.number, date: formatInvoiceDateTime(doc.stornoOf!.issuedAt) })
      : null,
    seller: {
      heading: bi((t) => t.seller),
      name: s.legalName,
      lines: [
        s.street,
        `${s.postalCode} ${s.city}`,
        country(s.countryCode),
        `${hr.oib}: ${s.oib} · ${hr.vatId}: ${s.vatId}`,
        `${hr.iban}: ${formatIban(s.iban)}`,
        `${joined(bi((t) => t.bank))}: ${s.bank}`,
        `${s.email} · ${s.phone}`,
      ],
    },
    buyer: { heading: bi((t) => t.buyer), name: b.name, lines: buyerLines },
    details: [
      { label: bi((t) => t.number), value: doc.number },
      { label: bi((t) => t.issuedAt), value: issued },
      { label: bi((t) => t.place), value: s.city },
      { label: bi((t) => t.operator), value: doc.operator.mark },
      { label: bi((t) => t.order), value: doc.orderNumber },
      { label: bi((t) => t.payment), value: payment },
    ],
    columns: [
      { key: 'code', label: bi((t) => t.columns.code), align: 'left' },
      { key: 'name', label: bi((t) => t.columns.name), align: 'left' },
      { key: 'quantity', label: bi((t) => t.columns.quantity), align: 'right' },
      { key: 'unit', label: bi((t) => t.columns.unit), align: 'left' },
      { key: 'netPrice', label: bi((t) => t.columns.netPrice), align: 'right' },
      { key: 'price', label: bi((t) => t.columns.price), align: 'right' },
      { key: 'vatRate', label: bi((t) => t.columns.vatRate), align: 'right' },
      { key: 'amount', label: bi((t) => t.columns.amount), align: 'right' },
    ],
    rows: doc.lines.map((l) => ({
      code: l.code,
      name: l.name,
      quantity: String(l.quantity).replace('.', ','),
      unit: unitOf(l.unitCode),
      netPrice: formatAmount(netOfGross(l.unitPrice, l.vatRate)),
      price: formatAmount(l.unitPrice),
      vatRate: formatRate(l.vatRate),
      amount: formatAmount(l.lineTotal),
    })),
    totals,
    vatRecap: {
      heading: bi((t) => t.vatRecap),
      columns: [bi((t) => t.rate), bi((t) => t.base), bi((t) => t.vat), bi((t) => t.gross)],
      rows: doc.vatByRate.map((r) => [formatRate(r.rate), formatAmount(r.base), formatAmount(r.vat), formatAmount(r.base + r.vat)]),
    },
    fiscal: {
      zki: { label: bi((t) => t.zki), value: doc.zki },
      jir: { label: bi((t) => t.jir), value: doc.jir ?? joined(bi((t) => t.jirPending)) },
      pendingNote: doc.jir === null ? bi((t) => t.pendingNote) : null,
      qrUrl: fiscalQrUrl(doc),
      qrNote: bi((t) => t.qrNote),
    },
    notes,
    footer: [
      s.legalName,
      `${s.street}, ${s.postalCode} ${s.city}`,
      `${hr.oib} ${s.oib}`,
      fill(hr.registry, { court: s.registryCourt, mbs: s.mbs }),
      fill(hr.shareCapital, { amount: formatMoney(s.shareCapitalCents) }),
      `${hr.iban} ${formatIban(s.iban)}, ${s.bank}`,
    ].join(' · '),
    page: (n, total) => bi((t) => t.page, { n, total }),
    documentTitle: `${title.hr} ${doc.number}`,
  };
}
