import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminOrderFull, AdminOrderList } from '../../../contract/api/admin-orders';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { OrderListView } from './order-list-view';
import { orderSearch, slipsHref } from './order-search';
import { OrderView, type OrderViewProps } from './order-view';

const noop = () => undefined;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const ORDER: AdminOrderFull = {
  number: 'ZZ-2026-000123',
  status: 'paid',
  payment_status: 'paid',
  fulfilment_status: 'placed',
  payment_method: 'cod',
  placed_at: '2026-11-28T09:15:00.000Z',
  email: 'ana@example.test',
  phone: '+385 91 123 4567',
  locale: 'de',
  currency: 'EUR',
  lines: [
    { product_code: 'ZZ-SPAG-400', name: 'Špageti', unit_price: 300, quantity: 2, vat_rate: 5, line_total: 600 },
    { product_code: 'ZZ-ULJE-500', name: 'Ulje', unit_price: 1000, quantity: 1, vat_rate: 25, line_total: 1000 },
  ],
  subtotal: 1600,
  discount: 0,
  coupon_code: null,
  delivery: 400,
  total: 2000,
  vat_base: 1754,
  vat_total: 246,
  vat_by_rate: [
    { rate: 5, base: 571, vat: 29 },
    { rate: 25, base: 1120, vat: 280 },
  ],
  delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
  billing_address: null,
  r1_invoice: null,
  courier_note: 'Zvoniti dvaput',
  remark: null,
  tracking_number: null,
  user_id: null,
  actions: ['ship', 'cancel', 'refund'],
  history: [{ at: '2026-11-28T09:15:00.000Z', action: 'placed', actor: 'system', detail: null }],
  notes: [{ id: 1, at: '2026-11-28T10:00:00.000Z', author: 'mara@zlatnozrno.test', body: 'Kupac dolazi osobno.' }],
  refunds: [],
  refunded: { amount: 0, shipping: false, quantities: {} },
  refundable: true,
  mails: ['confirmation'],
};

function detail(language: AdminLanguage, over: Partial<OrderViewProps> = {}) {
  return renderToStaticMarkup(
    <OrderView
      order={ORDER}
      language={language}
      t={createAdminI18n(language).t}
      invoices={[]}
      backLink={<a href="/admin/orders">back</a>}
      onAction={noop}
      onNote={noop}
      onMail={noop}
      onRefundLines={noop}
      {...over}
    />,
  );
}

const LIST: AdminOrderList = {
  orders: [
    {
      number: 'ZZ-2026-000123',
      placed_at: '2026-11-28T09:15:00.000Z',
      email: 'ana@example.test',
      name: 'Ana Horvat',
      country: 'HR',
      locale: 'hr',
      total: 2000,
      payment_method: 'cod',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      tracking_number: null,
      actions: ['ship', 'cash-received', 'cancel'],
    },
  ],
  page: 1,
  page_size: 25,
  total: 26,
};

function list(language: AdminLanguage, over: Partial<Parameters<typeof OrderListView>[0]> = {}) {
  return renderToStaticMarkup(
    <OrderListView
      data={LIST}
      search={{ view: 'to_ship' }}
      language={language}
      t={createAdminI18n(language).t}
      selected={[]}
      onSelect={noop}
      listLink={(s, children, current) => (
        <a
          href={`/admin/orders?${new URLSearchParams(Object.entries(s).map(([k, v]) => [k, String(v)])).toString()}`}
          aria-current={current ? 'page' : undefined}
        >
          {children}
        </a>
      )}
      orderLink={(row) => <a href={`/admin/orders/${row.number}`}>{row.number}</a>}
      onSearch={noop}
      {...over}
    />,
  );
}

