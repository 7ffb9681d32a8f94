// The order module's public face: other modules import only from here (ESLint enforces it).
export { OrderModule } from './order.module.js';
export { OrderReadService, toOrderView } from './order.service.js';
export { OrderError, OrderTotalChangedError, type OrderErrorCode } from './order.errors.js';
export type { OrderStatus, OrderSummaryView, OrderView, PlaceOrderAnswer, PaymentFormView } from './order.types.js';
export { assertTransition } from './order-states.js';
export { OrderNumberService, formatOrderNumber, orderYear, provisionalOrderNumber, ORDER_NUMBER_TIME_ZONE } from './order-number.js';
export { OrderWriter, type OrderDraft, type WrittenOrder } from './order-writer.js';
export { orderMoney, type OrderLineDraft, type OrderMoney } from './order-totals.js';
export { OrderStateService, type StatusChange } from './order-state.service.js';
export { OrderPlacement, type PlacementCaller, type PlacementResult } from './order-placement.js';
export { OrderViewTokens, VIEW_TOKEN_TTL_MS } from './order-view-token.js';
export { PAYMENT_STARTER, type PaymentStarter } from './payment-port.js';
export {
  OrderPlaced,
  OrderShipped,
  OrderDelivered,
  OrderCancelled,
  OrderPaid,
  OrderPaymentAbandoned,
  OrderExpired,
  OrderRefunded,
  OrderPaymentMethodChanged,
} from './events/order.events.js';
export { PendingOrderActions } from './pending/pending-order.service.js';
export { OrderAdminService } from './admin/order-admin.service.js';
/** For tests that build an OrderPlacement with a stand-in PaymentStarter. */
export { OrderHistoryRepository } from './admin/order-history.repository.js';
export type { OrderAdministration, OrderOperator } from './admin/order-administration.js';
export { UnpaidOrderExpiry, UNPAID_ORDER_EXPIRY_JOB } from './jobs/unpaid-order-expiry.job.js';
export { PaymentReminder, PAYMENT_REMINDER_JOB } from './jobs/payment-reminder.job.js';
