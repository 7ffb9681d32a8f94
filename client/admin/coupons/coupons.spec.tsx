import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminCouponDetail, AdminCouponList } from '../../../contract/api/admin-coupons';
import { FrameView } from '../frame/frame-view';
import { createAdminI18n, type AdminLanguage } from '../i18n';
import { changedFields, convert, createBody, EMPTY_COUPON, parseEuro, updateBody, valuesOf, type CouponValues } from './coupon-form';
import { CouponEditView } from './coupon-edit-view';
import { CouponListView } from './coupon-list-view';
import { couponSearch } from './coupon-search';

const noop = () => undefined;

const COUPON: AdminCouponDetail = {
  id: '6f1d1c7e-0b5a-4a57-9a54-0d3c0f3c8a11',
  code: 'JESEN-10',
  kind: 'percent',
  percent: 10,
  amount: null,
  valid_from: '2026-11-30T23:00:00.000Z',
  valid_until: '2027-01-01T23:00:00.000Z',
  minimum_order: 2000,
  usage_limit: 100,
  per_customer_limit: 1,
  first_order_only: false,
  business_only: true,
  personal: false,
  state: 'scheduled',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  disabled_at: null,
  usage: { times_used: 3, customers: 2, discount_given: 1234, last_used_at: '2026-11-28T12:30:00.000Z' },
  locked_fields: ['code', 'kind', 'percent', 'amount'],
};

function edit(language: AdminLanguage, over: Partial<Parameters<typeof CouponEditView>[0]> = {}) {
  const values = valuesOf(COUPON, language !== 'en');
  return renderToStaticMarkup(
    <CouponEditView
      t={createAdminI18n(language).t}
      language={language}
      coupon={COUPON}
      values={values}
      changed={[]}
      errors={{}}
      formErrors={[]}
      notice={null}
      busy={false}
      onChange={noop}
      onSave={noop}
      onDiscard={noop}
      onSwitch={noop}
      backLink={<a href="/admin/coupons">back</a>}
      {...over}
    />,
  );
}

describe('euros as the operator types them', () => {
  it('takes a decimal comma or point, thousands, a euro sign, and gives cents', () => {
    expect(parseEuro('20')).toBe(2000);
    expect(parseEuro('20,5')).toBe(2050);
    expect(parseEuro('20.50')).toBe(2050);
    expect(parseEuro(' 4,05 € ')).toBe(405);
    expect(parseEuro('1.234,56')).toBe(123456);
    expect(parseEuro('1 234,56')).toBe(123456);
    expect(parseEuro('1,234.56')).toBe(123456);
    expect(parseEuro('0,01')).toBe(1);
    expect(parseEuro('1.000.000')).toBe(100_000_000);
    expect(parseEuro('')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['abc', '-5', '1,234', '4,555', '1.234.56', '1,5,0', '2e3', '10000000', '0x10']) {
      expect([bad, parseEuro(bad)]).toEqual([bad, undefined]);
    }
  });
});

