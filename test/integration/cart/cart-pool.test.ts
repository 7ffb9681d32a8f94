import { startShop } from '../../support/app.js';
import { shopper } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';

// Regression: a cart change looked products up on a second pool connection while its own
// transaction held the first; with as many concurrent changes as pool connections, every
// request waited for a connection that never came and the whole shop stopped answering.
describe('cart changes under a busy connection pool', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop({ env: { DB_POOL_SIZE: '2' } });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('completes more concurrent adds than the pool has connections', async () => {
    const visitors = await Promise.all(Array.from({ length: 6 }, () => shopper(shop.url, 'hr')));
    const started = Date.now();
    const answers = await Promise.all(
      visitors.map((v) => v.call('post', '/api/cart/items', { product_code: 'ZZ-SPAG-400', quantity: 1 }).timeout(15_000)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const a of answers) expect(a.body.data.lines).toHaveLength(1);
  });
});
