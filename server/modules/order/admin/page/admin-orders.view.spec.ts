import { describe, expect, it } from '@jest/globals';
import type { AdminOrderDetail, AdminOrderList } from '../../../../../contract/api/admin-orders.js';
import type { EuDistanceSalesView } from '../../../../../contract/api/admin-vat.js';
import { LOCALES } from '../../../../../contract/locales.js';
import { isAction, readListQuery } from './admin-orders.query.js';
import { ADMIN_ORDERS_TEXTS } from './admin-orders.texts.js';
import { detailPage, listHref, listPage, messagePage, pageNumbers } from './admin-orders.view.js';
import { escapeMarkup } from '../../../../../contract/markup.js';
import { html, raw } from './html.js';

const EVIL = '<script>alert("x")</script>&\'';

function order(over: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    number: 'ZZ-2026-000123',
    status: 'awaiting_payment',
    payment_status: 'awaiting_payment',
    fulfilment_status: 'placed',
    payment_method: 'cod',
    placed_at: '2026-11-24T10:15:00.000Z',
    email: 'kupac@zlatnozrno.test',
    phone: '+385 91 234 5678',
    locale: 'hr',
    currency: 'EUR',
    lines: [{ product_code: 'ZZ-SPAG-400', name: EVIL, unit_price: 349, quantity: 2, vat_rate: 5, line_total: 698 }],
    subtotal: 698,
    discount: 0,
    coupon_code: null,
    delivery: 450,
    total: 1148,
    vat_base: 1025,
    vat_total: 123,
    vat_by_rate: [
      { rate: 5, base: 665, vat: 33 },
      { rate: 25, base: 360, vat: 90 },
    ],
    delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
    billing_address: null,
    r1_invoice: {
      company_name: 'Firma d.o.o.',
      tax_id: '69435151530',
      street: 'Vukovarska 2',
      postal_code: '10000',
      city: 'Zagreb',
      country: 'HR',
    },
    courier_note: EVIL,
    remark: null,
    tracking_number: null,
    user_id: null,
    actions: ['ship', 'cash-received', 'cancel'],
    history: [{ at: '2026-11-24T10:15:00.000Z', action: 'placed', actor: 'system', detail: null }],
    ...over,
  };
}

const frame = { locale: 'en' as const, nonce: 'n0nce' };

