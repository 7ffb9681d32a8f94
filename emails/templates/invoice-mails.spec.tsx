import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { NOT_FISCALIZED_NOTICE } from '../../contract/fiscal-notice.js';
import { formatEuro } from '../../contract/money.js';
import {
  loadMailTranslations,
  MAIL_LOCALES,
  renderMail,
  type MailLocale,
  type RenderedMail,
  type TemplateName,
  type TemplateProps,
} from '../render.js';
import { previewOrder } from './order-preview.js';

/**
 * The invoice mails (docs/invoicing/buyer.md): the buyer's invoice and storno mail, the operators'
 * alert for invoices not fiscalized within 24 hours, and 'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29)
 * on every buyer mail that shows an order's amounts before its invoice exists.
 */
const PUBLIC_URL = 'https://shop.example.hr';
const ORDER_URL = `${PUBLIC_URL}/placanje-uspjesno?order=ZZ-2026-000123&token=v1ew`;
const JIR = '4c7a3b0e-2f1d-4e8a-9b6c-5d3e2f1a0b9c';

function render<N extends TemplateName>(name: N, props: TemplateProps<N>, locale: MailLocale): Promise<RenderedMail> {
  return renderMail(name, props, locale, { publicUrl: PUBLIC_URL });
}

const INVOICE: TemplateProps<'invoice'> = {
  firstName: 'Ana',
  orderNumber: 'ZZ-2026-000123',
  invoiceNumber: '17/ZZ1/1',
  kind: 'invoice',
  total: 2239,
  issuedAt: '2026-11-22T13:07:12.000Z',
  jir: JIR,
  orderUrl: ORDER_URL,
};
const STORNO: TemplateProps<'invoice'> = { ...INVOICE, kind: 'storno', invoiceNumber: '21/ZZ1/1', stornoOf: '17/ZZ1/1', total: -687 };

/** What each language must say; written out here, not read from the locale files. */
const WORDS = {
  hr: {
    subject: 'Račun 17/ZZ1/1 za narudžbu ZZ-2026-000123',
    stornoSubject: 'Storno račun 21/ZZ1/1 za narudžbu ZZ-2026-000123',
    complete: 'kupnja je dovršena, a račun je u privitku kao PDF',
    storno: 'Storno račun 21/ZZ1/1 poništava račun 17/ZZ1/1 narudžbe ZZ-2026-000123 u vraćenom iznosu od 6,87 €.',
    issued: '22. 11. 2026. u 14:07',
    zki: 'zaštitni kod izdavatelja (ZKI)',
    translation: null,
  },
  en: {
    subject: 'Invoice 17/ZZ1/1 for your order ZZ-2026-000123',
    stornoSubject: 'Storno invoice 21/ZZ1/1 for your order ZZ-2026-000123',
    complete: 'the sale is complete, and the invoice is attached as a PDF',
    storno: 'Storno invoice 21/ZZ1/1 cancels invoice 17/ZZ1/1 of order ZZ-2026-000123 for the amount refunded, €6.87.',
    issued: '22 November 2026, 14:07',
    zki: 'protective code (ZKI)',
    translation: 'This is not a fiscalized invoice.',
  },
  de: {
    subject: 'Rechnung 17/ZZ1/1 zu Ihrer Bestellung ZZ-2026-000123',
    stornoSubject: 'Stornorechnung 21/ZZ1/1 zu Ihrer Bestellung ZZ-2026-000123',
    complete: 'Der Kauf ist abgeschlossen, die Rechnung finden Sie als PDF im Anhang.',
    storno: 'storniert die Rechnung 17/ZZ1/1 der Bestellung ZZ-2026-000123 in Höhe des erstatteten Betrags von 6,87 €.',
    issued: '22. November 2026, 14:07',
    zki: 'Schutzcode des Ausstellers (ZKI)',
    translation: 'Dies ist keine fiskalisierte Rechnung.',
  },
  sl: {
    subject: 'Račun 17/ZZ1/1 za vaše naročilo ZZ-2026-000123',
    stornoSubject: 'Storno račun 21/ZZ1/1 za vaše naročilo ZZ-2026-000123',
    complete: 'prodaja je zaključena, račun je priložen kot PDF',
    storno: 'storno račun 21/ZZ1/1 razveljavlja račun 17/ZZ1/1 naročila ZZ-2026-000123 v vrnjenem znesku 6,87 €.',
    issued: '22. 11. 2026 ob 14:07',
    zki: 'zaščitno kodo izdajatelja (ZKI)',
    translation: 'To ni davčno potrjen račun.',
  },
} satisfies Record<MailLocale, unknown>;

