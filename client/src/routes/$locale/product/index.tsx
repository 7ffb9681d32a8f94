import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ScreenLink } from '../../../components/screen-link';
import { useT } from '../../../hooks/use-locale';
import { screenHead } from '../../../seo/head';
import styles from '../../../features/catalog/catalog.module.css';

export const Route = createFileRoute('/$locale/product/')({
  head: (ctx) => screenHead(ctx, 'product_index'),
  component: ProductIndexScreen,
});

/** `/proizvod` without a product: what a product page is, and the way to the product list. */
function ProductIndexScreen() {
  const { t } = useT();
  return (
    <div className={styles.page}>
      <Breadcrumb screen="product_index" name="" />
      <h1>{t('screens.product_index.heading')}</h1>
      <p className={styles.lead}>{t('screens.product_index.intro')}</p>
      <p>
        <ScreenLink screen="products" className={styles.categoryLink}>
          {t('catalog.overviewLink')}
        </ScreenLink>
      </p>
    </div>
  );
}
