import type { Response } from 'express';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../contract/locales.js';
import { publicPath, type ScreenId } from '../../../contract/paths.js';

/**
 * Absolute links of the identity mails and redirects, built from the one table of localized
 * paths (contract/paths.ts) that the site routes by, so a mail opens the page in the user's language.
 */
export class IdentityLinks {
  constructor(private readonly publicUrl: string) {}

  page(screen: ScreenId, locale: string, params: Record<string, string> = {}, search = ''): string {
    return `${this.publicUrl}${this.path(screen, locale, params)}${search}`;
  }

  path(screen: ScreenId, locale: string, params: Record<string, string> = {}): string {
    return publicPath(screen, asLocale(locale), params);
  }

  /**
   * The pages of the account mails' links: opening one changes nothing (a mail scanner that follows
   * links uses no token up); its button sends the token by POST. In the user's language.
   */
  activation(token: string, locale: string): string {
    return this.page('account_activation', locale, {}, tokenQuery(token));
  }

  magicLink(token: string, locale: string): string {
    return this.page('magic_link', locale, {}, tokenQuery(token));
  }

  emailChange(token: string, locale: string): string {
    return this.page('email_confirmation', locale, {}, tokenQuery(token));
  }

  /**
   * Where the GET URLs of older mails (`/api/users/activate?token=` …) now lead: the same page, relative,
   * with the token if it is a string (anything else: the page says the link is incomplete).
   */
  linkPage(screen: 'account_activation' | 'magic_link' | 'email_confirmation', locale: string, token: unknown): string {
    return `${this.path(screen, locale)}${typeof token === 'string' && token ? tokenQuery(token) : ''}`;
  }

  passwordReset(token: string, locale: string): string {
    return this.page('reset_password', locale, { token });
  }

  invitation(token: string, locale: string): string {
    return this.page('register', locale, {}, `?invite=${encodeURIComponent(token)}`);
  }
}

function tokenQuery(token: string): string {
  return `?token=${encodeURIComponent(token)}`;
}

function asLocale(value: string): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * A redirect target we may send the browser to after sign-in: a path on this site only
 * ('/profil', '/en/cart?x=1'), never '//evil.example' or 'https://…' or a backslash trick.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://same.site');
    if (url.host !== 'same.site') return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // normalization can turn '/.//evil.example' into '//evil.example': a protocol-relative URL
    return path.startsWith('//') ? null : path;
  } catch {
    return null;
  }
}

/**
 * The 303 from an older mail's GET link to its page (which POSTs the token from its button): the
 * answer is not stored anywhere and the page it leads to sends no referrer (the token is in its URL).
 */
export function redirectToLinkPage(res: Response, location: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.redirect(303, location);
}
