import type { Response } from 'supertest';
import { LOCALES } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { shopper, type Shopper } from './shopper.js';

/** The account mails' link pages and the POST their button sends the token to (docs/identity.md, 'Links in mails'). */
const ACTIONS = {
  account_activation: '/api/users/activate',
  magic_link: '/api/auth/magic-link/verify',
  email_confirmation: '/api/users/email/confirm',
} as const;

/** Which page a mailed link opens, its language, its token and the endpoint of the page's button. */
export function mailLink(link: string): { screen: keyof typeof ACTIONS; locale: string; token: string; endpoint: string } {
  const url = new URL(link);
  for (const [screen, endpoint] of Object.entries(ACTIONS) as Array<[keyof typeof ACTIONS, string]>) {
    const locale = LOCALES.find((l) => publicPath(screen, l) === url.pathname);
    if (locale) return { screen, locale, token: url.searchParams.get('token') ?? '', endpoint };
  }
  throw new Error(`not a link page of an account mail: ${url.pathname}`);
}

/**
 * What the page's button does: POST the link's token (with a CSRF token) from `who` (a shopper, whose
 * cookies then hold the session of a magic link) or a new visitor speaking `language`.
 */
export async function pressMailLink(shopUrl: string, link: string, who: Shopper | string = 'en'): Promise<Response> {
  const s = typeof who === 'string' ? await shopper(shopUrl, who) : who;
  const { token, endpoint } = mailLink(link);
  return s.call('post', endpoint, { token });
}
