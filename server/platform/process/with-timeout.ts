/** `p`, or a rejection naming `what` once `ms` have passed (the timer is cleared either way). */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}
