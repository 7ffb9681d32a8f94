// What the operators' browser tests share: the demo operator, signing in on the shop's login page, and a
// guest's cash-on-delivery order placed over the API as the checkout does.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { BASE_URL, hydrated } from './site.js';

/** The demo operator (role admin) the demo seeder makes outside production. */
export const OPERATOR = { email: 'operater@zlatnozrno.test', password: 'operater-demo' } as const;

/** On the login page an admin page sent the browser to: signs the demo operator in (the page comes back). */
export async function signInOperator(page: Page): Promise<void> {
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.locator('input[name="email"]').fill(OPERATOR.email);
  await login.locator('input[name="password"]').fill(OPERATOR.password);
  await login.locator('button[type="submit"]').click();
}

const ADDRESS = { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };

/** A guest's cash-on-delivery order of one demo pack, placed over the API as the checkout does. */
export async function placeCodOrder(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${BASE_URL}/api/csrf`);
  remember(csrf);
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${BASE_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie(), ...headers },
      body: JSON.stringify(body),
    });
    remember(res);
    return res;
  };
  expect((await send('/api/cart/items', { product_code: 'ZZ-SPAG-400', quantity: 1 })).status).toBe(200);
  const cart = await fetch(`${BASE_URL}/api/cart`, { headers: { cookie: cookie() } });
  const total = ((await cart.json()) as { data: { total: number } }).data.total;
  const placed = await send(
    '/api/orders',
    { email, phone: '+385 91 234 5678', delivery_address: ADDRESS, payment_method: 'cod', terms_accepted: true, expected_total: total },
    { 'idempotency-key': randomUUID() },
  );
  const answer = (await placed.json()) as { data: { order: { number: string } } };
  expect(placed.status).toBe(201);
  return answer.data.order.number;
}
