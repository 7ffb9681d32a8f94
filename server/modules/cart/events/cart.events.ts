import { cartBirthdayCouponIssued } from '../../../../contract/events/cart.js';
import { domainEvent } from '../../../platform/events/index.js';

// The cart's events; payloads and their meaning: contract/events/cart.ts.

export class BirthdayCouponIssued extends domainEvent(cartBirthdayCouponIssued) {}
