// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded PostgreSQL).
import { configFromProcessEnv, loadEnvFile } from '../server/config/index.js';
import { withDatabase } from './with-database.js';
import { runMigrations } from '../server/platform/database/index.js';

loadEnvFile(); // .env when present; the real environment wins
const config = configFromProcessEnv();
await withDatabase(config, async (url) => {
  const applied = await runMigrations(url, (m) => console.log(m));
  console.log(applied.length ? `${applied.length} migration(s) applied.` : 'The schema is up to date.');
});
