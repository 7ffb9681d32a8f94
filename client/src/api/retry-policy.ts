/**
 * The request retry policy (spec section 9): one retry for non-mutating methods (GET, HEAD), none for POST,
 * PUT, PATCH, DELETE; retried only on the statuses 408, 409, 425, 429, 500, 502, 503, 504. Network errors
 * (status 0) and every other status are not retried; no timeout is preset.
 *
 * http.ts applies it to every request (route loaders, queries, the sitemap). The query client does not retry
 * on top of it (api/query-client.ts), so a GET is sent at most twice.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Retries after the first attempt. */
export const MAX_RETRIES = 1;

/** Pause before the retry: long enough for a restarting upstream, short enough for a page render. */
export const RETRY_DELAY_MS = 300;

const RETRYABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Whether attempt number `attempt` (1 = the first request) that ended with `status` may be sent again. */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt <= MAX_RETRIES && RETRYABLE_METHODS.has(method.toUpperCase()) && RETRY_STATUSES.has(status);
}
