import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { OrderView } from '../../contract/api/order.js';
import { company } from '../../contract/brand/company.js';
import { formatEuro, vatOfGross } from '../../contract/money.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../contract/orders.js';
import {
  loadMailTranslations,
  MAIL_LOCALES,
  MissingTranslationError,
  previewPropsOf,
  renderMail,
  type MailLocale,
  type MailTranslations,
  type RenderedMail,
  type TemplateName,
  type TemplateProps,
} from '../render.js';
import { previewOrder } from './order-preview.js';

/**
 * What the order mails must say, beyond what render.spec.tsx checks of every template (subject,
 * links, call to action first, legal line, language): the order's lines, money as contract/money.ts
 * writes it, VAT per rate, payment, addresses, R1 data, notes, and what each mail is for.
 */
const PUBLIC_URL = 'https://shop.example.hr';
const ORDER_URL = `${PUBLIC_URL}/placanje-uspjesno?order=ZZ-2026-000123&token=v1ew`;
const ORDER_TEMPLATES = [
  'order-confirmation',
  'payment-not-completed',
  'order-shipped',
  'new-order-notice',
  'order-paid-notice',
  'order-cancelled',
  'order-expired',
  'order-refunded',
] as const satisfies readonly TemplateName[];
const ORDER_SECTIONS = [
  'order',
  'orderConfirmation',
  'paymentNotCompleted',
  'orderShipped',
  'newOrderNotice',
  'orderPaidNotice',
  'orderCancelled',
  'orderExpired',
  'orderRefunded',
];

function render<N extends TemplateName>(name: N, props: TemplateProps<N>, locale: MailLocale): Promise<RenderedMail> {
  return renderMail(name, props, locale, { publicUrl: PUBLIC_URL });
}

function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