describe('the coupon form', () => {
  it('sends what is typed as the API wants it: cents, Zagreb days as instants, the last day inclusive', () => {
    const values: CouponValues = {
      ...EMPTY_COUPON,
      code: 'zima-10',
      percent: '10',
      minimum_order: '20',
      valid_from: '2026-12-01',
      valid_until: '2026-12-31',
    };
    const { problems, terms } = convert(values);
    expect(problems).toEqual({});
    expect(createBody(terms!)).toEqual({
      code: 'ZIMA-10',
      kind: 'percent',
      percent: 10,
      minimum_order: 2000,
      valid_from: '2026-12-01T00:00:00+01:00',
      valid_until: '2027-01-01T00:00:00+01:00',
      usage_limit: null,
      per_customer_limit: null,
      first_order_only: false,
      business_only: false,
    });
    // A summer day is +02:00.
    expect(convert({ ...values, valid_from: '2027-07-01', valid_until: '' }).terms!.valid_from).toBe('2027-07-01T00:00:00+02:00');
  });

  it('names every field it cannot send', () => {
    const { problems, terms } = convert({
      ...EMPTY_COUPON,
      code: '-x',
      kind: 'fixed',
      amount: '4,555',
      minimum_order: 'ten',
      valid_from: '2026-12-10',
      valid_until: '2026-12-01',
      usage_limit: '0',
      per_customer_limit: '1.5',
    });
    expect(terms).toBeNull();
    expect(problems).toEqual({
      code: 'code',
      amount: 'euro',
      minimum_order: 'euro',
      valid_until: 'order',
      usage_limit: 'limit',
      per_customer_limit: 'limit',
    });
    expect(convert({ ...EMPTY_COUPON, code: 'ABC', percent: '101' }).problems).toEqual({ percent: 'percent' });
  });

  it("reads a coupon back into the form (the exclusive end shown as the last day) and counts the save bar's changes", () => {
    const saved = valuesOf(COUPON, true);
    expect(saved).toMatchObject({
      code: 'JESEN-10',
      percent: '10',
      minimum_order: '20,00',
      valid_from: '2026-12-01',
      valid_until: '2027-01-01',
      usage_limit: '100',
    });
    expect(changedFields(saved, saved)).toEqual([]);
    const edited = { ...saved, minimum_order: '25', usage_limit: '', business_only: false };
    expect(changedFields(edited, saved)).toEqual(['minimum_order', 'usage_limit', 'business_only']);
    expect(updateBody(convert(edited).terms!, changedFields(edited, saved))).toEqual({
      minimum_order: 2500,
      usage_limit: null,
      business_only: false,
    });
    // Switching the kind sends the new value and clears the other.
    const fixed = { ...saved, kind: 'fixed' as const, amount: '5' };
    expect(updateBody(convert(fixed).terms!, changedFields(fixed, saved))).toEqual({ kind: 'fixed', amount: 500, percent: null });
  });

  it('renders in hr and en: the usage figures, the save bar with its count, the locked fields with the reason', () => {
    const hr = edit('hr', { changed: ['minimum_order', 'usage_limit', 'business_only'] });
    expect(hr).toContain('<h1>Kupon JESEN-10</h1>');
    expect(hr).toContain('3 promjene');
    expect(hr).toContain('>Spremi</button>');
    expect(hr).toContain('>Odbaci</button>');
    expect(hr).toContain('12,34 €');
    expect(hr).toContain('Počinju kasnije');
    expect(hr).toMatch(/id="coupon-code"[^>]*readOnly=""|readOnly=""[^>]*id="coupon-code"/i);
    expect(hr).toContain('aria-describedby="coupon-code-hint coupon-locked-reason"');
    expect(hr).toContain('Ovaj kupon je već korišten');
    expect(hr).toContain('(zaključano)');
    // The other kind cannot be chosen once used.
    expect(hr).toMatch(/id="coupon-kind-fixed"[^>]*disabled=""/);
    const en = edit('en', { changed: ['usage_limit'] });
    expect(en).toContain('1 change<');
    expect(en).toContain('€12.34');
    expect(en).toContain('Times used');
    expect(en).toContain('Switch off');
  });

  it('has no save bar while nothing changed, and an unused coupon locks nothing', () => {
    const html = edit('en', { coupon: { ...COUPON, locked_fields: [], usage: { ...COUPON.usage, times_used: 0 } } });
    expect(html).not.toContain('save-bar');
    expect(html).not.toContain('readOnly');
    expect(html).not.toContain('(locked)');
  });

  it("shows the API's message on its field, tied to it", () => {
    const html = edit('en', { changed: ['usage_limit'], errors: { usage_limit: 'A usage limit is at least 1.' } });
    expect(html).toContain('id="coupon-usage_limit-error" class="field-error">A usage limit is at least 1.</p>');
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="coupon-usage_limit-hint coupon-usage_limit-error"/);
  });

  it('a new coupon: its own title, a create button, no usage', () => {
    const html = edit('hr', { coupon: null, values: EMPTY_COUPON });
    expect(html).toContain('<h1>Novi kupon</h1>');
    expect(html).toContain('>Napravi kupon</button>');
    expect(html).not.toContain('Kako je korišten');
  });
});

