// `npm run db:seed`: applies migrations, then runs every demo-data seeder not yet run on this database.
import { NestFactory } from '@nestjs/core';
import { configFromProcessEnv, loadEnvFile } from '../server/config/index.js';
import { AppModule } from '../server/app.module.js';
import { runMigrations, SeedService } from '../server/platform/database/index.js';
import { withDatabase } from './with-database.js';

loadEnvFile(); // .env when present; the real environment wins
const config = { ...configFromProcessEnv(), role: 'web' as const };
await withDatabase(config, async (databaseUrl) => {
  await runMigrations(databaseUrl, (m) => console.log(m));
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, databaseUrl }), { logger: ['error', 'warn', 'log'] });
  try {
    const ran = await app.get(SeedService).run();
    console.log(ran.length ? `Seeded: ${ran.join(', ')}` : 'Nothing to seed: every seeder has run on this database.');
  } finally {
    await app.close();
  }
});
