export { DatabaseModule } from './database.module.js';
export { DATABASE_URL } from './database-url.js';
export { dataSourceOptions, runMigrations } from './data-source.js';
export { startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedPostgresHandle } from './embedded-postgres.js';
export { SeedService, Seeder, type DemoSeeder } from './seed.js';
export { isDatabaseUnavailable } from './database-unavailable.js';
export { ChannelListener } from './channel-listener.js';
export { currentTransaction, inTransactionScope, runAfterCommit } from './transaction-scope.js';
