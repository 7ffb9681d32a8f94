import {
  paymentApproved,
  paymentCallbackReceived,
  paymentDeclined,
  paymentFlagged,
  paymentSandboxCallbackOwed,
} from '../../../../contract/events/payment.js';
import { domainEvent } from '../../../platform/events/index.js';

/** The payment module's events (contracts in contract/events/payment.ts; docs/events.md). */
export class PaymentApproved extends domainEvent(paymentApproved) {}
export class PaymentDeclined extends domainEvent(paymentDeclined) {}
export class PaymentFlagged extends domainEvent(paymentFlagged) {}
/** The sandbox's own: a callback it owes the shop (delivered by SandboxCallbackListener). */
export class PaymentSandboxCallbackOwed extends domainEvent(paymentSandboxCallbackOwed) {}
export class PaymentCallbackReceived extends domainEvent(paymentCallbackReceived) {}
