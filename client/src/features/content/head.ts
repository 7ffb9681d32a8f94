import type { AnyRouteMatch } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../../../../contract/locales';
import type { ScreenId } from '../../../../contract/paths';
import type { ContentSeo } from '../../../../contract/api/content';
import { screenHead } from '../../seo/head';

type HeadContext = Parameters<typeof screenHead>[0];

/**
 * The head of a content screen: the screen's head (description, robots, breadcrumb JSON-LD) with the title
 * and description of the entry's SEO fields (seo_title, else title; seo_description, else summary), the title
 * in the site's template ("… | Zlatno zrno").
 */
export function contentHead(
  ctx: HeadContext,
  screen: ScreenId,
  seo: ContentSeo | null | undefined,
  name?: string,
): ReturnType<typeof screenHead> {
  if (!seo) return screenHead(ctx, screen, name ? { name } : {});
  const head = screenHead(ctx, screen, { name: name ?? seo.title, description: seo.description });
  const { i18n, locale } = (ctx.match as AnyRouteMatch).context as { i18n: I18n; locale: Locale };
  const t = i18n.getFixedT(locale);
  // An SEO title that already names the site (written so by the editor) is used as it is.
  const title = screen === 'home' || seo.title.includes(t('site.name')) ? seo.title : t('site.titleTemplate', { title: seo.title });
  return {
    meta: head.meta.map((m) => {
      if (m && 'title' in m && typeof m.title === 'string') return { title };
      if (m && 'property' in m && m.property === 'og:title') return { property: 'og:title', content: title };
      return m;
    }),
  };
}
