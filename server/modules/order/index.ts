// The order module's public face: other modules import only from here (ESLint enforces it).
export { OrderModule } from './order.module.js';
export { OrderReadService } from './order.service.js';
export { OrderWriter } from './order-writer.js';
export { OrderPlacement } from './order-placement.js';
/** The year's EU distance sales against the OSS threshold (docs/invoicing/vat.md). */
export { EuDistanceSales } from './vat/eu-distance-sales.js';
/** The order figures of the back office's dashboard. */
export { OrderFigures } from './admin/order-figures.repository.js';
/** A customer's orders for the back office: the profile, the data export, the erasure (docs/admin.md 'Customers'). */
export { CustomerOrders } from './customer-orders.js';
export { OrderViewTokens } from './order-view-token.js';
export { OrderAccess } from './order-access.js';
export { type PaymentStarter } from './payment-port.js';
export { OrderCancelled } from './events/order.events.js';
/** For tests that build an OrderPlacement with a stand-in PaymentStarter. */
export { OrderHistoryRepository } from './admin/order-history.repository.js';
export { UnpaidOrderExpiry } from './jobs/unpaid-order-expiry.job.js';
export { PaymentReminder } from './jobs/payment-reminder.job.js';
