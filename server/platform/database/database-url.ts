/**
 * The PostgreSQL URL the boot sequence chose (DATABASE_URL or the embedded one), for parts that
 * need their own connection beside TypeORM's pool: the outbox relay's LISTEN connection and
 * BullMQ's PostgreSQL backend.
 */
export const DATABASE_URL = Symbol('DATABASE_URL');
