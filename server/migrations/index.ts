import type { MigrationInterface } from 'typeorm';

/**
 * Every migration, in order. Files are named `<timestamp>-<what>.ts` and export a class whose
 * name ends with the same timestamp (TypeORM sorts by it). Never edit an applied migration.
 */
export const migrations: Array<new () => MigrationInterface> = [];
