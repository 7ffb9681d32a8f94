import type { Nutrition, ProductDetail } from '../../api/catalog';
import { Breadcrumb } from '../../components/breadcrumb';
import { formatVatRate } from '../../../../contract/vat';
import { useT } from '../../hooks/use-locale';
import styles from './catalog.module.css';
import { formatDecimal, formatWeight, lineNameKey } from './format';
import { Price } from './price';
import { BuyBox, PRODUCT_PAGE_SIZES, ProductCardSection, ProductImage } from './product-card';

const NUTRIENTS: Array<{ key: Exclude<keyof Nutrition, 'energy_kj' | 'energy_kcal'>; sub?: boolean }> = [
  { key: 'fat' },
  { key: 'saturates', sub: true },
  { key: 'carbohydrate' },
  { key: 'sugars', sub: true },
  { key: 'fibre' },
  { key: 'protein' },
  { key: 'salt' },
];

/** The product page: everything the spec lists for it. */
export function ProductScreen({ product }: { product: ProductDetail }) {
  const { t, locale } = useT();
  const lineKey = lineNameKey(product.line);
  const n = product.nutrition;
  return (
    <div className={styles.page}>
      <Breadcrumb screen="product" name={product.name} />
      <div className={styles.productTop}>
        <div className={styles.productMedia}>
          <ProductImage product={product} eager sizes={PRODUCT_PAGE_SIZES} />
        </div>
        <div className={styles.productInfo}>
          <h1>{product.name}</h1>
          <p className={styles.lead}>{product.short_description}</p>
          <p className={styles.pack}>{t(`catalog.pack_${product.pack}`, { weight: formatWeight(product.pack_grams, locale) })}</p>
          <Price product={product} detailed />
          <p className={styles.vat}>
            {t(product.vat_destination ? 'catalog.vatIncludedOss' : 'catalog.vatIncluded', {
              rate: formatVatRate(product.vat_rate, locale),
            })}
          </p>
          <BuyBox product={product} />
        </div>
      </div>

      <div className={styles.productSections}>
        <section aria-labelledby="product-description">
          <h2 id="product-description">{t('catalog.description')}</h2>
          {product.description.split(/\n{2,}/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
          <h3>{t('catalog.ingredients')}</h3>
          <p>{product.ingredients}</p>
          <h3>{t('catalog.allergens')}</h3>
          <p>{product.allergens}</p>
        </section>

        <section aria-labelledby="product-cooking">
          <h2 id="product-cooking">{t('catalog.cooking')}</h2>
          <p>
            <strong>{t('catalog.cookingTime', { count: product.cooking_time_minutes })}</strong>
          </p>
          <p>{product.cooking_tips}</p>
        </section>

        <section aria-labelledby="product-nutrition">
          <h2 id="product-nutrition">{t('catalog.nutrition')}</h2>
          <table className={styles.nutrition}>
            <caption className="visually-hidden">{t('catalog.nutrition')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalog.nutrient')}</th>
                <th scope="col">{t('catalog.per100g')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('catalog.n_energy')}</th>
                <td>
                  {n.energy_kj} kJ / {n.energy_kcal} kcal
                </td>
              </tr>
              {NUTRIENTS.map(({ key, sub }) => (
                <tr key={key}>
                  <th scope="row" className={sub ? styles.sub : undefined}>
                    {t(`catalog.n_${key}`)}
                  </th>
                  <td>{formatDecimal(n[key], locale)} g</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="product-details">
          <h2 id="product-details">{t('catalog.details')}</h2>
          <dl className={styles.details}>
            <dt>{t('catalog.code')}</dt>
            <dd>{product.code}</dd>
            <dt>{t('catalog.line')}</dt>
            <dd>{lineKey ? t(lineKey) : product.line}</dd>
            <dt>{t('catalog.netWeight')}</dt>
            <dd>{formatWeight(product.net_weight_grams, locale)}</dd>
            <dt>{t('catalog.piecesPerCarton')}</dt>
            <dd>{product.pieces_per_carton}</dd>
          </dl>
        </section>
      </div>

      <ProductCardSection
        id="product-related"
        heading={t('catalog.related')}
        products={product.related}
        className={styles.related}
        gridClassName={styles.grid}
      />
    </div>
  );
}
