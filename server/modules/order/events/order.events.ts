import {
  orderCancelled,
  orderDelivered,
  orderExpired,
  orderMailResendRequested,
  orderPaid,
  orderPaymentAbandoned,
  orderPaymentMethodChanged,
  orderPlaced,
  orderRefunded,
  orderShipped,
} from '../../../../contract/events/order.js';
import { domainEvent } from '../../../platform/events/index.js';

// The order module's events; payloads and their meaning: contract/events/order.ts.

export class OrderPlaced extends domainEvent(orderPlaced) {}
export class OrderShipped extends domainEvent(orderShipped) {}
export class OrderDelivered extends domainEvent(orderDelivered) {}
export class OrderCancelled extends domainEvent(orderCancelled) {}
export class OrderPaid extends domainEvent(orderPaid) {}
export class OrderPaymentAbandoned extends domainEvent(orderPaymentAbandoned) {}
export class OrderExpired extends domainEvent(orderExpired) {}
export class OrderRefunded extends domainEvent(orderRefunded) {}
export class OrderPaymentMethodChanged extends domainEvent(orderPaymentMethodChanged) {}
export class OrderMailResendRequested extends domainEvent(orderMailResendRequested) {}
