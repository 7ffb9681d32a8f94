/**
 * An order's two independent state machines (docs/orders.md), shared by the server (which alone
 * changes states), the client and the e-mails (which show them). Each machine is a table: a state
 * and the states it may move to. Everything not in the table is refused by `transition`.
 *
 * SPEC section 4 names the order status labels 'awaiting payment' and 'paid'; issue 10 adds the
 * failed and refunded payment states and the fulfilment states.
 */

/** Where the money stands. Cash on delivery stays `awaiting_payment` until the cash is recorded. */
export const PAYMENT_STATUSES = ['awaiting_payment', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where the parcel stands. */
export const FULFILMENT_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** Card on the provider's hosted page, or cash on delivery. */
export const PAYMENT_METHODS = ['card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface StateMachine<S extends string> {
  /** Names the machine in refusals and logs. */
  readonly name: 'payment' | 'fulfilment';
  readonly states: readonly S[];
  /** The state of a newly placed order. */
  readonly initial: S;
  /** state -> the states it may move to; a state with none is final. */
  readonly transitions: { readonly [K in S]: readonly S[] };
}

/**
 * awaiting_payment -> paid | failed; failed -> awaiting_payment (a new payment attempt for the same
 * order); paid -> refunded. refunded is final.
 */
export const PAYMENT_MACHINE: StateMachine<PaymentStatus> = {
  name: 'payment',
  states: PAYMENT_STATUSES,
  initial: 'awaiting_payment',
  transitions: {
    awaiting_payment: ['paid', 'failed'],
    failed: ['awaiting_payment'],
    paid: ['refunded'],
    refunded: [],
  },
};

/** placed -> shipped -> delivered; placed -> cancelled. delivered and cancelled are final. */
export const FULFILMENT_MACHINE: StateMachine<FulfilmentStatus> = {
  name: 'fulfilment',
  states: FULFILMENT_STATUSES,
  initial: 'placed',
  transitions: {
    placed: ['shipped', 'cancelled'],
    shipped: ['delivered'],
    delivered: [],
    cancelled: [],
  },
};

/** The error code a refused transition carries (the server registers its message in four languages). */
export const TRANSITION_REFUSED = 'ORDER_TRANSITION_REFUSED';

export type TransitionResult<S extends string> =
  | { ok: true; machine: StateMachine<S>['name']; from: S; to: S }
  | {
      ok: false;
      code: typeof TRANSITION_REFUSED;
      machine: StateMachine<S>['name'];
      /** `unknown_state`: from or to is no state of the machine (e.g. hostile input); `illegal`: not in the table (also from = to). */
      reason: 'unknown_state' | 'illegal';
      from: string;
      to: string;
      /** The states `from` may move to (empty when `from` is unknown or final). */
      allowed: readonly S[];
    };

/** Whether `value` is a state of `machine` (narrows strings read from a request or a database). */
export function isState<S extends string>(machine: StateMachine<S>, value: unknown): value is S {
  return typeof value === 'string' && (machine.states as readonly string[]).includes(value);
}

/**
 * Checks one step of a machine without side effects: ok when the table allows `from -> to`,
 * otherwise a refusal carrying the code, the machine, both states and what `from` allows (all a
 * DomainError needs). Staying in the same state is not a transition and is refused as illegal, so
 * a caller that wants idempotency checks `from === to` itself.
 */
export function transition<S extends string>(machine: StateMachine<S>, from: string, to: string): TransitionResult<S> {
  const refuse = (reason: 'unknown_state' | 'illegal', allowed: readonly S[]): TransitionResult<S> => ({
    ok: false,
    code: TRANSITION_REFUSED,
    machine: machine.name,
    reason,
    from,
    to,
    allowed,
  });
  if (!isState(machine, from)) return refuse('unknown_state', []);
  const allowed = machine.transitions[from];
  if (!isState(machine, to)) return refuse('unknown_state', allowed);
  if (!allowed.includes(to)) return refuse('illegal', allowed);
  return { ok: true, machine: machine.name, from, to };
}

/** A delivery or billing address as an order stores it (JSON names snake_case). */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  street: string;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The R1 invoice wish: the company the invoice is made out to. */
export interface R1Invoice {
  company_name: string;
  /** Croatian OIB or an EU VAT number. */
  tax_id: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
}