describe('invoice mail', () => {
  it.each(MAIL_LOCALES)('in %s: the invoice and order numbers, the sale complete, the PDF attached, the JIR', async (locale) => {
    const words = WORDS[locale];
    const mail = await render('invoice', INVOICE, locale);
    expect(mail.subject).toBe(words.subject);
    expect(mail.text).toContain(words.complete);
    expect(mail.text).toContain(words.issued);
    expect(mail.text).toContain(formatEuro(2239, locale));
    expect(mail.text).toContain(JIR);
    expect(mail.text).not.toContain(words.zki);
    expect(mail.html).not.toContain('data-jir="pending"');
    expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(ORDER_URL);
    // an invoice is not 'not an invoice'
    expect(mail.text).not.toContain(NOT_FISCALIZED_NOTICE);
  });

  it.each(MAIL_LOCALES)(
    'in %s: without a JIR yet, says the invoice carries its ZKI and the JIR follows (art. 21), no alarm',
    async (locale) => {
      const mail = await render('invoice', { ...INVOICE, jir: null }, locale);
      expect(mail.text).toContain(WORDS[locale].zki);
      expect(mail.html).toContain('data-jir="pending"');
      expect(mail.text).not.toMatch(/error|fehler|greška|napaka|failed|nije uspj/i);
      expect(mail.text).not.toContain(JIR);
    },
  );

  it.each(MAIL_LOCALES)('in %s: a storno names the invoice it cancels and the amount refunded, positive', async (locale) => {
    const words = WORDS[locale];
    const mail = await render('invoice', STORNO, locale);
    expect(mail.subject).toBe(words.stornoSubject);
    expect(mail.text).toContain(words.storno);
    // the table shows the storno's signed total
    expect(mail.text).toContain(formatEuro(-687, locale));
    expect(mail.text).not.toContain(words.complete);
  });

  it('a storno without the cancelled number still names the order', async () => {
    const mail = await render('invoice', { ...STORNO, stornoOf: null }, 'en');
    expect(mail.text).toContain('Storno invoice 21/ZZ1/1 cancels the invoice of order ZZ-2026-000123 for the amount refunded, €6.87.');
  });

  it('escapes what it is given', async () => {
    const mail = await render('invoice', { ...INVOICE, firstName: '<b>Ana</b> & co' }, 'hr');
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt; &amp; co');
    expect(mail.html).not.toContain('<b>Ana</b>');
  });
});

describe('invoices-not-fiscalized', () => {
  const invoice = (n: number, error: string | null = null) => ({
    number: `${n}/ZZ1/1`,
    orderNumber: `ZZ-2026-${String(n).padStart(6, '0')}`,
    issuedAt: '2026-11-22T13:07:12.000Z',
    attempts: n,
    error,
  });
  const ADMIN_URL = `${PUBLIC_URL}/admin/orders`;

  it.each([
    [1, '1 račun nije fiskaliziran u 24 sata', '1 pokušaj'],
    [3, '3 računa nisu fiskalizirana u 24 sata', '3 pokušaja'],
    [5, '5 računa nije fiskalizirano u 24 sata', '5 pokušaja'],
  ])(
    "in Croatian, %i invoice(s): the count in the right form, the list, the law's 2 working days (art. 21), the link",
    async (count, subject, attempts) => {
      const invoices = Array.from({ length: count }, (_, i) =>
        invoice(i + 1, i === 0 ? 's006: Sistemska pogreška prilikom obrade zahtjeva.' : null),
      );
      invoices[count - 1].attempts = count;
      const mail = await render('invoices-not-fiscalized', { invoices, adminUrl: ADMIN_URL }, 'hr');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain('Zakonski rok je 2 radna dana od prekida veze (čl. 21. Zakona o fiskalizaciji)');
      for (const i of invoices) expect(mail.text).toContain(`Račun ${i.number} · narudžba ${i.orderNumber}`);
      expect(mail.text).toContain(`Izdan 22. 11. 2026. u 14:07 · ${attempts}`);
      expect(mail.text).toContain('Zadnja greška: s006: Sistemska pogreška prilikom obrade zahtjeva.');
      expect(/https?:\/\/\S+/.exec(mail.text)?.[0]).toBe(ADMIN_URL);
    },
  );

  it.each([
    ['en', 2, '2 invoices not fiscalized within 24 hours'],
    ['de', 1, '1 Rechnung nicht innerhalb von 24 Stunden fiskalisiert'],
    ['sl', 2, '2 računa nista bila davčno potrjena v 24 urah'],
    ['sl', 3, '3 računi niso bili davčno potrjeni v 24 urah'],
  ] as const)('in %s with %i: the plural form the language needs', async (locale, count, subject) => {
    const mail = await render(
      'invoices-not-fiscalized',
      { invoices: Array.from({ length: count }, (_, i) => invoice(i + 1)), adminUrl: ADMIN_URL },
      locale,
    );
    expect(mail.subject).toBe(subject);
  });

  it('escapes an error text from the Tax Administration', async () => {
    const mail = await render('invoices-not-fiscalized', { invoices: [invoice(1, '<script>x</script>')], adminUrl: ADMIN_URL }, 'hr');
    expect(mail.html).not.toContain('<script>x');
    expect(mail.text).toContain('Zadnja greška: <script>x</script>');
  });
});

