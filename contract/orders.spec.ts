import { describe, expect, it } from '@jest/globals';
import {
  FULFILMENT_MACHINE,
  FULFILMENT_STATUSES,
  PAYMENT_MACHINE,
  PAYMENT_STATUSES,
  isState,
  transition,
  type StateMachine,
} from './orders.js';

/**
 * The legal steps written out independently of the tables in orders.ts (issue 10, docs/orders.md):
 * every other pair of states, including staying put, must be refused.
 */
const LEGAL_PAYMENT = new Set(['awaiting_payment>paid', 'awaiting_payment>failed', 'failed>awaiting_payment', 'paid>refunded']);
const LEGAL_FULFILMENT = new Set(['placed>shipped', 'shipped>delivered', 'placed>cancelled']);

function everyPair<S extends string>(states: readonly S[]): Array<[S, S]> {
  return states.flatMap((from) => states.map((to): [S, S] => [from, to]));
}

function checkEveryPair<S extends string>(machine: StateMachine<S>, states: readonly S[], legal: Set<string>) {
  const pairs = everyPair(states);
  it(`has exactly ${states.length} x ${states.length} pairs to judge`, () => {
    expect(pairs).toHaveLength(states.length ** 2);
    expect([...machine.states].sort()).toEqual([...states].sort());
  });
  it.each(pairs)(`${machine.name}: %s -> %s`, (from, to) => {
    const result = transition(machine, from, to);
    if (legal.has(`${from}>${to}`)) {
      expect(result).toEqual({ ok: true, machine: machine.name, from, to });
    } else {
      expect(result).toEqual({
        ok: false,
        code: 'ORDER_TRANSITION_REFUSED',
        machine: machine.name,
        reason: 'illegal',
        from,
        to,
        allowed: states.filter((s) => legal.has(`${from}>${s}`)),
      });
    }
  });
}

describe('payment state machine', () => {
  checkEveryPair(PAYMENT_MACHINE, PAYMENT_STATUSES, LEGAL_PAYMENT);

  it('starts at awaiting_payment; refunded is final', () => {
    expect(PAYMENT_MACHINE.initial).toBe('awaiting_payment');
    expect(PAYMENT_MACHINE.transitions.refunded).toEqual([]);
  });
});

describe('fulfilment state machine', () => {
  checkEveryPair(FULFILMENT_MACHINE, FULFILMENT_STATUSES, LEGAL_FULFILMENT);

  it('starts at placed; delivered and cancelled are final', () => {
    expect(FULFILMENT_MACHINE.initial).toBe('placed');
    expect(FULFILMENT_MACHINE.transitions.delivered).toEqual([]);
    expect(FULFILMENT_MACHINE.transitions.cancelled).toEqual([]);
  });
});

describe('transition with states that are not in the machine', () => {
  it('refuses an unknown target, telling what the current state allows', () => {
    expect(transition(PAYMENT_MACHINE, 'awaiting_payment', 'shipped')).toEqual({
      ok: false,
      code: 'ORDER_TRANSITION_REFUSED',
      machine: 'payment',
      reason: 'unknown_state',
      from: 'awaiting_payment',
      to: 'shipped',
      allowed: ['paid', 'failed'],
    });
    expect(transition(FULFILMENT_MACHINE, 'placed', 'paid')).toMatchObject({
      ok: false,
      reason: 'unknown_state',
      allowed: ['shipped', 'cancelled'],
    });
  });

  it('refuses an unknown origin, including names of Object.prototype and odd strings', () => {
    for (const from of ['', 'PAID', 'placed ', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(transition(PAYMENT_MACHINE, from, 'paid')).toMatchObject({ ok: false, reason: 'unknown_state', allowed: [] });
      expect(transition(FULFILMENT_MACHINE, from, 'shipped')).toMatchObject({ ok: false, reason: 'unknown_state', allowed: [] });
    }
  });

  it('isState narrows only the machine own states', () => {
    expect(isState(PAYMENT_MACHINE, 'paid')).toBe(true);
    expect(isState(PAYMENT_MACHINE, 'placed')).toBe(false);
    expect(isState(FULFILMENT_MACHINE, 'placed')).toBe(true);
    expect(isState(FULFILMENT_MACHINE, 42)).toBe(false);
    expect(isState(FULFILMENT_MACHINE, undefined)).toBe(false);
  });
});
