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

  activation(token: string): string {
    return `${this.publicUrl}/api/users/activate?token=${encodeURIComponent(token)}`;
  }

  magicLink(token: string): string {
    return `${this.publicUrl}/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`;
  }

  emailChange(token: string): string {
    return `${this.publicUrl}/api/users/email/confirm?token=${encodeURIComponent(token)}`;
  }

  passwordReset(token: string, locale: string): string {
    return this.page('reset_password', locale, { token });
  }

  invitation(token: string, locale: string): string {
    return this.page('register', locale, {}, `?invite=${encodeURIComponent(token)}`);
  }
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
