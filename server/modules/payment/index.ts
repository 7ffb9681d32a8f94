// The payment module's public face: other modules import only from here (ESLint enforces it).
export { PaymentModule } from './payment.module.js';
export { PAYMENT_PROVIDER, type PaymentForm, type PaymentProvider, type PaymentRequest } from './payment-provider.js';
export { SandboxEmulator } from './sandbox/sandbox-emulator.service.js';
export {
  mountPaymentSandbox,
  SANDBOX_CAPTURE_PATH,
  SANDBOX_FORM_PATH,
  SANDBOX_REFUND_PATH,
  SANDBOX_STATUS_PATH,
  SANDBOX_VOID_PATH,
} from './sandbox/sandbox.routes.js';
export { PaymentService, PAYMENT_CALLBACK_ROUTE, paymentCallbackPath, PAYMENT_RETURN_PATH } from './payment.service.js';
export { PaymentSettlement } from './settlement/payment-settlement.service.js';
export {
  isMonriAmount as isCardAmount,
  MONRI_MAX_AMOUNT_CENTS as CARD_MAX_AMOUNT_CENTS,
  MONRI_MIN_AMOUNT_CENTS as CARD_MIN_AMOUNT_CENTS,
} from './monri/monri-fields.js';
