import { describe, expect, it } from '@jest/globals';
import { PlaceOrderBody } from '../../../contract/api/order.js';
import { LOCALES } from '../../../contract/locales.js';
import type { AppConfig } from '../../config/index.js';
import { localizedMessage } from '../../platform/i18n/index.js';
import { OrderTotalChangedError } from './order.errors.js';
import { OrderViewTokens, VIEW_TOKEN_TTL_MS } from './order-view-token.js';

const tokens = new OrderViewTokens({ secretKey: 'test-secret-key-0123456789-0123456789' } as AppConfig);
const order = { number: 'ZZ-2026-000123', viewSecret: 'a'.repeat(43) };
const NOW = new Date('2026-11-24T12:00:00Z');

describe('order view tokens', () => {
  it('reads its own order until it expires (30 days)', () => {
    const token = tokens.sign(order, NOW);
    expect(token).toMatch(/^ZZ-2026-000123\.[0-9]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token, order, NOW)).toBe(true);
    expect(tokens.verify(token, order, new Date(NOW.getTime() + VIEW_TOKEN_TTL_MS - 1000))).toBe(true);
    expect(tokens.verify(token, order, new Date(NOW.getTime() + VIEW_TOKEN_TTL_MS + 1000))).toBe(false);
  });

  it('refuses another order, another view secret, another server key, and anything altered or malformed', () => {
    const token = tokens.sign(order, NOW);
    expect(tokens.verify(token, { ...order, number: 'ZZ-2026-000124' }, NOW)).toBe(false);
    expect(tokens.verify(token, { ...order, viewSecret: 'b'.repeat(43) }, NOW)).toBe(false);
    const otherServer = new OrderViewTokens({ secretKey: 'another-secret-key-0123456789-012345' } as AppConfig);
    expect(otherServer.verify(token, order, NOW)).toBe(false);
    const [number, expires, mac] = token.split('.');
    // a later expiry under the same signature
    expect(tokens.verify(`${number}.${Number(expires) + 86_400}.${mac}`, order, NOW)).toBe(false);
    expect(tokens.verify(`${number}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, order, NOW)).toBe(false);
    for (const bad of [undefined, null, 42, ['x'], {}, '', token + '.x', `${number}.${expires}`, 'x'.repeat(5000), `${number}.-1.${mac}`]) {
      expect(tokens.verify(bad, order, NOW)).toBe(false);
    }
  });
});

describe('placement messages', () => {
  it('has every code the order body reports in all four languages', () => {
    const bad = PlaceOrderBody.safeParse({
      email: 'nope',
      phone: 'x',
      delivery_address: { first_name: '', last_name: 5, street: 'x'.repeat(300), postal_code: '!', city: 'Zagreb', country: 'US' },
      r1_invoice: { company_name: 'Zrno', tax_id: '1', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'DE' },
      payment_method: 'gold',
      terms_accepted: false,
      expected_total: 1.5,
    });
    const oib = PlaceOrderBody.safeParse({ r1_invoice: { tax_id: '94577403195', country: 'HR' } });
    const codes = new Set([...(bad.error?.issues ?? []), ...(oib.error?.issues ?? [])].map((i) => i.message));
    expect([...codes].sort()).toEqual(
      [
        'ORDER_COUNTRY_INVALID',
        'ORDER_EMAIL_INVALID',
        'ORDER_EXPECTED_TOTAL_INVALID',
        'ORDER_FIELD_INVALID',
        'ORDER_FIELD_REQUIRED',
        'ORDER_FIELD_TOO_LONG',
        'ORDER_OIB_INVALID',
        'ORDER_PAYMENT_METHOD_INVALID',
        'ORDER_PHONE_INVALID',
        'ORDER_POSTAL_CODE_INVALID',
        'ORDER_TERMS_REQUIRED',
        'ORDER_VAT_INVALID',
      ].sort(),
    );
    const server = [
      'ORDER_POSTAL_CODE_MISMATCH',
      'ORDER_IDEMPOTENCY_KEY_INVALID',
      'ORDER_IDEMPOTENCY_CONFLICT',
      'ORDER_CART_EMPTY',
      'ORDER_TOTAL_CHANGED',
      'ORDER_PRODUCT_UNAVAILABLE',
      'ORDER_COUPON_UNAVAILABLE',
    ];
    for (const code of [...codes, ...server]) {
      for (const locale of LOCALES) expect([code, locale, typeof localizedMessage(code, locale)]).toEqual([code, locale, 'string']);
    }
  });

  it('carries the new totals in the first problem of ORDER_TOTAL_CHANGED', () => {
    const totals = { subtotal: 1000, discount: 0, delivery: 400, total: 1400, vat_base: 1190, vat_total: 210, vat_by_rate: [] };
    const err = new OrderTotalChangedError({ total: '14,00 €', expected: '13,99 €' }, totals);
    expect(err.details).toEqual([
      { code: 'ORDER_TOTAL_CHANGED', field: 'expected_total', message: expect.stringContaining('14,00 €'), totals },
    ]);
    expect(localizedMessage('ORDER_TOTAL_CHANGED', 'hr', err.params)).toContain('14,00 €');
  });
});
