/**
 * Document head of every page. Three places contribute, and only these:
 *  - the root route: charset, viewport, theme colour, CSRF token, Open Graph basics, and the error title;
 *  - the `$locale` layout route: canonical, hreflang alternates and og:url, computed from the current match
 *    (ONE route emits links: HeadContent does not dedupe links);
 *  - each screen route: title, description, og:title/og:description, robots for private screens, and a
 *    BreadcrumbList in JSON-LD.
 * HeadContent keeps only one meta per name/property (the deepest wins), so a property that must repeat
 * (og:locale:alternate) cannot be emitted this way and is left out.
 */
import type { AnyRouteMatch } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { nameFromSlug } from '../brand/format';
import { DEFAULT_LOCALE, LOCALES, OG_LOCALES, type Locale } from '../../../contract/locales';
import { SCREENS, alternatesOf, matchInternalPath, publicPath, type ScreenId } from '../../../contract/paths';
import type { RouterContext } from '../router-context';
import { trailOf } from './breadcrumb';

type Meta = NonNullable<AnyRouteMatch['meta']>;
type Links = NonNullable<AnyRouteMatch['links']>;

interface HeadContext {
  match: AnyRouteMatch;
  matches: AnyRouteMatch[];
  params: Record<string, string | undefined>;
}

type PageContext = RouterContext & { locale: Locale };

export const THEME_COLOR = '#1f4d3a';

function pageContext(match: AnyRouteMatch): PageContext {
  return match.context as PageContext;
}

/**
 * 503 when a route failed because the API is briefly unavailable (its answer was 503: the outage page),
 * 500 when a route failed otherwise, 404 when nothing (or a route's own check) matched, else null.
 * The same rule as the error screen's status (components/error-screen.tsx `isUnavailable`).
 */
export function errorStatus(matches: AnyRouteMatch[]): 404 | 500 | 503 | null {
  const failed = matches.filter((m) => m.status === 'error');
  if (failed.some((m) => (m.error as { status?: unknown } | null | undefined)?.status === 503)) return 503;
  if (failed.length) return 500;
  if (matches.some((m) => m._notFound || m.status === 'notFound')) return 404;
  return null;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).href;
}

export function rootHead({ match, matches }: HeadContext): { meta: Meta; links: Links } {
  const { i18n, csrfToken, locale, fontPreloads } = pageContext(match);
  const t = i18n.getFixedT(locale);
  const meta: Meta = [
    { charSet: 'utf-8' },
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    { name: 'theme-color', content: THEME_COLOR },
    { name: 'csrf-token', content: csrfToken },
    { property: 'og:site_name', content: t('site.name') },
    { property: 'og:locale', content: OG_LOCALES[locale] },
    { property: 'og:type', content: 'website' },
  ];
  const status = errorStatus(matches);
  if (status) {
    const title = t('site.titleTemplate', { title: t(`error.title${status}`) });
    meta.push(
      { title },
      { name: 'description', content: t(`error.description${status}`) },
      { property: 'og:title', content: title },
      { name: 'robots', content: 'noindex' },
    );
  }
  const links: Links = [
    ...fontPreloads.map((href) => ({ rel: 'preload', as: 'font', type: 'font/woff2', href, crossOrigin: 'anonymous' as const })),
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ];
  return { meta, links };
}

/** Canonical, hreflang (hr, en, de, sl, x-default -> hr) and og:url for the screen on display. */
export function localeHead({ match, matches }: HeadContext): { meta: Meta; links: Links } {
  const { publicUrl } = pageContext(match);
  const leaf = matches[matches.length - 1];
  // Index routes end in a slash internally (`/en/recipes/`); screens in the table do not.
  const pathname = leaf ? leaf.pathname.replace(/(.)\/+$/, '$1') : '';
  const screen = leaf && !errorStatus(matches) ? matchInternalPath(pathname) : null;
  if (!screen) return { meta: [], links: [] };
  const localeParams = localeParamsOf(matches);
  const alternates = localeParams
    ? (Object.fromEntries(LOCALES.map((l) => [l, publicPath(screen.screen, l, localeParams[l])])) as Record<Locale, string>)
    : alternatesOf(screen.screen, screen.params);
  const canonical = absoluteUrl(publicUrl, alternates[screen.locale]);
  return {
    meta: [{ property: 'og:url', content: canonical }],
    links: [
      { rel: 'canonical', href: canonical },
      ...LOCALES.map((l) => ({ rel: 'alternate', hrefLang: l, href: absoluteUrl(publicUrl, alternates[l]) })),
      { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(publicUrl, alternates[DEFAULT_LOCALE]) },
    ],
  };
}

/**
 * Route params of the page on screen in every language, when they differ per language (a product's slug is
 * translated): the leaf route's loader returns them as `localeParams`. Read by localeHead (canonical,
 * hreflang) and by the language switcher; null when the params are the same in every language.
 */
export type LocaleParams = Record<Locale, Record<string, string>>;

export function localeParamsOf(matches: Array<Pick<AnyRouteMatch, 'loaderData' | 'status'>>): LocaleParams | null {
  const leaf = matches[matches.length - 1];
  if (!leaf || leaf.status !== 'success') return null;
  const data = leaf.loaderData as { localeParams?: LocaleParams } | undefined;
  return data?.localeParams ?? null;
}

/** The name shown for a parameterised screen (from its slug or product segment). */
export function screenName(params: Record<string, string | undefined>): string {
  return nameFromSlug(params.slug ?? params.product);
}

export function screenTitle(t: I18n['t'], screen: ScreenId, name: string): string {
  if (screen === 'home') return t('screens.home.title');
  return t('site.titleTemplate', { title: t(`screens.${screen}.title`, { name }) });
}

/** Title, description, Open Graph text, robots and breadcrumb JSON-LD of one screen. */
export function screenHead(
  ctx: HeadContext,
  screen: ScreenId,
  /** Data-driven pages (a product, a category) supply their real name and description. */
  overrides: { name?: string; description?: string } = {},
): { meta: Meta } {
  // A failed route shows the error page; the root route supplies its title.
  if (ctx.match.status === 'error') return { meta: [] };
  const { i18n, locale, publicUrl } = pageContext(ctx.match);
  const t = i18n.getFixedT(locale);
  const name = overrides.name ?? screenName(ctx.params);
  const title = screenTitle(t, screen, name);
  const description = overrides.description ?? t(`screens.${screen}.description`, { name });
  const meta: Meta = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  // A mailed link's token in the URL: no Referer with it, not even to this site's own API (its logs).
  if (SCREENS[screen].tokenInUrl) meta.push({ name: 'referrer', content: 'no-referrer' });
  if (SCREENS[screen].private) meta.push({ name: 'robots', content: 'noindex, nofollow' });
  else if (SCREENS[screen].noindex) meta.push({ name: 'robots', content: 'noindex, follow' });
  if (screen !== 'home') {
    const params = Object.fromEntries(Object.entries(ctx.params).filter((e): e is [string, string] => e[1] !== undefined));
    // HeadContent renders `script:ld+json` entries as <script type="application/ld+json">; React's meta
    // typing does not know that key, hence the cast.
    const breadcrumbList = {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: trailOf(screen).map((s, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: s === 'home' ? t('site.name') : t(`screens.${s}.title`, { name }),
          item: absoluteUrl(publicUrl, publicPath(s, locale, s === screen ? params : {})),
        })),
      },
    };
    meta.push(breadcrumbList as Meta[number]);
  }
  return { meta };
}
