import type { ProductSummary } from '../../api/catalog';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { AddToCart } from './add-to-cart';
import styles from './catalog.module.css';
import { formatWeight } from './format';
import { Price } from './price';

/** A card: the full width of a phone, a column of the grid on wider screens. */
const CARD_SIZES = '(min-width: 64rem) 18rem, (min-width: 40rem) 45vw, 100vw';
/** The product page's picture: half the page beside the texts on wider screens. */
export const PRODUCT_PAGE_SIZES = '(min-width: 48rem) 34rem, 100vw';

/**
 * `eager`: above the fold on a first paint (loaded without waiting for the layout, as lazy images do);
 * `priority`: the page's largest paint, fetched first (React's server renderer also preloads it in the head).
 */
export function ProductImage({
  product,
  eager = false,
  priority = eager,
  sizes = CARD_SIZES,
}: {
  product: Pick<ProductSummary, 'image'>;
  eager?: boolean;
  priority?: boolean;
  /** How wide the picture is drawn, for the browser's choice among a photo's sizes. */
  sizes?: string;
}) {
  const { t } = useT();
  if (!product.image) {
    return (
      <div className={styles.noImage}>
        <p>{t('catalog.noImage')}</p>
      </div>
    );
  }
  const { src, width, height, alt, srcset, sources } = product.image;
  const img = (
    <img
      className={styles.image}
      src={src}
      srcSet={srcset}
      sizes={srcset ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  // A photo from the back office: AVIF, then WebP, then the JPEG sizes (docs/admin.md 'Photos').
  if (!sources?.length) return img;
  return (
    <picture className={styles.picture}>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

export function Availability({ product }: { product: Pick<ProductSummary, 'availability' | 'stock_left'> }) {
  const { t } = useT();
  if (product.availability !== 'available') return <p className={styles.soon}>{t('catalog.soonAvailable')}</p>;
  return (
    <p className={styles.available}>
      {product.stock_left !== null ? t('catalog.stockLeft', { count: product.stock_left }) : t('catalog.available')}
    </p>
  );
}

/** 'Add to cart', or INSTEAD of it the 'soon available again' label. */
export function BuyBox({ product }: { product: Pick<ProductSummary, 'availability' | 'stock_left' | 'code' | 'name'> }) {
  return product.availability === 'available' ? (
    <>
      <Availability product={product} />
      <AddToCart code={product.code} name={product.name} />
    </>
  ) : (
    <Availability product={product} />
  );
}

/**
 * `position`: the card's place in a list from 0. The first row's images (4 at the widest) are loaded
 * eagerly, the first card's first of all: on a phone it is the list's largest paint (Lighthouse counted a
 * lazy first image as the product list's LCP, waiting for layout before it was even requested).
 */
export function ProductCard({ product, headingLevel = 2, position }: { product: ProductSummary; headingLevel?: 2 | 3; position?: number }) {
  const { t, locale } = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <ProductImage product={product} eager={position !== undefined && position < 4} priority={position === 0} />
      <div className={styles.cardBody}>
        <Heading className={styles.cardTitle}>
          <ScreenLink screen="product" params={{ slug: product.slug }}>
            {product.name}
          </ScreenLink>
        </Heading>
        <p className={styles.pack}>{t(`catalog.pack_${product.pack}`, { weight: formatWeight(product.pack_grams, locale) })}</p>
        <Price product={product} />
        <BuyBox product={product} />
      </div>
    </article>
  );
}

/**
 * A titled section of product cards (related products, the products a recipe or page uses), or nothing
 * when there are none. The cards' headings are h3 under the section's h2.
 */
export function ProductCardSection({
  id,
  heading,
  products,
  className,
  gridClassName,
}: {
  id: string;
  heading: string;
  products: readonly ProductSummary[];
  className?: string;
  gridClassName?: string;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id}>{heading}</h2>
      <ul className={gridClassName}>
        {products.map((p) => (
          <li key={p.code}>
            <ProductCard product={p} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
