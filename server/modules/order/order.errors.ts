import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/** Every refusal of the order module: HTTP kind, and the message in the four languages. */
const CODES = {
  ORDER_AUTH_REQUIRED: {
    kind: 'unauthenticated',
    hr: 'Prijavite se da biste vidjeli svoje narudžbe.',
    en: 'Please sign in to see your orders.',
    de: 'Bitte melden Sie sich an, um Ihre Bestellungen zu sehen.',
    sl: 'Prijavite se, da si ogledate svoja naročila.',
  },
  ORDER_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Narudžba nije pronađena.',
    en: 'Order not found.',
    de: 'Bestellung nicht gefunden.',
    sl: 'Naročila ni mogoče najti.',
  },
  // a step the order's payment or fulfilment state machine does not allow (contract/orders.ts)
  ORDER_TRANSITION_REFUSED: {
    kind: 'conflict',
    hr: 'Narudžba u svom trenutačnom stanju ne dopušta tu promjenu.',
    en: "This change is not possible in the order's current state.",
    de: 'Diese Änderung ist im aktuellen Zustand der Bestellung nicht möglich.',
    sl: 'Te spremembe v trenutnem stanju naročila ni mogoče izvesti.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type OrderErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

/** A refusal of the order module (its message in the caller's language comes from the registration above). */
export class OrderError extends DomainError {
  constructor(code: OrderErrorCode, params: Record<string, string | number> = {}, field?: string) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code].kind, field, [], params);
  }
}
