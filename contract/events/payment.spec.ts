import { paymentApproved, paymentCallbackReceived, paymentDeclined, paymentFlagged } from './index.js';

describe('payment event contracts', () => {
  const approved = { version: 1, orderNumber: 'ZZ-2026-000123', amountCents: 1250, currency: 'EUR', transactionId: 'abc123' };

  it('parse their current version', () => {
    expect(paymentApproved.schema.parse(approved)).toEqual(approved);
    expect(
      paymentDeclined.schema.parse({ version: 1, orderNumber: 'ZZ-2026-000123', transactionId: null, responseCode: '1005' }).responseCode,
    ).toBe('1005');
    expect(
      paymentFlagged.schema.parse({
        version: 1,
        orderNumber: 'ZZ-2026-000123',
        reason: 'amount_mismatch',
        transactionId: 't1',
        amountCents: 1,
        currency: 'EUR',
        expectedAmountCents: 1250,
        expectedCurrency: 'EUR',
      }).reason,
    ).toBe('amount_mismatch');
  });

  it.each([0, 2, '1', null, undefined])('refuse version %p', (version) => {
    expect(paymentApproved.schema.safeParse({ ...approved, version }).success).toBe(false);
  });

  it('check their fields', () => {
    expect(paymentApproved.schema.safeParse({ ...approved, amountCents: 12.5 }).success).toBe(false);
    expect(paymentApproved.schema.safeParse({ ...approved, currency: 'eur' }).success).toBe(false);
    expect(paymentApproved.schema.safeParse({ ...approved, orderNumber: 'ZZ 2026' }).success).toBe(false);
    expect(paymentApproved.schema.safeParse({ ...approved, transactionId: '' }).success).toBe(false);
    expect(
      paymentFlagged.schema.safeParse({
        version: 1,
        orderNumber: 'ZZ-1',
        reason: 'other',
        transactionId: 't',
        amountCents: 1,
        currency: 'EUR',
        expectedAmountCents: 1,
        expectedCurrency: 'EUR',
      }).success,
    ).toBe(false);
  });

  it('callback-received carries only the stored callback row id', () => {
    const id = '3f1c1b2e-8a4d-4c5e-9f00-1234567890ab';
    expect(paymentCallbackReceived.schema.parse({ version: 1, callbackId: id })).toEqual({ version: 1, callbackId: id });
    expect(paymentCallbackReceived.schema.safeParse({ version: 1, callbackId: 'not-a-uuid' }).success).toBe(false);
    expect(paymentCallbackReceived.schema.safeParse({ version: 2, callbackId: id }).success).toBe(false);
  });

  it('are named for the payment module', () => {
    expect([paymentApproved.name, paymentDeclined.name, paymentFlagged.name, paymentCallbackReceived.name]).toEqual([
      'payment.approved',
      'payment.declined',
      'payment.flagged',
      'payment.callback-received',
    ]);
  });
});
