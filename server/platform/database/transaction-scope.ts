import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';

/**
 * The transaction a piece of code runs in, for helpers deep below it that must write in that same
 * transaction without a manager passed down every call (MailQueue records a mail in the event
 * handler's transaction, so the mail exists exactly when the handler's effect does).
 * `afterCommit` work runs once the transaction has committed, never after a rollback.
 */
export interface TransactionScope {
  readonly manager: EntityManager;
  /** Called after COMMIT, in order; a failure is logged by the runner and does not undo the commit. */
  afterCommit(work: () => Promise<unknown>): void;
}

const storage = new AsyncLocalStorage<TransactionScope>();

/** The transaction scope the caller runs in, if any (bound by `inTransactionScope`). */
export function currentTransaction(): TransactionScope | undefined {
  return storage.getStore();
}

/**
 * Runs `body` with `manager` as the current transaction (call it inside `db.transaction`), and
 * returns its result with the after-commit work it registered: the caller runs that work
 * (`runAfterCommit`) once the transaction has committed.
 */
export async function inTransactionScope<T>(
  manager: EntityManager,
  body: () => Promise<T>,
): Promise<{ result: T; afterCommit: Array<() => Promise<unknown>> }> {
  const afterCommit: Array<() => Promise<unknown>> = [];
  const result = await storage.run({ manager, afterCommit: (work) => void afterCommit.push(work) }, body);
  return { result, afterCommit };
}

/** Runs after-commit work in order; a failing piece is reported to `onError` and the rest still run. */
export async function runAfterCommit(work: Array<() => Promise<unknown>>, onError: (err: Error) => void): Promise<void> {
  for (const w of work) {
    try {
      await w();
    } catch (err) {
      onError(err as Error);
    }
  }
}
