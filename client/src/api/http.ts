/**
 * The one HTTP client of the front end: every call to the shop's JSON API (`/api/...`) goes through it.
 *
 *  - Success answers are `{ data: T }`; `get`/`send` resolve to `T`.
 *  - Failures are `{ errors: [{ code, message, field? }] }` with a 4xx/5xx status; they reject with an
 *    `ApiError` carrying both. The messages are already localized by the API (Accept-Language).
 *  - In the browser: origin '' (same origin), cookies sent ('same-origin'), the page's language in
 *    Accept-Language and, on mutations, the CSRF token from <meta name="csrf-token"> in X-CSRF-Token
 *    (`browserApi`).
 *  - During SSR: no HTTP at all. The server hands the render its data port (`ctx.api`, contract/ssr.ts), which
 *    dispatches each call into the same server in process; the incoming request's Cookie and the page's
 *    Accept-Language are forwarded (`serverApiFactory`, used by entry-server.tsx). Same calls, same
 *    answers, same errors and retries as in the browser; only the transport differs.
 *  - Retries (spec section 9, api/retry-policy.ts): a GET answered 408, 409, 425, 429, 500, 502, 503 or 504 is
 *    sent once more after a short pause; mutations are never repeated.
 *
 * Route loaders reach it as `context.api(locale)` (router-context.ts).
 */
import type { Locale } from '../../../contract/locales';
import type { ApiPort } from '../../../contract/ssr';
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
  /** The browser's transport: `fetch` to `origin` ('' = same origin). */
  origin?: string;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Extra headers for mutations only (CSRF token); read lazily so a token set after creation is used. */
  mutationHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** SSR's transport: the server's in-process data port (contract/ssr.ts) instead of fetch; `origin` is not used. */
  port?: ApiPort;
  /** Pause before a retry (tests pass a fake); defaults to a timer of RETRY_DELAY_MS. */
  sleep?: (ms: number) => Promise<void>;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An answer of either transport: its status, and its body read only when it counts. */
interface Answer {
  status: number;
  text(): Promise<string>;
  /** Drops an answer that is not read (a retried one). */
  discard(): Promise<void>;
}

type Transport = (method: string, path: string, headers: Record<string, string>, body: string | undefined) => Promise<Answer>;

function fetchTransport(origin: string, doFetch: typeof fetch): Transport {
  return async (method, path, headers, body) => {
    const response = await doFetch(`${origin}${path}`, { method, headers, body, credentials: 'same-origin' });
    return {
      status: response.status,
      text: () => response.text(),
      discard: async () => void (await response.body?.cancel().catch(() => undefined)),
    };
  };
}

function portTransport(port: ApiPort): Transport {
  return async (method, path, headers, body) => {
    const answer = await port({
      method: method as Parameters<ApiPort>[0]['method'],
      path,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return { status: answer.status, text: async () => answer.body, discard: async () => undefined };
  };
}

/** Turns an answer's status and body text into `T` or an ApiError (exported for tests). */
export function readApiAnswer<T>(status: number, text: string): T {
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (status < 200 || status > 299) {
    const errors = isErrorBody(body) ? body.errors : [{ code: 'HTTP_ERROR', message: `HTTP ${status}` }];
    throw new ApiError(status, errors);
  }
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  // 204 No Content and the like.
  return undefined as T;
}

function isErrorBody(body: unknown): body is { errors: ApiErrorDetail[] } {
  return !!body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors);
}

export function createApi({ origin = '', headers = {}, mutationHeaders, fetch: fetchImpl, port, sleep = timerSleep }: ApiOptions): Api {
  const transport = port
    ? portTransport(port)
    : fetchTransport(origin, fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args)));
  const request = async <T>(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<T> => {
    const all: Record<string, string> = { Accept: 'application/json', ...headers, ...extra };
    if (method !== 'GET') Object.assign(all, mutationHeaders?.() ?? {});
    if (body !== undefined) all['Content-Type'] = 'application/json';
    for (let attempt = 1; ; attempt++) {
      let answer: Answer;
      try {
        answer = await transport(method, path, all, body === undefined ? undefined : JSON.stringify(body));
      } catch (cause) {
        throw new ApiError(0, [{ code: 'NETWORK_ERROR', message: cause instanceof Error ? cause.message : 'Network error' }]);
      }
      if (shouldRetry(method, answer.status, attempt)) {
        // The first answer is dropped unread: only the retry's answer counts.
        await answer.discard();
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      return readApiAnswer<T>(answer.status, await answer.text());
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
      const token =
        typeof document === 'undefined' ? '' : (document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '');
      return token ? { 'X-CSRF-Token': token } : {};
    },
  });
}

/**
 * SSR: the server's data port (in process, never a socket), the incoming Cookie forwarded, the page language
 * in Accept-Language, the page's CSRF token on mutations.
 */
export function serverApiFactory(port: ApiPort, request: Request, csrfToken: string): ApiFactory {
  const cookie = request.headers.get('cookie');
  return (locale) =>
    createApi({
      port,
      headers: { 'Accept-Language': locale, ...(cookie ? { Cookie: cookie } : {}) },
      mutationHeaders: (): Record<string, string> => (csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
    });
}
