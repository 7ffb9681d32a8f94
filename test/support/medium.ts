import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from '../../server/platform/database/data-source.js';

/**
 * The real TypeORM DataSource of a medium test: the shop's own options (naming strategy, pool) on
 * the test file's database (cloned from the run's migrated template by integration-environment.mjs),
 * with only the entities the services under test use. No Nest application, no Redis, no HTTP: the
 * test builds its service(s) by hand around it (docs/architecture.md, 'Tests').
 */
export async function mediumDataSource(entities: NonNullable<DataSourceOptions['entities']> = [], poolSize = 8): Promise<DataSource> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("medium tests need the test file's database (test/support/integration-environment.mjs)");
  // logging off: a test that expects a query to fail (a unique key, a CHECK) prints nothing
  const ds = new DataSource({ ...dataSourceOptions(url, poolSize), entities, logging: false });
  return ds.initialize();
}
