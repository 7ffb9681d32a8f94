import { z } from 'zod';

/**
 * A domain event's contract: its stable name and the zod schema of its payload, which carries its
 * schema version as `version`. The publisher checks a payload against it before the outbox row is
 * written; every subscriber's delivery parses it again (a payload that does not parse is a poison
 * message: logged and failed at once, never handed to the handler). docs/events.md lists them all.
 *
 * Versioning: a payload change that an older subscriber could misread is a new version
 * (`fooV2 = z.object({ version: z.literal(2), ... })`); the contract's `schema` then accepts every
 * version still in flight (`z.discriminatedUnion('version', [fooV1, fooV2])`) and `version` names
 * the one publishers write. A version the schema does not know is refused.
 */
export interface EventContract<T extends { version: number } = { version: number }, V extends T['version'] = T['version']> {
  /** '<module>.<what-happened>', lowercase kebab case; stored in the outbox and in job names, never renamed. */
  readonly name: string;
  /** The version publishers write now. */
  readonly version: V;
  /** Parses a stored payload of any version still understood. */
  readonly schema: z.ZodType<T>;
}

/** Every version of an event's payload, as subscribers receive it. */
export type EventPayload<C> = C extends EventContract<infer T, infer _V> ? T : never;

/** The payload publishers write now (the current version). */
export type CurrentPayload<C> = C extends EventContract<infer T, infer V> ? Extract<T, { version: V }> : never;

/** What a publisher passes: the current payload; `version` is filled in from the contract. */
export type PayloadInput<C> = WithoutVersion<CurrentPayload<C>>;
type WithoutVersion<T> = T extends unknown ? Omit<T, 'version'> : never;

export const EVENT_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z][a-z0-9]*(-[a-z0-9]+)*)+$/;

export function defineEvent<T extends { version: number }, const V extends T['version']>(
  name: string,
  version: V,
  schema: z.ZodType<T>,
): EventContract<T, V> {
  if (!EVENT_NAME_PATTERN.test(name)) throw new Error(`event name ${JSON.stringify(name)} must look like 'identity.user-registered'`);
  return Object.freeze({ name, version, schema });
}

/**
 * For events published before payloads carried a version: a stored payload without `version` is
 * read as version 1 (rows written by the previous release during a rolling deploy). Any other
 * version still has to be one the schema knows.
 */
export function versionlessIsV1<S extends z.ZodType<{ version: number }>>(schema: S) {
  return z.preprocess(
    (value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) && !('version' in value) ? { ...value, version: 1 } : value,
    schema,
  );
}

/** Shared field shapes. */
export const eventFields = {
  /** A row id (uuid). */
  id: z.guid(),
  /** An instant, ISO 8601 with offset ('2026-11-24T13:45:00.000Z'). */
  instant: z.iso.datetime({ offset: true }),
  /** A calendar date 'YYYY-MM-DD'. */
  date: z.iso.date(),
};
