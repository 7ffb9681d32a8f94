import { Link } from '@tanstack/react-router';
import { pageCount } from '../../api/catalog';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { routePath } from '../../../../contract/paths';
import styles from './catalog.module.css';
import type { ListData } from './list-loader';
import { GAP, pageWindow } from './pagination';
import { ProductCard } from './product-card';

type ListScreen = 'products' | 'products_slug' | 'webshop' | 'webshop_slug';

/**
 * Product list and webshop (with or without a category): categories with counts, product cards, pagination
 * links: previous, first, last, the current page and two on each side (`pageWindow`), next; plain links, so a
 * crawler reaches every page in steps, and a bounded page at any catalogue size.
 */
export function ProductListScreen({ screen, data }: { screen: ListScreen; data: ListData }) {
  const { t, locale } = useT();
  const base = screen.startsWith('webshop') ? 'webshop' : 'products';
  const categoryScreen = base === 'webshop' ? 'webshop_slug' : 'products_slug';
  const name = data.category?.name ?? '';
  const { products } = data;
  const pages = pageCount(products.total, products.page_size);
  const target = data.category ? categoryScreen : base;
  const params = { locale, ...(data.category ? { slug: data.category.slug } : {}) };
  const allCount = data.categories.reduce((sum, c) => sum + c.product_count, 0);

  return (
    <div className={styles.page}>
      <Breadcrumb screen={screen} name={name} />
      <h1>{t(`screens.${screen}.heading`, { name })}</h1>
      <p className={styles.lead}>{t(`screens.${screen}.intro`, { name })}</p>

      <nav aria-label={t('catalog.categories')} className={styles.categories}>
        <ul>
          <li>
            <ScreenLink screen={base} className={styles.categoryLink}>
              {t('catalog.allProducts')} <span className={styles.count}>({t('catalog.productCount', { count: allCount })})</span>
            </ScreenLink>
          </li>
          {data.categories.map((c) => (
            <li key={c.code}>
              <ScreenLink screen={categoryScreen} params={{ slug: c.slug }} className={styles.categoryLink}>
                {c.name} <span className={styles.count}>({t('catalog.productCount', { count: c.product_count })})</span>
              </ScreenLink>
            </li>
          ))}
        </ul>
      </nav>

      {data.q ? (
        <p className={styles.searchInfo}>
          {t('catalog.searchResults', { q: data.q })} – {t('catalog.productCount', { count: products.total })}.{' '}
          <ScreenLink screen="products">{t('catalog.clearSearch')}</ScreenLink>
        </p>
      ) : null}

      {products.items.length === 0 ? (
        <p className={styles.empty}>{t('catalog.noProducts')}</p>
      ) : (
        <ul className={styles.grid}>
          {products.items.map((p, i) => (
            <li key={p.code}>
              <ProductCard product={p} position={i} />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label={t('catalog.pagination')} className={styles.pagination}>
          <ul>
            {products.page > 1 ? (
              <li>
                <Link
                  to={routePath(target) as never}
                  params={params as never}
                  search={{ ...(products.page > 2 ? { page: products.page - 1 } : {}), ...(data.q ? { q: data.q } : {}) } as never}
                  rel="prev"
                  activeOptions={{ exact: true, includeSearch: true }}
                >
                  {t('catalog.previous')}
                </Link>
              </li>
            ) : null}
            {pageWindow(products.page, pages).map((n, i) =>
              n === GAP ? (
                <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link
                    to={routePath(target) as never}
                    params={params as never}
                    search={{ ...(n > 1 ? { page: n } : {}), ...(data.q ? { q: data.q } : {}) } as never}
                    aria-label={t('catalog.pageN', { page: n })}
                    activeOptions={{ exact: true, includeSearch: true }}
                  >
                    {n}
                  </Link>
                </li>
              ),
            )}
            {products.page < pages ? (
              <li>
                <Link
                  to={routePath(target) as never}
                  params={params as never}
                  search={{ page: products.page + 1, ...(data.q ? { q: data.q } : {}) } as never}
                  rel="next"
                  activeOptions={{ exact: true, includeSearch: true }}
                >
                  {t('catalog.next')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
