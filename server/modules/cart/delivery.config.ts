// The delivery configuration lives in contract/delivery.ts: the cart prices with it and the delivery page prints it.
export { DELIVERY_CONFIG, POSTAL_CODE_FORMATS, type DeliveryConfig, type DeliveryZone } from '../../../contract/delivery.js';
