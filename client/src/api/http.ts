/**
 * The one HTTP client of the front end: every call to the shop's JSON API (`/api/...`) goes through it.
 *
 *  - Success answers are `{ data: T }`; `get`/`send` resolve to `T`.
 *  - Failures are `{ errors: [{ code, message, field? }] }` with a 4xx/5xx status; they reject with an
 *    `ApiError` carrying both. The messages are already localized by the API (Accept-Language).
 *  - In the browser: origin '' (same origin), cookies sent ('same-origin'), the page's language in
 *    Accept-Language and, on mutations, the CSRF token from <meta name="csrf-token"> in X-CSRF-Token
 *    (`browserApi`).
 *  - During SSR: origin = ctx.apiOrigin, with the incoming request's Cookie and Accept-Language forwarded
 *    (`serverApi`, used by entry-server.tsx).
 *  - Retries (spec section 9, api/retry-policy.ts): a GET answered 408, 409, 425, 429, 500, 502, 503 or 504 is
 *    sent once more after a short pause; mutations are never repeated.
 *
 * Route loaders reach it as `context.api(locale)` (router-context.ts).
 */
import type { Locale } from '../../../contract/locales';
import { RETRY_DELAY_MS, shouldRetry } from './retry-policy';

export interface ApiErrorDetail {
  code: string;
  message: string;
  field?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorDetail[];

  constructor(status: number, errors: ApiErrorDetail[]) {
    super(errors[0]?.message ?? `API request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** The first error code, e.g. CATALOG_PRODUCT_NOT_FOUND. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Api {
  get<T>(path: string): Promise<T>;
  /** `headers`: extra headers of this one call (e.g. `Idempotency-Key`). */
  send<T>(method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

export interface ApiOptions {
  /** '' in the browser, ctx.apiOrigin during SSR. */
  origin: string;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Extra headers for mutations only (CSRF token); read lazily so a token set after creation is used. */
  mutationHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** Pause before a retry (tests pass a fake); defaults to a timer of RETRY_DELAY_MS. */
  sleep?: (ms: number) => Promise<void>;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Turns a fetch Response into `T` or an ApiError (exported for tests). */
export async function readApiResponse<T>(response: Response): Promise<T> {
  let body: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const errors = isErrorBody(body) ? body.errors : [{ code: 'HTTP_ERROR', message: `HTTP ${response.status}` }];
    throw new ApiError(response.status, errors);
  }
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  // 204 No Content and the like.
  return undefined as T;
}

function isErrorBody(body: unknown): body is { errors: ApiErrorDetail[] } {
  return !!body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors);
}

export function createApi({ origin, headers = {}, mutationHeaders, fetch: fetchImpl, sleep = timerSleep }: ApiOptions): Api {
  const doFetch = fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const request = async <T>(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<T> => {
    const all: Record<string, string> = { Accept: 'application/json', ...headers, ...extra };
    if (method !== 'GET') Object.assign(all, mutationHeaders?.() ?? {});
    if (body !== undefined) all['Content-Type'] = 'application/json';
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${origin}${path}`, {
          method,
          headers: all,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'same-origin',
        });
      } catch (cause) {
        throw new ApiError(0, [{ code: 'NETWORK_ERROR', message: cause instanceof Error ? cause.message : 'Network error' }]);
      }
      if (shouldRetry(method, response.status, attempt)) {
        // The first answer is dropped unread: only the retry's answer counts.
        await response.body?.cancel().catch(() => undefined);
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      return readApiResponse<T>(response);
    }
  };
  return {
    get: <T>(path: string) => request<T>('GET', path),
    send: <T>(method: HttpMethod, path: string, body?: unknown, extra?: Record<string, string>) => request<T>(method, path, body, extra),
  };
}

/** A query string from defined values: query({ locale: 'en', page: 2, q: undefined }) === '?locale=en&page=2'. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** Per-locale API factory kept in the router context: `context.api(locale).get(...)`. */
export type ApiFactory = (locale: Locale) => Api;

/** Browser: same origin, page language, CSRF token from the meta tag on mutations. */
export function browserApi(locale: Locale): Api {
  return createApi({
    origin: '',
    headers: { 'Accept-Language': locale },
    mutationHeaders: (): Record<string, string> => {
      const token = typeof document === 'undefined' ? '' : (document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '');
      return token ? { 'X-CSRF-Token': token } : {};
    },
  });
}

/** SSR: this server's API socket, the incoming Cookie forwarded, the page language in Accept-Language. */
export function serverApiFactory(apiOrigin: string, request: Request, csrfToken: string): ApiFactory {
  const cookie = request.headers.get('cookie');
  return (locale) =>
    createApi({
      origin: apiOrigin,
      headers: { 'Accept-Language': locale, ...(cookie ? { Cookie: cookie } : {}) },
      mutationHeaders: (): Record<string, string> => (csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
    });
}
