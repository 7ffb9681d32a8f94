/**
 * The newsletter's calls (docs/newsletter.md) over the shop's one API client (api/http.ts: page language,
 * CSRF header on mutations, ApiError with the API's localized messages).
 */
import type { Api } from '../../api/http';
import { apiPaths } from '../../api/paths';
import type { Locale } from '../../../../contract/locales';
import type { NewsletterFormSource } from '../../../../contract/newsletter';

/** Asks for the newsletter: the answer is the same for every address (a confirmation mail may follow). */
export function subscribeNewsletter(
  api: Api,
  body: { email: string; locale: Locale; source: NewsletterFormSource; recaptcha_token?: string },
): Promise<{ accepted: true }> {
  return api.send<{ accepted: true }>('POST', apiPaths.newsletter.subscribe, body);
}

/** The confirmation page's button. */
export function confirmNewsletter(api: Api, token: string): Promise<{ status: 'confirmed' }> {
  return api.send<{ status: 'confirmed' }>('POST', apiPaths.newsletter.confirm, { token });
}

/** The unsubscribe page's button. */
export function unsubscribeNewsletter(api: Api, token: string): Promise<{ status: 'unsubscribed' }> {
  return api.send<{ status: 'unsubscribed' }>('POST', apiPaths.newsletter.unsubscribe(token));
}