describe('the coupon list', () => {
  const data: AdminCouponList = {
    coupons: [
      { ...COUPON, times_used: 3 },
      {
        ...COUPON,
        id: 'b',
        code: 'POPUST5',
        kind: 'fixed',
        percent: null,
        amount: 500,
        minimum_order: 0,
        usage_limit: null,
        valid_from: null,
        valid_until: null,
        state: 'active',
        personal: true,
        times_used: 0,
      },
    ],
    page: 2,
    page_size: 25,
    total: 60,
  };
  const render = (language: AdminLanguage) =>
    renderToStaticMarkup(
      <CouponListView
        data={data}
        search={{ state: 'active', page: 2 }}
        language={language}
        t={createAdminI18n(language).t}
        listLink={(s, children, current) => (
          <a
            href={`/admin/coupons?${new URLSearchParams(
              Object.entries(s)
                .filter(([, v]) => v !== undefined)
                .map(([k, v]) => [k, String(v)]),
            )}`}
            aria-current={current ? 'page' : undefined}
          >
            {children}
          </a>
        )}
        couponLink={(row) => <a href={`/admin/coupons/${row.id}`}>{row.code}</a>}
        newLink={<a href="/admin/coupons/new">new</a>}
        onSearch={noop}
      />,
    );

  it('names the views in the family words, marks the current one, keeps the search in the links', () => {
    const hr = render('hr');
    expect(hr).toContain('<a href="/admin/coupons?state=active" aria-current="page">Vrijede sada</a>');
    expect(hr).toContain('Isključeni');
    expect(hr).toContain('60 kupona');
    expect(hr).toContain('10 %');
    expect(hr).toContain('od 20,00 €');
    expect(hr).toContain('3 od 100');
    expect(hr).toContain('bez vremenskog ograničenja');
    expect(hr).toContain('Stranica 2 od 3');
    expect(hr).toContain('href="/admin/coupons?state=active&amp;page=3"');
    expect(hr).toContain('href="/admin/coupons?state=active">Prethodna stranica');
    const en = render('en');
    expect(en).toContain('Valid now');
    expect(en).toContain('€5.00');
    expect(en).toContain('data-label="Used"');
  });

  it('reads its search params with the API schema, dropping what does not parse', () => {
    expect(couponSearch({ q: ' jesen ', state: 'expired', sort: '-used', page: '3' })).toEqual({
      q: 'jesen',
      state: 'expired',
      sort: '-used',
      page: 3,
    });
    expect(couponSearch({ q: 'x'.repeat(65), state: 'gone', sort: 'price', page: '-1' })).toEqual({});
    expect(couponSearch({ page: 1 })).toEqual({});
  });
});

describe("the navigation's entries", () => {
  const nav = (role: string) =>
    renderToStaticMarkup(
      <FrameView
        t={createAdminI18n('hr').t}
        language="hr"
        user={{ first_name: 'Ivo', last_name: 'Kovač', role }}
        dashboardLink={<a href="/admin">Pregled</a>}
        screenLink={(s) => <a href={`/admin${s.to}`}>{s.key}</a>}
        menuOpen={false}
        onMenu={noop}
        onLanguage={noop}
        onSignOut={noop}
        signingOut={false}
      >
        <h1>x</h1>
      </FrameView>,
    );

  it('coupons for the admin only; the change history for admin and staff', () => {
    expect(nav('admin')).toContain('href="/admin/coupons"');
    expect(nav('admin')).toContain('href="/admin/audit"');
    expect(nav('staff')).not.toContain('href="/admin/coupons"');
    expect(nav('staff')).toContain('href="/admin/audit"');
  });
});