/** A label and its amount on one line of the text part (the data tables keep them together). */
function row(label: string, amount: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|\\n)${escape(label)} +${escape(amount)}(\\n|$)`);
}

/** The words of each language the confirmation must use, with the preview order's amounts. */
const CONFIRMATION = {
  hr: {
    subject: 'Potvrda narudžbe ZZ-2026-000123 u webshopu Zlatno zrno',
    intro: 'Vašu narudžbu ZZ-2026-000123 zaprimili smo 22. 11. 2026. u 14:05.',
    line: ['Špageti', '6,87 €', 'Šifra ZZ-SPAG-400 · 3 × 2,29 €'],
    rows: [
      ['Međuzbroj', '20,43 €'],
      ['Popust (kupon DOBRODOSLI10)', '-2,04 €'],
      ['Dostava', '4,00 €'],
      ['Ukupno', '22,39 €'],
      ['Osnovica (bez PDV-a)', '19,75 €'],
      ['PDV 5\u00a0% na osnovicu 11,53 €', '0,58 €'],
      ['PDV 25\u00a0% na osnovicu 8,22 €', '2,06 €'],
    ],
    cod: 'pri preuzimanju paketa dostavljaču platite 22,39 €.',
    cardPaid: 'Karticom – plaćeno',
    r1: ['R1 račun', 'Bistro Zrno d.o.o.', 'OIB: 69827451031'],
    delivery: ['Adresa dostave', 'Ana Horvat', 'Ilica 42', '10000 Zagreb', 'Hrvatska', 'Telefon: +385 91 234 5678'],
    notes: ['Napomena za dostavljača', 'Napomena uz narudžbu'],
    billing: 'Adresa za račun',
  },
  en: {
    subject: 'Your Zlatno zrno order ZZ-2026-000123',
    intro: 'We received your order ZZ-2026-000123 on 22 November 2026, 14:05.',
    line: ['Špageti', '€6.87', 'Code ZZ-SPAG-400 · 3 × €2.29'],
    rows: [
      ['Subtotal', '€20.43'],
      ['Discount (coupon DOBRODOSLI10)', '-€2.04'],
      ['Delivery', '€4.00'],
      ['Total', '€22.39'],
      ['Net amount (excl. VAT)', '€19.75'],
      ['VAT 5% on €11.53', '€0.58'],
      ['VAT 25% on €8.22', '€2.06'],
    ],
    cod: 'please pay the courier €22.39 when you receive the parcel.',
    cardPaid: 'Card – paid',
    r1: ['R1 invoice', 'Bistro Zrno d.o.o.', 'OIB: 69827451031'],
    delivery: ['Delivery address', 'Ana Horvat', 'Ilica 42', '10000 Zagreb', 'Croatia', 'Phone: +385 91 234 5678'],
    notes: ['Note for the courier', 'Remark'],
    billing: 'Billing address',
  },
  de: {
    subject: 'Ihre Bestellung ZZ-2026-000123 bei Zlatno zrno',
    intro: 'wir haben Ihre Bestellung ZZ-2026-000123 am 22. November 2026, 14:05 Uhr erhalten.',
    line: ['Špageti', '6,87 €', 'Art.-Nr. ZZ-SPAG-400 · 3 × 2,29 €'],
    rows: [
      ['Zwischensumme', '20,43 €'],
      ['Rabatt (Gutschein DOBRODOSLI10)', '-2,04 €'],
      ['Versand', '4,00 €'],
      ['Gesamtbetrag', '22,39 €'],
      ['Nettobetrag (ohne MwSt.)', '19,75 €'],
      ['MwSt. 5\u00a0% auf 11,53 €', '0,58 €'],
      ['MwSt. 25\u00a0% auf 8,22 €', '2,06 €'],
    ],
    cod: 'Bitte bezahlen Sie 22,39 € bei der Lieferung an den Zusteller.',
    cardPaid: 'Karte – bezahlt',
    r1: ['R1-Rechnung', 'Bistro Zrno d.o.o.', 'OIB: 69827451031'],
    delivery: ['Lieferadresse', 'Ana Horvat', 'Ilica 42', '10000 Zagreb', 'Kroatien', 'Telefon: +385 91 234 5678'],
    notes: ['Hinweis für den Zusteller', 'Anmerkung'],
    billing: 'Rechnungsadresse',
  },
  sl: {
    subject: 'Vaše naročilo ZZ-2026-000123 v spletni trgovini Zlatno zrno',
    intro: 'Vaše naročilo ZZ-2026-000123 smo prejeli 22. 11. 2026 ob 14:05.',
    line: ['Špageti', '6,87 €', 'Šifra ZZ-SPAG-400 · 3 × 2,29 €'],
    rows: [
      ['Vmesni seštevek', '20,43 €'],
      ['Popust (kupon DOBRODOSLI10)', '-2,04 €'],
      ['Dostava', '4,00 €'],
      ['Skupaj', '22,39 €'],
      ['Osnova (brez DDV)', '19,75 €'],
      ['DDV 5\u00a0% na osnovo 11,53 €', '0,58 €'],
      ['DDV 25\u00a0% na osnovo 8,22 €', '2,06 €'],
    ],
    cod: 'ob prevzemu paketa dostavljavcu plačate 22,39 €.',
    cardPaid: 'S kartico – plačano',
    r1: ['Račun R1', 'Bistro Zrno d.o.o.', 'OIB: 69827451031'],
    delivery: ['Naslov za dostavo', 'Ana Horvat', 'Ilica 42', '10000 Zagreb', 'Hrvaška', 'Telefon: +385 91 234 5678'],
    notes: ['Opomba za dostavljavca', 'Opomba k naročilu'],
    billing: 'Naslov za račun',
  },
} satisfies Record<MailLocale, unknown>;

describe('the preview order', () => {
  it.each(ORDER_TEMPLATES)('of %s is a valid OrderView whose money adds up, with two VAT rates, a coupon and R1 data', (name) => {
    const { order } = previewPropsOf(name, PUBLIC_URL);
    expect(OrderView.parse(order)).toEqual(order);
    for (const line of order.lines) expect(line.line_total).toBe(line.unit_price * line.quantity);
    expect(order.subtotal).toBe(order.lines.reduce((s, l) => s + l.line_total, 0));
    expect(order.total).toBe(order.subtotal - order.discount + order.delivery);
    expect(order.total).toBe(order.vat_base + order.vat_total);
    expect(order.vat_by_rate.reduce((s, r) => s + r.base, 0)).toBe(order.vat_base);
    expect(order.vat_by_rate.reduce((s, r) => s + r.vat, 0)).toBe(order.vat_total);
    for (const r of order.vat_by_rate) expect(r.vat).toBe(vatOfGross(r.base + r.vat, r.rate));
    expect(new Set(order.lines.map((l) => l.vat_rate)).size).toBe(2);
    expect(order.coupon_code).toBeTruthy();
    expect(order.discount).toBeGreaterThan(0);
    expect(order.r1_invoice).not.toBeNull();
  });
});

describe('order-confirmation', () => {
  const props: TemplateProps<'order-confirmation'> = { order: previewOrder(), orderUrl: ORDER_URL };

  it.each(MAIL_LOCALES)('in %s: subject, number and date, every line, totals, VAT per rate, addresses, R1, notes', async (locale) => {
    const words = CONFIRMATION[locale];
    const mail = await render('order-confirmation', props, locale);
    expect(mail.subject).toBe(words.subject);
    expect(mail.text).toContain(words.intro);
    expect(firstLink(mail.text)).toBe(ORDER_URL);

    const [name, total, detail] = words.line;
    expect(mail.text).toMatch(row(name, total));
    expect(mail.text).toContain(`\n${detail}\n`);
    for (const line of props.order.lines) {
      expect(mail.text).toContain(line.name);
      expect(mail.text).toContain(line.product_code);
      expect(mail.text).toContain(formatEuro(line.unit_price, locale));
      expect(mail.text).toContain(formatEuro(line.line_total, locale));
    }
    for (const [label, amount] of words.rows) expect(mail.text).toMatch(row(label, amount));

    expect(mail.text).toContain(words.cod);
    for (const part of [...words.r1, ...words.delivery, ...words.notes]) expect(mail.text).toContain(part);
    expect(mail.text).toContain('Zvono ne radi, nazovite kad stignete.');
    expect(mail.text).toContain('Molim račun poslati i na računovodstvo.');
    // Billing address only when it differs (null in the preview).
    expect(mail.text).not.toContain(words.billing);
    expect(mail.text).toContain(company.email);
  });

  it.each(MAIL_LOCALES)('in %s: a paid card order says so and asks nobody to pay the courier', async (locale) => {
    const words = CONFIRMATION[locale];
    const order = previewOrder({ payment_method: 'card', payment_status: 'paid', status: 'paid' });
    const mail = await render('order-confirmation', { order, orderUrl: ORDER_URL }, locale);
    expect(mail.text).toContain(words.cardPaid);
    expect(mail.text).not.toContain(words.cod);
  });

  it('shows a different billing address, a foreign R1 company by its VAT ID, free delivery, and no discount row without a coupon', async () => {
    const order = previewOrder({
      billing_address: {
        first_name: 'Marko',
        last_name: 'Kovač',
        street: 'Trg bana Jelačića 1',
        postal_code: '10000',
        city: 'Zagreb',
        country: 'HR',
      },
      r1_invoice: {
        company_name: 'Gostilna Pri Mostu d.o.o.',
        tax_id: 'SI12345679',
        street: 'Prešernova 3',
        postal_code: '1000',
        city: 'Ljubljana',
        country: 'SI',
      },
      discount: 0,
      coupon_code: null,
      delivery: 0,
      total: 2043,
      vat_base: 1839,
      vat_total: 204,
      vat_by_rate: [
        { rate: 5, base: 1281, vat: 64 },
        { rate: 25, base: 558, vat: 140 },
      ],
      courier_note: null,
      remark: null,
    });
    const mail = await render('order-confirmation', { order, orderUrl: ORDER_URL }, 'hr');
    expect(mail.text).toContain('Adresa za račun\n\nMarko Kovač\nTrg bana Jelačića 1\n10000 Zagreb\nHrvatska');
    expect(mail.text).toContain('Gostilna Pri Mostu d.o.o.\nPrešernova 3\n1000 Ljubljana\nSlovenija\nPDV ID: SI12345679');
    expect(mail.text).not.toContain('OIB: SI');
    expect(mail.text).toMatch(row('Dostava', 'besplatna'));
    expect(mail.text).not.toContain('Popust');
    expect(mail.text).not.toContain('Napomena za dostavljača');
    expect(mail.text).not.toContain('Napomena uz narudžbu');
  });

  it.each(
    PAYMENT_METHODS.flatMap((method) =>
      PAYMENT_STATUSES.flatMap((status) => MAIL_LOCALES.map((locale) => [method, status, locale] as const)),
    ),
  )('has words for a %s order that is %s, in %s', async (method, status, locale) => {
    const mail = await render(
      'order-confirmation',
      { order: previewOrder({ payment_method: method, payment_status: status }), orderUrl: ORDER_URL },
      locale,
    );
    expect(mail.text).toMatch(/\n(Plaćanje|Payment|Zahlung|Plačilo) +\S/);
  });

  it('escapes what the buyer typed', async () => {
    const order = previewOrder({
      remark: '<b>hitno</b> & brzo',
      delivery_address: { ...previewOrder().delivery_address, first_name: '<i>Ana</i>' },
    });
    const mail = await render('order-confirmation', { order, orderUrl: ORDER_URL }, 'hr');
    expect(mail.html).toContain('&lt;b&gt;hitno&lt;/b&gt; &amp; brzo');
    expect(mail.html).toContain('Pozdrav, &lt;i&gt;Ana&lt;/i&gt;!');
    expect(mail.html).not.toContain('<b>hitno</b>');
  });

  it('refuses a placement time without an offset', async () => {
    await expect(
      render('order-confirmation', { order: previewOrder({ placed_at: '2026-11-22T14:05' }), orderUrl: ORDER_URL }, 'hr'),
    ).rejects.toThrow(RangeError);
  });
});

describe('payment-not-completed', () => {
  const props: TemplateProps<'payment-not-completed'> = {
    order: previewOrder({ payment_method: 'card', payment_status: 'failed' }),
    retryUrl: `${PUBLIC_URL}/placanje/neuspjeh?order=ZZ-2026-000123&view_token=v1ew`,
    keptUntil: '2026-11-22T14:05:00Z',
  };

  it.each([
    [
      'hr',
      'Plaćanje narudžbe ZZ-2026-000123 nije dovršeno',
      'Plaćanje karticom u iznosu od 22,39 € za vašu narudžbu ZZ-2026-000123 nije dovršeno',
      'čuvamo za vas do 22. 11. 2026. u 15:05 (po hrvatskom vremenu)',
      'automatski ćemo je otkazati',
    ],
    [
      'en',
      'The payment for your order ZZ-2026-000123 was not completed',
      'The card payment of €22.39 for your order ZZ-2026-000123 was not completed',
      'for you until 22 November 2026, 15:05 (Croatian time)',
      "we'll cancel it automatically",
    ],
    [
      'de',
      'Die Zahlung für Ihre Bestellung ZZ-2026-000123 wurde nicht abgeschlossen',
      'die Kartenzahlung über 22,39 € für Ihre Bestellung ZZ-2026-000123 wurde nicht abgeschlossen',
      'bis zum 22. November 2026, 15:05 Uhr (kroatische Zeit)',
      'stornieren wir sie automatisch',
    ],
    [
      'sl',
      'Plačilo naročila ZZ-2026-000123 ni bilo dokončano',
      'Plačilo s kartico v znesku 22,39 € za vaše naročilo ZZ-2026-000123 ni bilo dokončano',
      'hranimo do 22. 11. 2026 ob 15:05 (po hrvaškem času)',
      'ga bomo samodejno preklicali',
    ],
  ] as const)(
    'in %s: the number, the payment did not complete, the retry link first, kept until when',
    async (locale, subject, intro, kept, cancel) => {
      const mail = await render('payment-not-completed', props, locale);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(intro);
      expect(mail.text).toContain(kept);
      expect(mail.text).toContain(cancel);
      expect(firstLink(mail.text)).toBe(props.retryUrl);
      expect(mail.text).toContain(formatEuro(props.order.total, locale));
      for (const line of props.order.lines) expect(mail.text).toContain(line.name);
    },
  );

  it('refuses a hold time without an offset', async () => {
    await expect(render('payment-not-completed', { ...props, keptUntil: '2026-11-22 15:05' }, 'en')).rejects.toThrow(RangeError);
  });
});

describe('order-shipped', () => {
  const props: TemplateProps<'order-shipped'> = {
    order: previewOrder({ fulfilment_status: 'shipped', tracking_number: 'RR123456785HR' }),
    orderUrl: ORDER_URL,
  };

  it.each([
    [
      'hr',
      'Vaša narudžba ZZ-2026-000123 je na putu',
      'Broj za praćenje pošiljke',
      '3 × Špageti (šifra ZZ-SPAG-400)',
      'pripremite 22,39 € za dostavljača',
    ],
    [
      'en',
      'Your order ZZ-2026-000123 is on its way',
      'Tracking number',
      '3 × Špageti (code ZZ-SPAG-400)',
      'please have €22.39 ready for the courier',
    ],
    [
      'de',
      'Ihre Bestellung ZZ-2026-000123 ist unterwegs',
      'Sendungsnummer',
      '3 × Špageti (Art.-Nr. ZZ-SPAG-400)',
      'Bitte halten Sie 22,39 € für den Zusteller bereit.',
    ],
    [
      'sl',
      'Vaše naročilo ZZ-2026-000123 je na poti',
      'Številka za sledenje pošiljki',
      '3 × Špageti (šifra ZZ-SPAG-400)',
      'za dostavljavca pripravite 22,39 €',
    ],
  ] as const)(
    'in %s: the number, the tracking number, the lines briefly, the link to the order',
    async (locale, subject, trackingLabel, line, cod) => {
      const mail = await render('order-shipped', props, locale);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(`${trackingLabel}\n\nRR123456785HR\n`);
      expect(mail.text).toContain(line);
      expect(mail.text).toContain('2 × Penne od slanutka');
      expect(mail.text).toContain(cod);
      expect(firstLink(mail.text)).toBe(ORDER_URL);
      // Briefly: no price table.
      expect(mail.text).not.toContain(formatEuro(props.order.lines[0].unit_price, locale));
    },
  );

  it('shows the tracking number prominently and asks for no cash when the card paid', async () => {
    const mail = await render(
      'order-shipped',
      { ...props, order: { ...props.order, payment_method: 'card', payment_status: 'paid' } },
      'hr',
    );
    expect(mail.html).toMatch(/<p style="[^"]*font-family:[^"]*monospace[^"]*">RR123456785HR<\/p>/);
    expect(mail.text).not.toContain('dostavljača');
  });

  it('refuses an order without a tracking number', async () => {
    await expect(render('order-shipped', { ...props, order: { ...props.order, tracking_number: null } }, 'hr')).rejects.toThrow(
      /no tracking number/,
    );
  });
});

describe('new-order-notice', () => {
  const props: TemplateProps<'new-order-notice'> = {
    order: previewOrder({ locale: 'sl' }),
    adminUrl: `${PUBLIC_URL}/admin/orders/ZZ-2026-000123`,
  };

  it('tells the shop (in Croatian) who ordered what, for how much, how it is paid and where it goes', async () => {
    const mail = await render('new-order-notice', props, 'hr');
    expect(mail.subject).toBe('Nova narudžba ZZ-2026-000123: Ana Horvat, pouzeće');
    expect(firstLink(mail.text)).toBe(props.adminUrl);
    expect(mail.text).toMatch(row('Plaćanje', 'Pouzećem – plaća se dostavljaču pri preuzimanju'));
    expect(mail.text).toMatch(row('Ukupno', '22,39 €'));
    expect(mail.text).toMatch(row('Jezik narudžbe', 'slovenski'));
    expect(mail.text).toMatch(/Kupac +Ana Horvat\n +ana\.horvat@example\.com\n +\+385 91 234 5678\n/);
    expect(mail.html).toContain('href="mailto:ana.horvat@example.com"');
    expect(mail.html).toContain('href="tel:+385912345678"');
    for (const part of [
      'Šifra ZZ-TAGL-400 · 2 × 3,29 €',
      'Adresa dostave',
      'Ilica 42',
      'R1 račun',
      'OIB: 69827451031',
      'Zvono ne radi',
      'Molim račun poslati',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).toMatch(row('PDV 25\u00a0% na osnovicu 8,22 €', '2,06 €'));
  });

  it.each([
    ['en', 'New order ZZ-2026-000123: Ana Horvat, card'],
    ['de', 'Neue Bestellung ZZ-2026-000123: Ana Horvat, Karte'],
    ['sl', 'Novo naročilo ZZ-2026-000123: Ana Horvat, kartica'],
  ] as const)('in %s names a card order in the subject', async (locale, subject) => {
    const mail = await render(
      'new-order-notice',
      { ...props, order: { ...props.order, payment_method: 'card', payment_status: 'paid' } },
      locale,
    );
    expect(mail.subject).toBe(subject);
  });
});

/**
 * Every translation key the order mails and their blocks use, read from their source: literal
 * 'section.key' strings of the order sections (also those in lookup tables such as the payment
 * summaries, which a single render never reaches all of).
 */
function usedOrderKeys(): string[] {
  const files = [
    ...readdirSync(new URL('./', import.meta.url))
      .filter((f) => /^(order-|payment-not-completed|new-order-notice).*\.tsx$/.test(f) && !f.endsWith('.spec.tsx'))
      .map((f) => new URL(f, import.meta.url)),
    new URL('../components/order-blocks.tsx', import.meta.url),
  ];
  const pattern = new RegExp(`'((?:${ORDER_SECTIONS.join('|')})\\.[A-Za-z0-9_.]+)'`, 'g');
  return [...new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1])))].sort();
}

function leafKeys(value: unknown, prefix: string): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, `${prefix}.${k}`));
}

/** Keys used but missing in a language, and keys of the order sections no order mail uses. */
function orderKeyProblems(translations: MailTranslations, used: string[]): string[] {
  const problems: string[] = [];
  for (const locale of MAIL_LOCALES) {
    const leaves = new Set(ORDER_SECTIONS.flatMap((section) => leafKeys(translations[locale][section], section)));
    for (const key of used) if (!leaves.has(key)) problems.push(`${locale}: missing ${key}`);
    for (const key of leaves) if (!used.includes(key)) problems.push(`${locale}: ${key} is not used by any order mail`);
  }
  return problems;
}

describe('order mail translations', () => {
  it('every key the order mails use exists in hr, en, de and sl, and none is left unused', () => {
    const used = usedOrderKeys();
    expect(used.length).toBeGreaterThan(60);
    expect(used).toEqual(
      expect.arrayContaining(['order.paymentSummary.codRefunded', 'orderShipped.trackingLabel', 'newOrderNotice.customer']),
    );
    expect(orderKeyProblems(loadMailTranslations(), used)).toEqual([]);
  });

  it('the check catches a missing and an unused key (proof that it can fail)', () => {
    const broken = structuredClone(loadMailTranslations());
    delete (broken.sl.order as { paymentSummary: Record<string, string> }).paymentSummary.cardRefunded;
    (broken.de.orderShipped as Record<string, string>).leftover = 'x';
    expect(orderKeyProblems(broken, usedOrderKeys())).toEqual([
      'de: orderShipped.leftover is not used by any order mail',
      'sl: missing order.paymentSummary.cardRefunded',
    ]);
  });

  it('a render with a key missing in one language fails instead of sending another language', async () => {
    const { createMailRenderer, templates } = await import('../render.js');
    const broken = structuredClone(loadMailTranslations());
    delete (broken.de.order as { totals: Record<string, string> }).totals.vatRate;
    const renderBroken = createMailRenderer({ templates, translations: broken });
    const failure = renderBroken('order-confirmation', { order: previewOrder(), orderUrl: ORDER_URL }, 'de', { publicUrl: PUBLIC_URL });
    await expect(failure).rejects.toBeInstanceOf(MissingTranslationError);
    await expect(failure).rejects.toMatchObject({ missing: ['order.totals.vatRate'] });
  });
});
