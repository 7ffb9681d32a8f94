import type { AppConfig } from '../server/config/index.js';
import { explainStartupError } from '../server/main.js';
import { startEmbeddedPostgres } from '../server/platform/database/index.js';

/** Runs `work` against DATABASE_URL, or against the embedded PostgreSQL started for the occasion. */
export async function withDatabase(config: AppConfig, work: (url: string) => Promise<void>): Promise<void> {
  let stop = async () => {};
  try {
    let url = config.database.url;
    if (!url) {
      const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.database.embeddedPort, log: (m) => console.log(m) });
      url = pg.url;
      stop = () => pg.stop();
    }
    await work(url);
  } catch (err) {
    console.error(explainStartupError(err) ?? err);
    process.exitCode = 1;
  } finally {
    await stop();
  }
}