describe('html template', () => {
  it('escapes every interpolated value except nested templates and raw markup', () => {
    expect(escapeMarkup(EVIL)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(html`<p title="${EVIL}">${EVIL}${html`<b>${EVIL}</b>`}${raw('<i>ok</i>')}${null}${false}${[1, '<', html`<br>`]}</p>`.value).toBe(
      `<p title="${escapeMarkup(EVIL)}">${escapeMarkup(EVIL)}<b>${escapeMarkup(EVIL)}</b><i>ok</i>1&lt;<br></p>`,
    );
  });
});

describe('list query', () => {
  it('keeps valid filters, drops and reports invalid or repeated ones, ignores unknown parameters', () => {
    expect(
      readListQuery({ status: 'placed', payment_status: 'paid', payment_method: 'cod', q: '  ZZ-2026 ', page: '2', locale: 'de', x: 'y' }),
    ).toEqual({
      query: { status: 'placed', payment_status: 'paid', payment_method: 'cod', q: 'ZZ-2026', page: 2 },
      invalid: false,
    });
    expect(readListQuery({ status: 'nope', page: '0', payment_status: ['paid', 'failed'] })).toEqual({ query: {}, invalid: true });
    expect(readListQuery({ page: '1e9', q: 'x'.repeat(300) }).invalid).toBe(true);
    expect(readListQuery({ status: '', q: '   ' })).toEqual({ query: {}, invalid: false });
    expect(isAction('ship')).toBe(true);
    expect(isAction('delete')).toBe(false);
    expect(isAction(['ship'])).toBe(false);
  });

  it('builds page links that keep the filters', () => {
    expect(listHref({})).toBe('/admin/orders');
    expect(listHref({ status: 'placed', q: 'a b&c' }, 3)).toBe('/admin/orders?status=placed&q=a+b%26c&page=3');
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('pages', () => {
  const list: AdminOrderList = {
    orders: [
      {
        number: 'ZZ-2026-000123',
        placed_at: '2026-11-24T10:15:00.000Z',
        email: 'kupac@zlatnozrno.test',
        name: EVIL,
        country: 'HR',
        locale: 'hr',
        total: 1148,
        payment_method: 'card',
        payment_status: 'paid',
        fulfilment_status: 'shipped',
        tracking_number: 'RR123456789HR',
        actions: ['deliver', 'refund'],
      },
    ],
    page: 2,
    page_size: 25,
    total: 60,
  };

  it('list: noindex, labelled filters, a captioned table with column headers, page links, escaped values', () => {
    const out = listPage(frame, { list, filters: { status: 'shipped', q: EVIL }, invalidFilters: false });
    expect(out).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(out).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(out).toContain('<style nonce="n0nce">');
    expect(out).not.toContain('<script');
    expect(out).toContain(escapeMarkup(EVIL));
    for (const id of ['f-status', 'f-payment-status', 'f-payment-method', 'f-q']) expect(out).toContain(`<label for="${id}">`);
    expect(out).toContain('<option value="shipped" selected>Shipped</option>');
    expect(out).toContain('<caption>Orders, newest first (page 2 of 3)</caption>');
    expect(out.match(/<th scope="col"/g)).toHaveLength(9);
    expect(out).toContain('<a href="/admin/orders/ZZ-2026-000123">ZZ-2026-000123</a>');
    expect(out).toContain('<p role="status" data-testid="order-count">60 orders found.</p>');
    expect(out).toContain(
      `href="/admin/orders?status=shipped&amp;q=${encodeURIComponent(EVIL).replace(/%20/g, '+').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29')}&amp;page=3" rel="next"`,
    );
    expect(out).toContain('aria-current="page" aria-label="Page 2"');
    expect(out).toContain('<a href="/admin/queues">Job queues</a>');
    expect(out).toContain('€11.48');
  });

  it('detail: every part of the order, one form per allowed action with the CSRF field, confirmation for cancel', () => {
    const out = detailPage(frame, { order: order(), csrfToken: 'tok"en' });
    expect(out).toContain('<h1>Order ZZ-2026-000123</h1>');
    expect(out.match(/<form method="post"/g)).toHaveLength(3);
    expect(out.match(/<input type="hidden" name="_csrf" value="tok&quot;en">/g)).toHaveLength(3);
    expect(out).toContain('action="/admin/orders/ZZ-2026-000123/ship"');
    expect(out).toContain('action="/admin/orders/ZZ-2026-000123/cash-received"');
    expect(out).toMatch(/action="\/admin\/orders\/ZZ-2026-000123\/cancel"[^]*name="confirm" value="yes" required/);
    expect(out).not.toContain('/deliver"');
    expect(out).toContain('<label for="a-ship-tracking">');
    for (const text of [
      'ZZ-SPAG-400',
      '€6.98',
      '€4.50',
      '€11.48',
      '€10.25',
      '€1.23',
      '5 %',
      '25 %',
      'Ilica 1',
      'Same as the delivery address',
      '69435151530',
      'Firma d.o.o.',
      'Placed',
      'system',
      'Cash on delivery',
      'Awaiting payment',
    ])
      expect([text, out.includes(text)]).toEqual([text, true]);
    expect(out).not.toContain(EVIL);
    expect(out).toContain(escapeMarkup(EVIL));
  });

  it('detail after a refusal: the message as an alert, the tracking number kept; after success the notice', () => {
    const refused = detailPage(frame, {
      order: order(),
      csrfToken: 't',
      error: { action: 'ship', message: 'Nope <b>', trackingNumber: 'RR 1"' },
    });
    expect(refused).toContain('role="alert" data-testid="error">Nope &lt;b&gt;</div>');
    expect(refused).toContain('value="RR 1&quot;" aria-describedby="a-ship-hint a-ship-error" aria-invalid="true"');
    const done = detailPage(frame, { order: order({ actions: [] }), csrfToken: 't', notice: 'ship' });
    expect(done).toContain('<div class="notice ok" role="status" data-testid="notice">Order shipped.</div>');
    expect(done).toContain('The order allows no action in its current state.');
  });

  it('speaks all four languages', () => {
    for (const locale of LOCALES) {
      const out = detailPage({ locale, nonce: 'n' }, { order: order(), csrfToken: 't', notice: 'cancel' });
      expect(out).toContain(`<html lang="${locale}">`);
      expect(out).toContain(ADMIN_ORDERS_TEXTS[locale].done.cancel);
      expect(messagePage({ locale, nonce: 'n' }, 'forbidden')).toContain(escapeMarkup(ADMIN_ORDERS_TEXTS[locale].forbiddenText));
    }
    expect(new Set(LOCALES.map((l) => ADMIN_ORDERS_TEXTS[l].done.ship)).size).toBe(4);
  });

  it("list: the year's EU distance sales on top, loud only when over the threshold with the OSS off", () => {
    const sales = (over: Partial<EuDistanceSalesView>): EuDistanceSalesView => ({
      year: 2026,
      total_net_cents: 120_000,
      previous_year_net_cents: 0,
      threshold_cents: 1_000_000,
      share: 0.12,
      warning: 'none',
      oss_enabled: false,
      ...over,
    });
    const hr = { ...frame, locale: 'hr' as const };
    const banner = (out: string) =>
      /<section class="notice ([a-z]+)" role="([a-z]+)" data-testid="eu-sales" data-warning="([a-z]+)"/.exec(out)?.slice(1);

    const quiet = listPage(hr, { list, filters: {}, invalidFilters: false, euSales: sales({}) });
    expect(banner(quiet)).toEqual(['info', 'status', 'none']);
    expect(quiet).toContain('Prodaja na daljinu u druge države EU, 2026.');
    expect(quiet).toContain('1.200,00 € od praga 10.000,00 € (12 %)');
    expect(quiet).toContain(ADMIN_ORDERS_TEXTS.hr.euSalesNone);
    expect(quiet).toContain('Prethodna godina: 0,00 €');
    expect(quiet.indexOf('data-testid="eu-sales"')).toBeLessThan(quiet.indexOf('<form class="filters"'));

    const near = listPage(hr, {
      list,
      filters: {},
      invalidFilters: false,
      euSales: sales({ total_net_cents: 812_345, share: 0.8123, warning: 'near' }),
    });
    expect(banner(near)).toEqual(['warn', 'status', 'near']);
    expect(near).toContain('(81,2 %)');
    expect(near).toContain(ADMIN_ORDERS_TEXTS.hr.euSalesNear);

    const over = listPage(hr, {
      list,
      filters: {},
      invalidFilters: false,
      euSales: sales({ total_net_cents: 1_000_001, share: 1, warning: 'over' }),
    });
    expect(banner(over)).toEqual(['err', 'alert', 'over']);
    expect(over).toContain(ADMIN_ORDERS_TEXTS.hr.euSalesOver);

    const oss = listPage(hr, { list, filters: {}, invalidFilters: false, euSales: sales({ warning: 'over', oss_enabled: true }) });
    expect(banner(oss)).toEqual(['info', 'status', 'over']);
    expect(oss).toContain(ADMIN_ORDERS_TEXTS.hr.euSalesOss);

    expect(listPage(frame, { list, filters: {}, invalidFilters: false })).not.toContain('eu-sales');
    for (const l of LOCALES) expect(ADMIN_ORDERS_TEXTS[l].euSalesHeading(2026)).toContain('2026');
  });
});