describe('the order list', () => {
  it("names the work in its views, marks the one shown, and prints today's slips in one tap (hr)", () => {
    const html = list('hr');
    const words = text(html);
    expect(words).toContain('Za slanje');
    expect(words).toContain('Gotovina za naplatu');
    expect(html).toContain('<a href="/admin/orders?view=to_ship" aria-current="page">Za slanje</a>');
    expect(html).toContain('href="/api/admin/orders/packing-slips.pdf?view=to_ship"');
    expect(words).toContain('26 narudžbi');
    expect(html).toContain('data-label="Ukupno"');
    expect(words).toContain('Pouzećem');
    expect(html).toContain('aria-label="Odaberi ZZ-2026-000123"');
    expect(words).toContain('Stranica 1 od 2');
  });

  it('ticked orders get their slips in one PDF; the OSS box warns near the threshold (en)', () => {
    const html = list('en', {
      selected: ['ZZ-2026-000123', 'ZZ-2026-000124'],
      euSales: {
        year: 2026,
        total_net_cents: 850_000,
        previous_year_net_cents: 0,
        threshold_cents: 1_000_000,
        share: 0.85,
        warning: 'near',
        oss_enabled: false,
      },
    });
    expect(html).toContain('href="/api/admin/orders/packing-slips.pdf?numbers=ZZ-2026-000123,ZZ-2026-000124"');
    expect(text(html)).toContain('Selected: 2');
    expect(html).toContain('class="notice oss warn" role="status" data-warning="near"');
    expect(text(html)).toContain('€8,500.00 of the €10,000.00 threshold (85 %)');
  });

  it('keeps only valid search params (a stale or hostile value is dropped, the rest counts)', () => {
    expect(orderSearch({ view: 'to_ship', status: 'bogus', q: ' ZZ-2026 ', sort: '-placed_at', page: '3' })).toEqual({
      view: 'to_ship',
      q: 'ZZ-2026',
      page: 3,
    });
    expect(orderSearch({ view: "' OR 1", payment_method: 'cod', sort: 'total', page: '-1' })).toEqual({
      payment_method: 'cod',
      sort: 'total',
    });
    expect(slipsHref(['ZZ-2026-000001'])).toBe('/api/admin/orders/packing-slips.pdf?numbers=ZZ-2026-000001');
  });
});

describe('one order', () => {
  it('puts shipping with the tracking number first, then the lines, refund by line, notes, mails and the addresses (hr)', () => {
    const html = detail('hr');
    const words = text(html);
    expect(words).toContain('Narudžba ZZ-2026-000123');
    expect(html.indexOf('id="ship-field"')).toBeLessThan(html.indexOf('id="lines-title"'));
    expect(html).toContain('<label for="ship-field">Broj pošiljke</label>');
    expect(words).toContain('Označi kao poslano');
    expect(words).toContain('Vrati novac za dio narudžbe');
    expect(words).toContain('Vrati i dostavu (4,00 €)');
    expect(words).toContain('Interne bilješke');
    expect(words).toContain('Kupac dolazi osobno.');
    expect(words).toContain('mara@zlatnozrno.test');
    expect(words).toContain('Šalje se na jeziku narudžbe: Deutsch.');
    expect(words).toContain('Zvoniti dvaput');
    expect(html).toContain('href="/api/admin/orders/packing-slips.pdf?numbers=ZZ-2026-000123"');
    // the order's invoices on the server-rendered invoice pages
    expect(html).toContain('href="/admin/invoices?q=ZZ-2026-000123"');
  });

  it('ties an error to its field and says it; staff (not refundable) get no refund form (en)', () => {
    const html = detail('en', { error: { form: 'ship', message: 'Enter the tracking number.' } });
    expect(html).toContain('aria-invalid="true" aria-describedby="ship-hint ship-error"');
    expect(html).toContain('<p class="field-error" id="ship-error">Enter the tracking number.</p>');
    const staff = detail('en', { order: { ...ORDER, refundable: false, actions: ['ship'] } });
    expect(text(staff)).not.toContain('Refund part of the order');
    expect(staff).not.toContain('data-action="refund"');
    expect(text(detail('en', { invoices: [] }))).toContain('No invoice yet.');
    expect(text(detail('en', { notice: 'Order shipped.' }))).toContain('Order shipped.');
  });

  it('lists what was refunded and offers only the packs left', () => {
    const html = detail('en', {
      order: {
        ...ORDER,
        refunded: { amount: 300, shipping: false, quantities: { 'ZZ-SPAG-400': 1 } },
        refunds: [
          {
            at: '2026-11-28T11:00:00.000Z',
            actor: 'ivo@zlatnozrno.test',
            amount: 300,
            vat: 14,
            shipping: false,
            method: 'bank_transfer',
            lines: [{ product_code: 'ZZ-SPAG-400', quantity: 1, amount: 300 }],
          },
        ],
      },
    });
    const words = text(html);
    expect(words).toContain('Refunds so far');
    expect(words).toContain('by bank transfer');
    expect(words).toContain('1 × ZZ-SPAG-400');
    expect(html).toContain('max="1"');
    expect(words).toContain('Refund everything that is left');
  });
});
