// `npm run catalog:price -- <code> <cents>`: changes a product's regular price through PriceService
// (the history records it), then prints old -> new and the history length.
import { NestFactory } from '@nestjs/core';
import { configFromProcessEnv, loadEnvFile } from '../server/config/index.js';
import { AppModule } from '../server/app.module.js';
import { runMigrations } from '../server/platform/database/index.js';
import { PriceService } from '../server/modules/catalog/index.js';
import { withDatabase } from './with-database.js';

const [code, cents] = process.argv.slice(2);
const euros = (c: number) => `${(c / 100).toFixed(2)} EUR`;

if (!code || !cents || !/^\d{1,9}$/.test(cents) || Number(cents) <= 0) {
  console.error(
    'Usage: npm run catalog:price -- <product code> <gross price in cents, a whole number above 0>\n  e.g. npm run catalog:price -- ZZ-SPAG-400 249',
  );
  process.exit(2);
}

loadEnvFile(); // .env when present; the real environment wins
const config = { ...configFromProcessEnv(), role: 'web' as const, seedDemoData: false };
await withDatabase(config, async (databaseUrl) => {
  await runMigrations(databaseUrl);
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, databaseUrl }), { logger: ['error', 'warn'] });
  try {
    const change = await app.get(PriceService).changePrice(code, Number(cents));
    console.log(
      `${change.code}: ${euros(change.oldCents)} -> ${euros(change.newCents)} (${change.oldCents} -> ${change.newCents} cents); price history: ${change.historyLength} entries`,
    );
  } catch (err) {
    if ((err as { code?: string }).code === 'CATALOG_PRODUCT_NOT_FOUND') {
      console.error(`No product with code ${code}. Codes look like ZZ-SPAG-400.`);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await app.close();
  }
});
