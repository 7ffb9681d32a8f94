import request from 'supertest';

/**
 * A browser-like API client: a supertest agent with a cookie jar, a CSRF token from
 * `GET /api/csrf`, and a language. `call(method, path, body?)` sends the token on mutations.
 */
export async function shopper(url: string, language = 'en') {
  const agent = request.agent(url);
  const res = await agent.get('/api/csrf').expect(200);
  const token = (res.body as { data: { token: string } }).data.token;
  function call(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, body?: unknown) {
    let req = agent[method](path).set('Accept-Language', language);
    if (method !== 'get') req = req.set('X-CSRF-Token', token);
    return body === undefined ? req : req.send(body as object);
  }
  return { agent, token, call, cart: async () => (await call('get', '/api/cart').expect(200)).body.data };
}
export type Shopper = Awaited<ReturnType<typeof shopper>>;

/** The value of the signed `cart` cookie a response set, if any. */
export function cartCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? (set as string[]) : typeof set === 'string' ? [set] : [];
  const c = list.find((s) => s.startsWith('cart='));
  return c ? decodeURIComponent(c.slice('cart='.length).split(';')[0]) : undefined;
}

/** For hand-made Cookie headers: the CSRF token and the cookies (`name=value; …`) it is bound to. */
export async function csrfCookies(url: string): Promise<{ token: string; cookies: string }> {
  const res = await request(url).get('/api/csrf').expect(200);
  const set = res.headers['set-cookie'] as unknown as string[];
  return { token: (res.body as { data: { token: string } }).data.token, cookies: set.map((c) => c.split(';')[0]).join('; ') };
}
