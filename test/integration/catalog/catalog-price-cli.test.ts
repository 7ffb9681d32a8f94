import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startShop } from '../../support/app.js';
import { createProduct } from '../../factories/catalog.js';
import { DataSource } from 'typeorm';
import { catalogPriceChanged } from '../../../contract/events/catalog.js';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';

const run = promisify(execFile);

function cli(...args: string[]) {
  return run(process.execPath, ['--import', '@swc-node/register/esm-register', 'scripts/catalog-price.ts', ...args], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: process.env.TEST_REDIS_URL,
      QUEUE_PREFIX: `it-${process.env.TEST_RUN_ID ?? 'x'}-cli`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

describe('npm run catalog:price', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('changes the price through the history and refuses unknown codes and bad cents', async () => {
    const { code } = await createProduct(shop.app, { price: 249 });
    const ok = await cli(code, '279');
    expect(ok.stdout).toContain(`${code}: 2.49 EUR -> 2.79 EUR (249 -> 279 cents); price history: 2 entries`);
    expect(ok.code).toBe(0);
    expect((await shop.app.get(PriceService).history(code)).map((h) => h.amountCents)).toEqual([249, 279]);
    // and tells the rest of the shop, through the outbox
    const events: Array<{ payload: unknown }> = await shop.app
      .get(DataSource)
      .query(`SELECT payload FROM outbox_event WHERE name = 'catalog.price-changed' AND payload->>'productCode' = $1`, [code]);
    expect(events.map((e) => catalogPriceChanged.schema.parse(e.payload))).toEqual([
      expect.objectContaining({ productCode: code, oldPriceCents: 249, newPriceCents: 279 }),
    ]);

    const unknown = await cli('ZZ-NOPE-1', '100');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No product with code ZZ-NOPE-1');

    const bad = await cli(code, '2.5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run catalog:price');
    expect(await shop.app.get(PriceService).history(code)).toHaveLength(2);
    const [{ n }] = await shop.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM outbox_event WHERE name = 'catalog.price-changed' AND payload->>'productCode' = $1`, [code]);
    expect(n).toBe(1);
  }, 120_000);
});
