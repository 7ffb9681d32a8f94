/**
 * The order API's shapes as the checkout screens use them: the types of contract/api/order.ts, imported as
 * types only.
 */
import type { PlaceOrderAnswer } from '../../../../contract/api/order';

export type { PaymentFormView as PaymentForm } from '../../../../contract/api/order';

/** `POST /api/orders`'s answer (inside `{ data }`): the order, its view token, the card hand-off form or null. */
export type PlaceOrderResult = PlaceOrderAnswer['data'];
