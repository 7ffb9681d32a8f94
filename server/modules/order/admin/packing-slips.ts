import type { OrderView } from '../../../../contract/api/order.js';
import { countryName } from '../../../../contract/countries.js';
import type { Locale } from '../../../../contract/locales.js';
import { formatEuro } from '../../../../contract/money.js';
import { A4, BRAND, newDocument, writeText } from '../../../platform/pdf/index.js';

/**
 * Packing slips (docs/admin.md 'Orders in the back office'): one A4 page per order for the parcel,
 * in the order's language: the order number and date, the delivery address and phone, the lines
 * (code, name as ordered, packs), the courier note, and for cash on delivery the amount the courier
 * collects. No prices besides that amount (the slip travels in the parcel).
 */

const LABELS: Record<
  Locale,
  {
    title: string;
    order: string;
    date: string;
    deliverTo: string;
    phone: string;
    code: string;
    product: string;
    quantity: string;
    courierNote: string;
    cod: string;
    packs: (n: number) => string;
  }
> = {
  hr: {
    title: 'Otpremnica',
    order: 'Narudžba',
    date: 'Datum',
    deliverTo: 'Dostava na adresu',
    phone: 'Telefon',
    code: 'Šifra',
    product: 'Proizvod',
    quantity: 'Kom.',
    courierNote: 'Napomena za dostavljača',
    cod: 'Pouzeće – naplatiti',
    packs: (n) => `Ukupno paketa: ${n}`,
  },
  en: {
    title: 'Packing slip',
    order: 'Order',
    date: 'Date',
    deliverTo: 'Deliver to',
    phone: 'Phone',
    code: 'Code',
    product: 'Product',
    quantity: 'Qty',
    courierNote: 'Note for the courier',
    cod: 'Cash on delivery – collect',
    packs: (n) => `Packs in all: ${n}`,
  },
  de: {
    title: 'Lieferschein',
    order: 'Bestellung',
    date: 'Datum',
    deliverTo: 'Lieferadresse',
    phone: 'Telefon',
    code: 'Artikelnr.',
    product: 'Produkt',
    quantity: 'Menge',
    courierNote: 'Hinweis für den Zusteller',
    cod: 'Nachnahme – zu kassieren',
    packs: (n) => `Packungen insgesamt: ${n}`,
  },
  sl: {
    title: 'Dobavnica',
    order: 'Naročilo',
    date: 'Datum',
    deliverTo: 'Naslov za dostavo',
    phone: 'Telefon',
    code: 'Šifra',
    product: 'Izdelek',
    quantity: 'Kol.',
    courierNote: 'Opomba za dostavljavca',
    cod: 'Plačilo po povzetju – pobrati',
    packs: (n) => `Paketov skupaj: ${n}`,
  },
};

/** What one slip prints, every text already in the order's language (unit-tested: `packing-slips.spec.ts`). */
export interface PackingSlip {
  locale: Locale;
  title: string;
  number: string;
  heading: string;
  date: string;
  deliverTo: { label: string; lines: string[] };
  phone: string;
  columns: { code: string; product: string; quantity: string };
  lines: Array<{ code: string; name: string; quantity: number }>;
  packs: string;
  courierNote: { label: string; text: string } | null;
  cod: { label: string; amount: string } | null;
}

