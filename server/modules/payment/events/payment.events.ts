import { paymentApproved, paymentCallbackReceived, paymentDeclined, paymentFlagged } from '../../../../contract/events/payment.js';
import { domainEvent } from '../../../platform/events/index.js';

/** The payment module's events (contracts in contract/events/payment.ts; docs/events.md). */
export class PaymentApproved extends domainEvent(paymentApproved) {}
export class PaymentDeclined extends domainEvent(paymentDeclined) {}
export class PaymentFlagged extends domainEvent(paymentFlagged) {}
export class PaymentCallbackReceived extends domainEvent(paymentCallbackReceived) {}
