/**
 * Polls `probe` every `intervalMs` until it returns a truthy value, and returns it; fails with
 * `what` and the last value seen after `timeoutMs`. No fixed sleeps in tests.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T> | T,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      lastError = undefined;
      if (last) return last as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const detail = lastError ? `last error: ${(lastError as Error).message}` : `last value: ${JSON.stringify(last)}`;
      throw new Error(`Timed out waiting for ${what} (${detail})`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 25));
  }
}
