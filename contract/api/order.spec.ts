import { describe, expect, it } from '@jest/globals';
import { checkR1TaxId, isIdempotencyKey, OrderNumberParams, PlaceOrderBody } from './order.js';

const codes = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

const address = { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };
const valid = {
  email: ' Ana@Example.com ',
  phone: '+385 91 234 5678',
  delivery_address: address,
  payment_method: 'cod',
  terms_accepted: true,
  expected_total: 2629,
};

describe('order API schemas', () => {
  it('place order: a minimal body, normalized; optional parts absent', () => {
    const parsed = PlaceOrderBody.parse({ ...valid, extra: 1, delivery_address: { ...address, country: 'hr', city: '  Novi   Zagreb ' } });
    expect(parsed).toEqual({
      email: 'ana@example.com',
      phone: '+385 91 234 5678',
      delivery_address: { ...address, city: 'Novi Zagreb' },
      payment_method: 'cod',
      terms_accepted: true,
      expected_total: 2629,
    });
    expect(PlaceOrderBody.parse({ ...valid, billing_address: null, r1_invoice: null, courier_note: '', remark: null })).toMatchObject({
      courier_note: null,
      remark: null,
    });
  });

  it('place order: an empty body reports every required field, each with its code', () => {
    expect(codes(PlaceOrderBody.safeParse({}))).toEqual([
      ['email', 'ORDER_FIELD_REQUIRED'],
      ['phone', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.first_name', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.last_name', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.street', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.postal_code', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.city', 'ORDER_FIELD_REQUIRED'],
      ['delivery_address.country', 'ORDER_FIELD_REQUIRED'],
      ['payment_method', 'ORDER_FIELD_REQUIRED'],
      ['terms_accepted', 'ORDER_TERMS_REQUIRED'],
      ['expected_total', 'ORDER_FIELD_REQUIRED'],
    ]);
  });

  it('place order: hostile values are coded problems, never exceptions', () => {
    const result = PlaceOrderBody.safeParse({
      email: 'not-an-address',
      phone: 'call me',
      delivery_address: 'Ilica 1',
      billing_address: [1, 2],
      courier_note: { $gt: '' },
      remark: 'x'.repeat(1001),
      payment_method: 'bitcoin',
      terms_accepted: 'true',
      expected_total: 26.29,
    });
    expect(codes(result)).toEqual(
      expect.arrayContaining([
        ['email', 'ORDER_EMAIL_INVALID'],
        ['phone', 'ORDER_PHONE_INVALID'],
        ['delivery_address.first_name', 'ORDER_FIELD_REQUIRED'],
        ['billing_address.country', 'ORDER_FIELD_REQUIRED'],
        ['courier_note', 'ORDER_FIELD_INVALID'],
        ['remark', 'ORDER_FIELD_TOO_LONG'],
        ['payment_method', 'ORDER_PAYMENT_METHOD_INVALID'],
        ['terms_accepted', 'ORDER_TERMS_REQUIRED'],
        ['expected_total', 'ORDER_EXPECTED_TOTAL_INVALID'],
      ]),
    );
    for (const bad of [-1, Number.MAX_SAFE_INTEGER + 1, '2629', NaN]) {
      expect(codes(PlaceOrderBody.safeParse({ ...valid, expected_total: bad }))).toEqual([
        ['expected_total', 'ORDER_EXPECTED_TOTAL_INVALID'],
      ]);
    }
  });

  it('place order: only delivery countries, postal codes of a sane shape', () => {
    expect(codes(PlaceOrderBody.safeParse({ ...valid, delivery_address: { ...address, country: 'US' } }))).toEqual([
      ['delivery_address.country', 'ORDER_COUNTRY_INVALID'],
    ]);
    expect(codes(PlaceOrderBody.safeParse({ ...valid, delivery_address: { ...address, postal_code: '<script>' } }))).toEqual([
      ['delivery_address.postal_code', 'ORDER_POSTAL_CODE_INVALID'],
    ]);
    expect(PlaceOrderBody.safeParse({ ...valid, delivery_address: { ...address, country: 'SI', postal_code: 'SI-1000' } }).success).toBe(
      true,
    );
  });

  it('R1: an OIB with its check digit for Croatia, the VAT format of the company country elsewhere', () => {
    const r1 = {
      company_name: 'Zrno d.o.o.',
      tax_id: 'HR 94577403194',
      street: 'Ilica 1',
      postal_code: '10000',
      city: 'Zagreb',
      country: 'HR',
    };
    expect(PlaceOrderBody.parse({ ...valid, r1_invoice: r1 }).r1_invoice).toEqual({ ...r1, tax_id: '94577403194' });
    expect(codes(PlaceOrderBody.safeParse({ ...valid, r1_invoice: { ...r1, tax_id: '94577403195' } }))).toEqual([
      ['r1_invoice.tax_id', 'ORDER_OIB_INVALID'],
    ]);
    const de = { ...r1, tax_id: '123 456 789', postal_code: '10115', city: 'Berlin', country: 'DE' };
    expect(PlaceOrderBody.parse({ ...valid, r1_invoice: de }).r1_invoice?.tax_id).toBe('DE123456789');
    expect(codes(PlaceOrderBody.safeParse({ ...valid, r1_invoice: { ...de, tax_id: 'DE12345678' } }))).toEqual([
      ['r1_invoice.tax_id', 'ORDER_VAT_INVALID'],
    ]);
    // a VAT number of another country than the company's
    expect(codes(PlaceOrderBody.safeParse({ ...valid, r1_invoice: { ...de, tax_id: 'ATU12345678' } }))).toEqual([
      ['r1_invoice.tax_id', 'ORDER_VAT_INVALID'],
    ]);
    // the tax number is judged even when another field of the company failed
    expect(codes(PlaceOrderBody.safeParse({ ...valid, r1_invoice: { ...r1, company_name: '', tax_id: '1' } }))).toEqual([
      ['r1_invoice.company_name', 'ORDER_FIELD_REQUIRED'],
      ['r1_invoice.tax_id', 'ORDER_OIB_INVALID'],
    ]);
    expect(checkR1TaxId('EL123456789', 'GR')).toEqual({ ok: true, value: 'EL123456789' });
    expect(checkR1TaxId('123456789', 'GR')).toEqual({ ok: true, value: 'EL123456789' });
  });

  it('idempotency keys and order numbers', () => {
    expect(isIdempotencyKey('3f1c1b2e-8a4d-4c5e-9f00-1234567890ab')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(100))).toBe(true);
    for (const bad of ['short', 'a'.repeat(101), 'with space1', 'üüüüüüüüü', undefined, 12345678])
      expect(isIdempotencyKey(bad)).toBe(false);
    expect(OrderNumberParams.parse({ number: 'ZZ-2026-000123' })).toEqual({ number: 'ZZ-2026-000123' });
    for (const bad of ['ZZ-2026-12', "ZZ-2026-000123' OR 1=1", ['ZZ-2026-000123'], 'zz-2026-000123']) {
      expect(OrderNumberParams.parse({ number: bad })).toEqual({ number: null });
    }
  });
});
