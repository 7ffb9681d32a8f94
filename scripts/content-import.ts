// `npm run content:import`: applies migrations, then imports content/ (CONTENT_DIR) into the content
// module's tables (docs/content.md 'How the import works'). Prints what changed, every refused file
// and every warning; exits 1 when a file was refused (the others are imported all the same).
// Texts edited in the back office are kept (reported as 'kept'); `--force` overwrites them with the
// files and unpublishes edited translations whose file is gone (entries created in the back office
// have no file and are never touched). docs/admin.md 'Content in the back office'.
import { NestFactory } from '@nestjs/core';
import { configFromProcessEnv, loadEnvFile } from '../server/config/index.js';
import { AppModule } from '../server/app.module.js';
import { ContentImporter } from '../server/modules/content/index.js';
import { runMigrations } from '../server/platform/database/index.js';
import { withDatabase } from './with-database.js';

loadEnvFile(); // .env when present; the real environment wins
const base = configFromProcessEnv();
// The import runs here, once, not again as the application context starts.
const force = process.argv.slice(2).includes('--force');
const config = { ...base, role: 'web' as const, content: { ...base.content, importAtStart: false } };
let failed = false;
await withDatabase(config, async (databaseUrl) => {
  await runMigrations(databaseUrl, (m) => console.log(m));
  const app = await NestFactory.createApplicationContext(AppModule.register({ config, databaseUrl }), { logger: ['error', 'warn'] });
  try {
    const started = performance.now();
    const r = await app.get(ContentImporter).run({ force });
    const ms = Math.round(performance.now() - started);
    for (const e of r.errors) console.error(`refused  ${e.path}: ${e.message}`);
    for (const w of r.warnings) console.warn(`warning  ${w.path}: ${w.message}`);
    console.log(
      `Imported ${r.dir}: ${r.files} files, ${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged, ${r.unpublished} unpublished, ${r.kept} kept as edited in the back office${force ? ' (none: --force)' : ''}, ${r.events} events, ${r.errors.length} refused, ${r.warnings.length} warnings, in ${ms} ms.`,
    );
    failed = r.errors.length > 0;
  } finally {
    await app.close();
  }
});
if (failed) process.exitCode = 1;
