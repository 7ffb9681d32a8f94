import { describe, expect, it } from '@jest/globals';
import { FULFILMENT_MACHINE, FULFILMENT_STATUSES, PAYMENT_MACHINE, PAYMENT_METHODS, PAYMENT_STATUSES, transition } from '../orders.js';
import { AdminOrderListQuery, allowedActions, ShipOrderBody, type AdminOrderAction, type AdminOrderState } from './admin-orders.js';

const state = (
  payment_method: AdminOrderState['payment_method'],
  payment_status: AdminOrderState['payment_status'],
  fulfilment_status: AdminOrderState['fulfilment_status'],
) => ({
  payment_method,
  payment_status,
  fulfilment_status,
});

describe('allowedActions', () => {
  it.each<[AdminOrderState, AdminOrderAction[]]>([
    // cash on delivery: shipped before the cash comes, the cash recorded at (or before) delivery
    [state('cod', 'awaiting_payment', 'placed'), ['ship', 'cash-received', 'cancel']],
    [state('cod', 'awaiting_payment', 'shipped'), ['deliver', 'cash-received']],
    [state('cod', 'awaiting_payment', 'delivered'), ['cash-received']],
    [state('cod', 'awaiting_payment', 'cancelled'), []],
    [state('cod', 'paid', 'placed'), ['ship', 'cancel', 'refund']],
    [state('cod', 'paid', 'shipped'), ['deliver', 'refund']],
    [state('cod', 'paid', 'delivered'), ['refund']],
    [state('cod', 'refunded', 'placed'), ['cancel']],
    [state('cod', 'refunded', 'delivered'), []],
    // card: shipped only when paid; never 'cash received'
    [state('card', 'awaiting_payment', 'placed'), ['cancel']],
    [state('card', 'failed', 'placed'), ['cancel']],
    [state('card', 'paid', 'placed'), ['ship', 'cancel', 'refund']],
    [state('card', 'paid', 'shipped'), ['deliver', 'refund']],
    [state('card', 'paid', 'delivered'), ['refund']],
    [state('card', 'paid', 'cancelled'), ['refund']], // paid after it expired: the money goes back
    [state('card', 'refunded', 'placed'), ['cancel']],
    [state('card', 'refunded', 'cancelled'), []],
    [state('card', 'awaiting_payment', 'cancelled'), []],
  ])('%j allows %j', (order, expected) => {
    expect(allowedActions(order)).toEqual(expected);
  });

  it('never offers a step the state machines refuse, in any of the 32 combinations', () => {
    const step: Record<AdminOrderAction, (o: AdminOrderState) => boolean> = {
      ship: (o) => transition(FULFILMENT_MACHINE, o.fulfilment_status, 'shipped').ok,
      deliver: (o) => transition(FULFILMENT_MACHINE, o.fulfilment_status, 'delivered').ok,
      cancel: (o) => transition(FULFILMENT_MACHINE, o.fulfilment_status, 'cancelled').ok,
      'cash-received': (o) => o.payment_method === 'cod' && transition(PAYMENT_MACHINE, o.payment_status, 'paid').ok,
      refund: (o) => transition(PAYMENT_MACHINE, o.payment_status, 'refunded').ok,
    };
    let combinations = 0;
    for (const method of PAYMENT_METHODS)
      for (const payment of PAYMENT_STATUSES)
        for (const fulfilment of FULFILMENT_STATUSES) {
          combinations += 1;
          const order = state(method, payment, fulfilment);
          for (const action of allowedActions(order))
            expect({ order, action, legal: step[action](order) }).toEqual({ order, action, legal: true });
          // a card order is shipped only when paid
          if (method === 'card' && payment !== 'paid') expect(allowedActions(order)).not.toContain('ship');
        }
    expect(combinations).toBe(32);
  });
});

describe('AdminOrderListQuery', () => {
  it("reads '' and blanks as 'any', trims the search", () => {
    expect(AdminOrderListQuery.parse({ status: '', payment_status: ' ', payment_method: '', q: '  ZZ-2026 ', page: '' })).toEqual({
      q: 'ZZ-2026',
    });
    expect(AdminOrderListQuery.parse({ status: 'shipped', payment_status: 'paid', payment_method: 'cod', page: '3' })).toEqual({
      status: 'shipped',
      payment_status: 'paid',
      payment_method: 'cod',
      page: 3,
    });
  });

  it.each([
    { status: 'sent' },
    { payment_status: 'PAID' },
    { payment_method: 'bitcoin' },
    { page: '0' },
    { page: '1.5' },
    { page: 'x' },
    { page: '100001' },
    { q: 'x'.repeat(255) },
    { status: ['placed', 'shipped'] },
  ])('refuses %j', (query) => {
    expect(AdminOrderListQuery.safeParse(query).success).toBe(false);
  });
});

describe('ShipOrderBody', () => {
  it('takes a post tracking number, trimmed', () => {
    expect(ShipOrderBody.parse({ tracking_number: ' RR123456789HR ' })).toEqual({ tracking_number: 'RR123456789HR' });
  });
  it.each([
    [{}, 'ORDER_TRACKING_NUMBER_REQUIRED'],
    [{ tracking_number: '   ' }, 'ORDER_TRACKING_NUMBER_REQUIRED'],
    [{ tracking_number: 'RR1' }, 'ORDER_TRACKING_NUMBER_INVALID'],
    [{ tracking_number: 'RR<script>' }, 'ORDER_TRACKING_NUMBER_INVALID'],
    [{ tracking_number: 'R'.repeat(41) }, 'ORDER_TRACKING_NUMBER_INVALID'],
  ])('refuses %j with %s', (body, code) => {
    const parsed = ShipOrderBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(code);
  });
});
