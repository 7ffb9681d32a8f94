import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Breadcrumb } from '../../components/breadcrumb';
import { useT } from '../../hooks/use-locale';
import { ApiError } from '../../api/http';
import { recipesQuery, type RecipeSummary } from './content-api';
import { ContentBody } from './content-parts';
import type { RecipeListData } from './loaders';
import { RecipeCard } from './recipe-card';
import styles from './content.module.css';

/**
 * The recipe list: introduction, category filter (plain links `?category=`), one page of recipes rendered on
 * the server, and 'load more': a plain link to `?page=N+1` that crawlers follow and that, once the page has
 * hydrated, appends the next recipes in place instead (the address stays the same). The route keys it by
 * category and page, so another list starts with its own state.
 */
export function RecipeListScreen({ data }: { data: RecipeListData }) {
  const { t, locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const queryClient = useQueryClient();
  const [more, setMore] = useState<RecipeSummary[]>([]);
  const [nextOffset, setNextOffset] = useState<number | null>(data.recipes.next_offset);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const category = data.category?.slug;

  const items = [...data.recipes.items, ...more];
  const nextPage = nextOffset === null ? null : Math.floor(nextOffset / data.pageSize) + 1;
  const all = data.categories.reduce((sum, c) => sum + c.recipe_count, 0);

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (nextOffset === null || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await queryClient.fetchQuery(recipesQuery(api(locale), locale, { category, offset: nextOffset }));
      setMore((m) => [...m, ...page.items]);
      setNextOffset(page.next_offset);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('catalog.loadFailed'));
    } finally {
      setLoading(false);
    }
  };

  const title = data.intro?.title ?? t('screens.recipes.heading');
  return (
    <div className={styles.page}>
      <Breadcrumb screen="recipes" name="" />
      <h1>{data.category ? t('content.recipes.headingCategory', { category: data.category.title }) : title}</h1>
      {data.intro ? <p className={styles.lead}>{data.intro.summary}</p> : null}
      {data.intro && !data.category && data.page === 1 ? <ContentBody html={data.intro.body_html} /> : null}

      <nav aria-label={t('content.recipes.categories')} className={styles.filters}>
        <ul>
          <li>
            <Link
              to="/$locale/recipes"
              params={{ locale }}
              search={{}}
              className={styles.filterLink}
              activeOptions={{ exact: true, includeSearch: true }}
            >
              {t('content.recipes.all')} <span className={styles.count}>({t('content.recipes.count', { count: all })})</span>
            </Link>
          </li>
          {data.categories.map((c) => (
            <li key={c.key}>
              <Link
                to="/$locale/recipes"
                params={{ locale }}
                search={{ category: c.slug }}
                className={styles.filterLink}
                activeOptions={{ exact: true, includeSearch: true }}
              >
                {c.title} <span className={styles.count}>({t('content.recipes.count', { count: c.recipe_count })})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.category?.summary ? <p>{data.category.summary}</p> : null}

      {items.length === 0 ? (
        <p className={styles.empty}>{t('content.recipes.empty')}</p>
      ) : (
        <ul className={styles.grid} aria-live="polite" aria-busy={loading}>
          {items.map((r) => (
            <li key={r.key}>
              <RecipeCard recipe={r} />
            </li>
          ))}
        </ul>
      )}

      <div className={styles.more}>
        {data.page > 1 ? (
          <Link
            to="/$locale/recipes"
            params={{ locale }}
            search={{ ...(category ? { category } : {}), ...(data.page > 2 ? { page: data.page - 1 } : {}) }}
            rel="prev"
            className={styles.secondaryButton}
          >
            {t('content.recipes.previous')}
          </Link>
        ) : null}
        {nextPage !== null ? (
          <Link
            to="/$locale/recipes"
            params={{ locale }}
            search={{ ...(category ? { category } : {}), page: nextPage }}
            rel="next"
            className={styles.button}
            onClick={loadMore}
            aria-disabled={loading || undefined}
          >
            {loading ? t('content.recipes.loading') : t('content.recipes.loadMore')}
          </Link>
        ) : null}
        <p role="status" className={error ? styles.error : styles.status}>
          {error ?? (more.length > 0 ? t('content.recipes.shown', { count: items.length, total: data.recipes.total }) : '')}
        </p>
      </div>
    </div>
  );
}
