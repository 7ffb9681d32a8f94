import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useLocale } from '../hooks/use-locale';
import type { Locale } from '../../../contract/locales';
import { routePath, type ScreenId } from '../../../contract/paths';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'>;

export interface ScreenLinkProps extends AnchorProps {
  screen: ScreenId;
  /** Defaults to the language of the page on screen. */
  locale?: Locale;
  params?: Record<string, string>;
  /** Keep the current query string (the language switcher does). */
  keepSearch?: boolean;
  children: ReactNode;
}

/**
 * A link to a screen by its id. The router builds the internal path (`/$locale/cart`) and the rewrite turns it
 * into the public one (`/kosarica`). `aria-current="page"` only on an exact match.
 */
export function ScreenLink({ screen, locale, params, keepSearch, children, ...anchor }: ScreenLinkProps) {
  const current = useLocale();
  return (
    <Link
      // The paths table holds route paths as strings; tsc checks them against the route tree in routes.spec.ts.
      to={routePath(screen) as never}
      params={{ locale: locale ?? current, ...params } as never}
      search={(keepSearch ? true : undefined) as never}
      activeOptions={{ exact: true, includeSearch: false }}
      {...anchor}
    >
      {children}
    </Link>
  );
}
