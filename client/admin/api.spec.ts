import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../src/api/http';
import { createAdminApi, loginUrl } from './api';
import type { AdminLanguage } from './i18n';

type Call = { url: string; method: string; headers: Record<string, string> };

function fakeFetch(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string> });
    const answer = answers[`${init.method} ${url}`] ?? { status: 404, body: { errors: [{ code: 'NOT_FOUND', message: 'no' }] } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe("the back office's API client", () => {
  it("asks in the back office's language of the moment, so the API's messages come in it", async () => {
    let language: AdminLanguage = 'hr';
    const { impl, calls } = fakeFetch({ 'GET /api/admin/dashboard': { status: 200, body: { data: { ok: 1 } } } });
    const api = createAdminApi({ language: () => language, onUnauthorized: () => undefined, fetch: impl });
    expect(await api.get('/api/admin/dashboard')).toEqual({ ok: 1 });
    language = 'en';
    await api.get('/api/admin/dashboard');
    expect(calls.map((c) => c.headers['Accept-Language'])).toEqual(['hr', 'en']);
  });

  it('a 401 (the session ran out) sends the person to sign in; the error still reaches the screen', async () => {
    const onUnauthorized = jest.fn();
    const { impl } = fakeFetch({
      'GET /api/admin/dashboard': { status: 401, body: { errors: [{ code: 'AUTH_REQUIRED', message: 'Prijavite se.' }] } },
      'GET /api/x': { status: 403, body: { errors: [{ code: 'AUTH_FORBIDDEN', message: 'Ne smijete.' }] } },
    });
    const api = createAdminApi({ language: () => 'hr', onUnauthorized, fetch: impl });
    await expect(api.get('/api/admin/dashboard')).rejects.toEqual(expect.objectContaining({ status: 401, message: 'Prijavite se.' }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('fetches the CSRF token once, before the first mutation, and sends it with each', async () => {
    const { impl, calls } = fakeFetch({
      'GET /api/csrf': { status: 200, body: { data: { token: 'tok-1' } } },
      'POST /api/auth/logout': { status: 200, body: { data: { signed_out: true } } },
    });
    const api = createAdminApi({ language: () => 'en', onUnauthorized: () => undefined, fetch: impl });
    await api.send('POST', '/api/auth/logout', {});
    await api.send('POST', '/api/auth/logout', {});
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/csrf', 'POST /api/auth/logout', 'POST /api/auth/logout']);
    expect(calls[1]!.headers['X-CSRF-Token']).toBe('tok-1');
    expect(calls[2]!.headers['X-CSRF-Token']).toBe('tok-1');
  });

  it('the login page in the language, coming back to the page', () => {
    expect(loginUrl('hr', '/admin')).toBe('/prijava?redirect=%2Fadmin');
    expect(loginUrl('en', '/admin/x?y=1')).toBe('/en/login?redirect=%2Fadmin%2Fx%3Fy%3D1');
  });
});
