/**
 * The last-resort error page, for when rendering itself fails (the router's error page could not be
 * produced). Static HTML: no scripts, no inline styles (CSP), the page language, a link home.
 */
import type { TFunction } from 'i18next';
import { localePrefix, type Locale } from '../../../contract/locales';
import { escapeMarkup } from '../../../contract/markup';

export function errorPageHtml(t: TFunction, locale: Locale): string {
  const title = t('site.titleTemplate', { title: t('error.title500') });
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
</head>
<body>
<main>
<h1>${escapeMarkup(t('error.heading'))}</h1>
<p>${escapeMarkup(t('error.playful500'))}</p>
<p>${escapeMarkup(t('error.general'))}</p>
<p><a href="${localePrefix(locale) || '/'}">${escapeMarkup(t('error.backHome'))}</a></p>
</main>
</body>
</html>
`;
}
