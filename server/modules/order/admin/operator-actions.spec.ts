import { describe, expect, it } from '@jest/globals';
import { actionsFor, operatorMayAct } from './operator-actions.js';

describe('operatorMayAct', () => {
  it('lets admin take every action', () => {
    for (const action of ['ship', 'deliver', 'cash-received', 'cancel', 'refund'] as const) {
      expect(operatorMayAct('admin', action, { payment_status: 'paid' })).toBe(true);
    }
  });

  it('lets staff ship, deliver, take cash and cancel an unpaid order, never refund', () => {
    expect(operatorMayAct('staff', 'ship', { payment_status: 'paid' })).toBe(true);
    expect(operatorMayAct('staff', 'deliver', { payment_status: 'paid' })).toBe(true);
    expect(operatorMayAct('staff', 'cash-received', { payment_status: 'awaiting_payment' })).toBe(true);
    expect(operatorMayAct('staff', 'cancel', { payment_status: 'awaiting_payment' })).toBe(true);
    expect(operatorMayAct('staff', 'cancel', { payment_status: 'paid' })).toBe(false);
    expect(operatorMayAct('staff', 'refund', { payment_status: 'paid' })).toBe(false);
  });

  it('lets customers, business buyers and nobody do nothing', () => {
    for (const role of ['customer', 'business', undefined] as const) {
      expect(operatorMayAct(role, 'ship', { payment_status: 'paid' })).toBe(false);
    }
  });
});

describe('actionsFor', () => {
  it("keeps only the actions the operator's role may take", () => {
    const order = { payment_status: 'paid' as const, actions: ['ship' as const, 'cancel' as const, 'refund' as const] };
    expect(actionsFor('staff', order).actions).toEqual(['ship']);
    expect(actionsFor('admin', order).actions).toEqual(['ship', 'cancel', 'refund']);
  });
});
