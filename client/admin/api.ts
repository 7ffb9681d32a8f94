/**
 * The back office's calls to the shop's JSON API: the shop's one HTTP client (client/src/api/http.ts),
 * Accept-Language in the back office's language (the API's error messages come localized), the CSRF
 * token from GET /api/csrf on mutations. A 401 (the session ran out) sends the person to the login page
 * and back to where they were.
 */
import { publicPath } from '../../contract/paths';
import { ApiError, createApi, type Api, type HttpMethod } from '../src/api/http';
import type { AdminLanguage } from './i18n';

/** Where the login page sends the person back to: this page of the back office. */
export function loginUrl(language: AdminLanguage, back: string): string {
  return `${publicPath('login', language)}?redirect=${encodeURIComponent(back)}`;
}

export interface AdminApiOptions {
  language: () => AdminLanguage;
  /** What a 401 does (the browser: open the login page). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

export function createAdminApi(opts: AdminApiOptions): Api {
  let csrf: string | undefined;
  const plain = (language: AdminLanguage) =>
    createApi({
      origin: '',
      headers: { 'Accept-Language': language },
      mutationHeaders: (): Record<string, string> => (csrf ? { 'X-CSRF-Token': csrf } : {}),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    });
  const guarded = async <T>(call: (api: Api) => Promise<T>): Promise<T> => {
    try {
      return await call(plain(opts.language()));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) opts.onUnauthorized();
      throw error;
    }
  };
  return {
    get: <T>(path: string) => guarded((api) => api.get<T>(path)),
    send: async <T>(method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>) => {
      csrf ??= (await guarded((api) => api.get<{ token: string }>('/api/csrf'))).token;
      return guarded((api) => api.send<T>(method, path, body, headers));
    },
  };
}
