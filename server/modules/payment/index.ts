// The payment module's public face: other modules import only from here (ESLint enforces it).
export { PaymentModule } from './payment.module.js';
export {
  PAYMENT_PROVIDER,
  type PaymentCallback,
  type PaymentForm,
  type PaymentProvider,
  type PaymentRefusal,
  type PaymentRequest,
  type PaymentReturn,
  type PaymentStatus,
  type RefundResult,
  type TransactionResult,
  type Verified,
} from './payment-provider.js';
export { PaymentError, type PaymentErrorCode } from './payment.errors.js';
export { MonriWebPayProvider, type MonriSettings } from './monri/monri-webpay.provider.js';
export { SandboxEmulator } from './sandbox/sandbox-emulator.service.js';
export {
  mountPaymentSandbox,
  SANDBOX_CAPTURE_PATH,
  SANDBOX_FORM_PATH,
  SANDBOX_REFUND_PATH,
  SANDBOX_STATUS_PATH,
  SANDBOX_VOID_PATH,
} from './sandbox/sandbox.routes.js';
export {
  PaymentService,
  PAYMENT_CALLBACK_ROUTE,
  paymentCallbackPath,
  PAYMENT_RETURN_PATH,
  paymentReturnUrl,
  type CaptureOutcome,
  type PaymentStart,
  type RefundOutcome,
} from './payment.service.js';
export {
  PaymentSettlement,
  RECONCILE_JOB,
  SETTLE_CALLBACK_JOB,
  settleCallbackJobId,
  type CallbackReceipt,
  type ProviderVerdict,
  type SettlementOutcome,
} from './settlement/payment-settlement.service.js';
export { PaymentApproved, PaymentDeclined, PaymentFlagged, PaymentSandboxCallbackOwed } from './events/payment.events.js';
export {
  isMonriAmount as isCardAmount,
  MONRI_MAX_AMOUNT_CENTS as CARD_MAX_AMOUNT_CENTS,
  MONRI_MIN_AMOUNT_CENTS as CARD_MIN_AMOUNT_CENTS,
} from './monri/monri-fields.js';
