import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { PlaceOrderAnswer } from '../../contract/api/order.js';
import { shopper } from '../support/shopper.js';
import { createProduct } from './catalog.js';

/** The delivery address the API tests order to. */
export const ADDRESS = { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };

/**
 * A guest (page language `language`) orders `quantity` packs of a new product at 4,50 € through the API
 * (cart, then `POST /api/orders` at the cart's total): the API's answer, the buyer's address and the
 * product's code.
 */
export async function guestOrder(
  shop: { app: INestApplicationContext; url: string },
  {
    method,
    language = 'hr',
    quantity = 2,
    email = `buyer-${randomUUID().slice(0, 8)}@example.com`,
    r1,
  }: {
    method: 'cod' | 'card';
    language?: string;
    quantity?: number;
    email?: string;
    /** An R1 invoice for a company (business buyer). */
    r1?: { company_name: string; tax_id: string; street: string; postal_code: string; city: string; country: string };
  },
) {
  const p = await createProduct(shop.app, { price: 450, stock: 10 });
  const s = await shopper(shop.url, language);
  await s.call('post', '/api/cart/items', { product_code: p.code, quantity }).expect(200);
  const { total } = await s.cart();
  const res = await s
    .call('post', '/api/orders', {
      email,
      phone: '+385 91 234 5678',
      delivery_address: ADDRESS,
      payment_method: method,
      ...(r1 ? { r1_invoice: r1 } : {}),
      terms_accepted: true,
      expected_total: total,
    })
    .set('Idempotency-Key', randomUUID())
    .expect(201);
  return { answer: PlaceOrderAnswer.parse(res.body).data, email, code: p.code };
}
