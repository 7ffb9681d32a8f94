import { describe, expect, it } from '@jest/globals';
import { FULFILMENT_MACHINE, PAYMENT_MACHINE } from '../../../contract/orders.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { localizedMessage } from '../../platform/i18n/index.js';
import { assertTransition } from './order-states.js';

describe('assertTransition', () => {
  it('answers the new state of a legal step', () => {
    expect(assertTransition(PAYMENT_MACHINE, 'awaiting_payment', 'paid')).toBe('paid');
    expect(assertTransition(FULFILMENT_MACHINE, 'placed', 'cancelled')).toBe('cancelled');
  });

  it('throws a 409-kind OrderError for an illegal or unknown step, with both states as params', () => {
    let caught: unknown;
    try {
      assertTransition(PAYMENT_MACHINE, 'refunded', 'paid');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      kind: 'conflict',
      params: { machine: 'payment', from: 'refunded', to: 'paid' },
      message: "This change is not possible in the order's current state.",
    });
    expect(() => assertTransition(FULFILMENT_MACHINE, 'delivered', 'nonsense')).toThrow(DomainError);
  });

  it('has the refusals in all four languages', () => {
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) expect(localizedMessage('ORDER_NOT_FOUND', locale)).toMatch(/\S/);
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) expect(localizedMessage('ORDER_TRANSITION_REFUSED', locale)).toMatch(/\S/);
    expect(localizedMessage('ORDER_TRANSITION_REFUSED', 'de')).toBe(
      'Diese Änderung ist im aktuellen Zustand der Bestellung nicht möglich.',
    );
  });
});