/** The day in Zagreb, as the order's language writes it (e.g. 29. 11. 2026. / 29/11/2026). */
function zagrebDay(iso: string, locale: Locale): string {
  const tag = { hr: 'hr-HR', en: 'en-GB', de: 'de-DE', sl: 'sl-SI' }[locale];
  return new Intl.DateTimeFormat(tag, { timeZone: 'Europe/Zagreb', day: 'numeric', month: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );
}

export function packingSlip(order: OrderView): PackingSlip {
  const locale = order.locale;
  const t = LABELS[locale];
  const a = order.delivery_address;
  const packs = order.lines.reduce((s, l) => s + l.quantity, 0);
  return {
    locale,
    title: t.title,
    number: order.number,
    heading: `${t.order} ${order.number}`,
    date: `${t.date}: ${zagrebDay(order.placed_at, locale)}`,
    deliverTo: {
      label: t.deliverTo,
      lines: [`${a.first_name} ${a.last_name}`.trim(), a.street, `${a.postal_code} ${a.city}`, countryName(a.country, locale)].filter(
        Boolean,
      ),
    },
    phone: `${t.phone}: ${order.phone}`,
    columns: { code: t.code, product: t.product, quantity: t.quantity },
    lines: order.lines.map((l) => ({ code: l.product_code, name: l.name, quantity: l.quantity })),
    packs: t.packs(packs),
    courierNote: order.courier_note ? { label: t.courierNote, text: order.courier_note } : null,
    cod: order.payment_method === 'cod' ? { label: t.cod, amount: formatEuro(order.total, locale) } : null,
  };
}

const M = { left: 48, right: 48, top: 52 };
const W = A4.width - M.left - M.right;

/** The slips as one PDF, a page each, in the order given. */
export async function packingSlipsPdf(slips: readonly PackingSlip[], createdAt: Date): Promise<Buffer> {
  const { doc, bytes } = newDocument({
    title: slips.length === 1 ? `${slips[0].title} ${slips[0].number}` : `${slips[0]?.title ?? 'Otpremnice'} (${slips.length})`,
    author: 'Zlatno zrno',
    subject: slips.map((s) => s.number).join(', '),
    lang: slips[0]?.locale ?? 'hr',
    createdAt,
  });
  for (const s of slips) {
    doc.addPage();
    let y = writeText(doc, 'heading', 20, s.title, { x: M.left, y: M.top, width: W / 2, color: BRAND.ink });
    writeText(doc, 'text-bold', 14, s.heading, { x: M.left + W / 2, y: M.top + 4, width: W / 2, align: 'right', color: BRAND.ink });
    writeText(doc, 'text', 10, s.date, { x: M.left + W / 2, y: M.top + 24, width: W / 2, align: 'right', color: BRAND.muted });
    y += 18;
    y = writeText(doc, 'text-bold', 10, s.deliverTo.label, { x: M.left, y, width: W, color: BRAND.muted });
    y = writeText(doc, 'text', 13, s.deliverTo.lines.join('\n'), { x: M.left, y: y + 2, width: W, color: BRAND.ink, lineGap: 2 });
    y = writeText(doc, 'text', 11, s.phone, { x: M.left, y: y + 4, width: W, color: BRAND.ink });
    if (s.cod) {
      y += 12;
      doc.rect(M.left, y, W, 34).lineWidth(1.5).strokeColor(BRAND.red).stroke();
      writeText(doc, 'text-bold', 13, `${s.cod.label}: ${s.cod.amount}`, { x: M.left + 10, y: y + 10, width: W - 20, color: BRAND.red });
      y += 34;
    }
    y += 18;
    const codeW = 110;
    const qtyW = 50;
    const nameW = W - codeW - qtyW;
    writeText(doc, 'text-bold', 10, s.columns.code, { x: M.left, y, width: codeW, color: BRAND.muted });
    writeText(doc, 'text-bold', 10, s.columns.product, { x: M.left + codeW, y, width: nameW, color: BRAND.muted });
    y = writeText(doc, 'text-bold', 10, s.columns.quantity, {
      x: M.left + codeW + nameW,
      y,
      width: qtyW,
      align: 'right',
      color: BRAND.muted,
    });
    doc
      .moveTo(M.left, y + 2)
      .lineTo(M.left + W, y + 2)
      .lineWidth(0.5)
      .strokeColor(BRAND.line)
      .stroke();
    y += 6;
    for (const l of s.lines) {
      if (y > A4.height - 120) {
        doc.addPage();
        y = M.top;
      }
      writeText(doc, 'text', 11, l.code, { x: M.left, y, width: codeW, color: BRAND.ink });
      const nameEnd = writeText(doc, 'text', 11, l.name, { x: M.left + codeW, y, width: nameW - 8, color: BRAND.ink });
      writeText(doc, 'text-bold', 12, String(l.quantity), { x: M.left + codeW + nameW, y, width: qtyW, align: 'right', color: BRAND.ink });
      y = nameEnd + 4;
    }
    doc
      .moveTo(M.left, y)
      .lineTo(M.left + W, y)
      .lineWidth(0.5)
      .strokeColor(BRAND.line)
      .stroke();
    y = writeText(doc, 'text-bold', 11, s.packs, { x: M.left, y: y + 6, width: W, align: 'right', color: BRAND.ink });
    if (s.courierNote) {
      y = writeText(doc, 'text-bold', 10, s.courierNote.label, { x: M.left, y: y + 16, width: W, color: BRAND.muted });
      writeText(doc, 'text', 12, s.courierNote.text, { x: M.left, y: y + 2, width: W, color: BRAND.ink });
    }
  }
  doc.end();
  return bytes;
}
