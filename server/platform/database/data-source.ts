import { DataSource, type DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';
import { migrations } from '../../migrations/index.js';
import { QueryLogger } from './query-logger.js';

/** One definition of how we talk to PostgreSQL: schema from migrations only, never synchronize. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrations,
    migrationsTableName: 'schema_migration',
    migrationsTransactionMode: 'each',
    // A database that does not answer a new connection within 5 s counts as away (503, not a hang).
    extra: { max: poolSize, application_name: 'pasta-shop', connectionTimeoutMillis: 5_000 },
    logging: ['error', 'warn', 'migration'],
    // Through our logger, never with the parameters of a failed query (issue 8, F2).
    logger: new QueryLogger(),
  };
}

/**
 * Applies pending migrations. Several processes may boot at once (web and worker replicas):
 * a PostgreSQL advisory lock makes them take turns.
 */
export async function runMigrations(url: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const ds = new DataSource({ ...dataSourceOptions(url, 2), entities: [] });
  await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock(727001)');
    const applied = await ds.runMigrations({ transaction: 'each' });
    for (const m of applied) log(`migration applied: ${m.name}`);
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}
