/**
 * The audit log's allow-list (docs/admin.md 'Audit log'): each module declares, once at load, the
 * entity types it writes to the log and the fields of each that may be recorded in `before` and
 * `after`. Whatever else a caller hands in is dropped. A field whose name says it holds a secret
 * (password, hash, token, secret, an API or signing key) can never be registered.
 */
const registry = new Map<string, Set<string>>();

/** Words of a snake_case field name that say it holds a secret. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'hash',
  'token',
  'secret',
  'apikey',
  'otp',
  'totp',
  'private',
  'salt',
  'iban',
  'pan',
  'cvv',
]);
const isSecretField = (f: string): boolean =>
  f
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((w) => SECRET_WORDS.has(w)) || /(api|secret|private|signing|access|encryption)_?key/i.test(f);
const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Declares the fields of `entityType` that may be logged (called again: the fields are added). */
export function registerAuditFields(entityType: string, fields: readonly string[]): void {
  if (!NAME.test(entityType)) throw new Error(`audit: entity type '${entityType}' must be snake_case`);
  for (const f of fields) {
    if (isSecretField(f)) throw new Error(`audit: '${entityType}.${f}' looks like a secret and may never be logged`);
  }
  const known = registry.get(entityType) ?? new Set<string>();
  for (const f of fields) known.add(f);
  registry.set(entityType, known);
}

/** Whether `entityType` was registered. */
export function isAuditEntityType(entityType: string): boolean {
  return registry.has(entityType);
}

/**
 * The allow-listed fields of `values` (null stays null, undefined is none): dates as ISO strings,
 * everything else as JSON would hold it. An unregistered entity type is a programming error.
 */
export function allowedAuditFields(entityType: string, values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const allowed = registry.get(entityType);
  if (!allowed) throw new Error(`audit: entity type '${entityType}' is not registered (registerAuditFields)`);
  if (values === null || values === undefined) return null;
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (allowed.has(k) && v !== undefined) kept[k] = v instanceof Date ? v.toISOString() : v;
  }
  return kept;
}
