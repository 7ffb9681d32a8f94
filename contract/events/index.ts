export * from './event-contract.js';
export * from './identity.js';
export * from './cart.js';
export * from './catalog.js';
export * from './order.js';
export * from './payment.js';
export * from './content.js';
export * from './newsletter.js';