describe("'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29)", () => {
  const cod = previewOrder();
  const unpaidCard = previewOrder({ payment_method: 'card', payment_status: 'failed' });
  const paidCard = previewOrder({ payment_method: 'card', payment_status: 'paid', status: 'paid' });
  const before: Array<[string, () => Promise<RenderedMail[]>]> = [
    ['order-confirmation (cash on delivery)', () => all('order-confirmation', { order: cod, orderUrl: ORDER_URL })],
    ['order-confirmation (card, paid)', () => all('order-confirmation', { order: paidCard, orderUrl: ORDER_URL })],
    [
      'payment-not-completed',
      () => all('payment-not-completed', { order: unpaidCard, retryUrl: ORDER_URL, keptUntil: '2026-11-22T14:05:00.000Z' }),
    ],
    [
      'order-expired',
      () =>
        all('order-expired', {
          order: { ...unpaidCard, fulfilment_status: 'cancelled' },
          cancelledAt: '2026-11-22T14:06:00.000Z',
          shopUrl: PUBLIC_URL,
        }),
    ],
    [
      'order-cancelled (nothing paid)',
      () => all('order-cancelled', { order: { ...cod, fulfilment_status: 'cancelled' }, orderUrl: ORDER_URL }),
    ],
  ];
  function all<N extends TemplateName>(name: N, props: TemplateProps<N>): Promise<RenderedMail[]> {
    return Promise.all(MAIL_LOCALES.map((locale) => render(name, props, locale)));
  }

  it.each(before)('%s carries it in Croatian in every language, framed, before the amounts, translated beside it', async (_name, mails) => {
    const rendered = await mails();
    rendered.forEach((mail, i) => {
      const locale = MAIL_LOCALES[i];
      expect(mail.text.split(NOT_FISCALIZED_NOTICE)).toHaveLength(2);
      expect(mail.html).toContain('data-fiscal-notice="not-fiscalized"');
      // visibly: before the lines and totals the reader could take for an invoice
      expect(mail.text.indexOf(NOT_FISCALIZED_NOTICE)).toBeLessThan(mail.text.indexOf(formatEuro(687, locale)));
      const translation = WORDS[locale].translation;
      if (translation) expect(mail.text).toContain(translation);
    });
  });

  it.each([
    [
      'order-cancelled (paid: its invoice is cancelled by a storno)',
      () => render('order-cancelled', { order: { ...paidCard, fulfilment_status: 'cancelled' }, orderUrl: ORDER_URL }, 'en'),
    ],
    [
      'order-refunded (after the invoice)',
      () =>
        render(
          'order-refunded',
          { order: paidCard, amount: 687, method: 'card', refundedAt: '2026-11-23T09:30:00.000Z', orderUrl: ORDER_URL },
          'en',
        ),
    ],
    ['invoice', () => render('invoice', INVOICE, 'en')],
  ] as const)('%s does not', async (_name, mail) => {
    expect((await mail()).text).not.toContain(NOT_FISCALIZED_NOTICE);
  });
});

/** Keys the invoice mails use (literal 'invoice.…' strings of their source) and those the locale files hold, plural suffixes folded. */
describe('invoice mail translations', () => {
  const sections = ['invoice', 'invoicesNotFiscalized'];
  const used = [
    ...new Set(
      ['./invoice.email.tsx', './invoices-not-fiscalized.email.tsx'].flatMap((f) =>
        [...readFileSync(new URL(f, import.meta.url), 'utf8').matchAll(/'((?:invoice|invoicesNotFiscalized)\.[A-Za-z]+)'/g)].map(
          (m) => m[1],
        ),
      ),
    ),
  ].sort();

  it.each(MAIL_LOCALES)('in %s every key used exists and none is left unused', (locale) => {
    const translations = loadMailTranslations()[locale];
    const held = [
      ...new Set(
        sections.flatMap((s) =>
          Object.keys(translations[s] as object).map((k) => `${s}.${k.replace(/_(zero|one|two|few|many|other)$/, '')}`),
        ),
      ),
    ].sort();
    expect(used.length).toBeGreaterThan(30);
    expect(held).toEqual(used);
  });
});
