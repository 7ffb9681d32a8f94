import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { maskSql, serializeError } from '../logger/logger.js';

/**
 * TypeORM's log, through the application's logger (Nest's, which is pino), and never with the
 * query's parameters (issue 8, F2): TypeORM's own console logger prints every parameter of a failed
 * query (a registration's argon2id hash, e-mail and birth date). A failed query is logged with its
 * error (serialized without data by the logger's `err` serializer) and the SQL with masked literals.
 */
export class QueryLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('database');

  logQuery(): void {
    // Every query is not worth a line (and would carry parameters).
  }

  logQueryError(error: string | Error, query: string): void {
    // Serialized here already: before the app exists (migrations) Nest's console logger prints whatever it gets.
    const err = serializeError(typeof error === 'string' ? new Error(error) : error);
    this.logger.error({ err, query: maskSql(query) }, 'query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ duration_ms: time, query: maskSql(query) }, 'slow query');
  }

  logSchemaBuild(): void {
    // The schema comes from migrations only (synchronize is off).
  }

  logMigration(): void {
    // runMigrations logs each applied migration through the shop's logger; TypeORM's chatter
    // before the app exists would go to Nest's console logger, unfiltered by LOG_LEVEL.
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.log(String(message));
  }
}
