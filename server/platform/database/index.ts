export { DatabaseModule } from './database.module.js';
export { DATABASE_URL } from './database-url.js';
export { dataSourceOptions, runMigrations } from './data-source.js';
export { startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedPostgresHandle } from './embedded-postgres.js';
export { SnakeNamingStrategy } from './snake-naming.strategy.js';
export { SeedService, Seeder, type DemoSeeder } from './seed.js';
export {
  isDatabaseUnavailable,
  databaseUnavailableError,
  DATABASE_UNAVAILABLE,
  DATABASE_RETRY_AFTER_SECONDS,
} from './database-unavailable.js';
export { ChannelListener, type ChannelListenerOptions } from './channel-listener.js';
export { currentTransaction, inTransactionScope, runAfterCommit, type TransactionScope } from './transaction-scope.js';
