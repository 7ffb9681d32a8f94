import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../contract/locales.js';
import { publicPath, type ScreenId } from '../../../contract/paths.js';

/** Absolute links and paths of the newsletter, built from the one table of localized paths (contract/paths.ts). */
export class NewsletterLinks {
  constructor(private readonly publicUrl: string) {}

  path(screen: ScreenId, locale: string): string {
    return publicPath(screen, asLocale(locale), {});
  }

  page(screen: ScreenId, locale: string, search = ''): string {
    return `${this.publicUrl}${this.path(screen, locale)}${search}`;
  }

  /** The confirmation page; its button confirms (a link prefetcher that opens the page confirms nothing). */
  confirmPage(token: string, locale: string): string {
    return this.page('newsletter_confirm', locale, `?token=${encodeURIComponent(token)}`);
  }

  /** The unsubscribe page (the link in the mail's footer); its button unsubscribes. */
  unsubscribePage(token: string, locale: string): string {
    return this.page('newsletter_unsubscribe', locale, `?token=${encodeURIComponent(token)}`);
  }

  /** The RFC 8058 one-click endpoint: a POST unsubscribes at once, a GET only leads to the page. */
  oneClick(token: string): string {
    return `${this.publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  }
}

function asLocale(value: string): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
