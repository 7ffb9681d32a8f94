/**
 * The contact form's API call (docs/contact.md): `POST /api/mail` as a TanStack Query mutation. The
 * browser's API client sends the page's CSRF token (`<meta name="csrf-token">`) in `X-CSRF-Token` and
 * the page language; the answer is 202 `{ data: { accepted: true } }`, a refusal an `ApiError` with
 * localized messages (per field for 422, above the form for 413/429/503). Shapes: contract/api/contact.ts.
 */
import { useMutation } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { Api } from '../../api/http';
import { apiPaths } from '../../api/paths';
import type { ContactAccepted, ContactRequest } from '../../../../contract/api/contact';
import type { Locale } from '../../../../contract/locales';

export function sendContactMessage(api: Api, body: ContactRequest): Promise<ContactAccepted> {
  return api.send<ContactAccepted>('POST', apiPaths.contact.mail, body);
}

/** 'Send message' as a mutation (never retried: http.ts repeats no mutation). */
export function useSendContactMessage(locale: Locale) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  return useMutation({
    mutationFn: (body: ContactRequest) => sendContactMessage(api(locale), body),
  });
}
