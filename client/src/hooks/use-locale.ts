import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../contract/locales';

/**
 * The language of the page on screen. The root route computes it from the internal path in `beforeLoad`,
 * so it also works on the 404 page and stays with the rendered page during a pending navigation.
 */
export function useLocale(): Locale {
  return useRouteContext({ from: rootRouteId, select: (context) => context.locale });
}

/** `t` bound to the page's language (never to a shared "current language"). */
export function useT() {
  const locale = useLocale();
  const { t } = useTranslation(undefined, { lng: locale });
  return { t, locale };
}
