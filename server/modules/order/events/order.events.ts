import { orderPlaced } from '../../../../contract/events/order.js';
import { domainEvent } from '../../../platform/events/index.js';

// The order module's events; payloads and their meaning: contract/events/order.ts.

export class OrderPlaced extends domainEvent(orderPlaced) {}
