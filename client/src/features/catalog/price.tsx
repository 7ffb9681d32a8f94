import type { ProductSummary } from '../../api/catalog';
import { useT } from '../../hooks/use-locale';
import styles from './catalog.module.css';
import { priceDisplay } from './format';

/**
 * Price per piece (pack), per kg and, on offer, the lowest price of the 30 days before it struck through
 * (EU Omnibus: the price the discount badge is computed from, named by the note below, which does not
 * repeat the amount), the discount and the end date; an offer not below that price shows it as a note. The current regular price is not struck through: the discount is not computed from it.
 */
export function Price({ product, detailed = false }: { product: Pick<ProductSummary, 'price'>; detailed?: boolean }) {
  const { t, locale } = useT();
  const p = priceDisplay(product, locale);
  return (
    <div className={styles.price}>
      <p className={styles.priceLine}>
        {p.struck ? (
          <>
            <span className="visually-hidden">{t('catalog.struckPriceLabel')}: </span>
            <s className={styles.regular} data-testid="price-struck">
              {p.struck}
            </s>{' '}
            <span className="visually-hidden">{t('catalog.offerPrice')}: </span>
          </>
        ) : detailed ? (
          <span className="visually-hidden">{t('catalog.pricePerPiece')}: </span>
        ) : null}
        <strong className={p.onOffer ? styles.amountOffer : styles.amount}>{p.amount}</strong>
        {p.discountPercent ? (
          <span className={styles.badge}>
            <span aria-hidden="true">{t('catalog.discount', { percent: p.discountPercent })}</span>
            <span className="visually-hidden">{t('catalog.discountLabel', { percent: p.discountPercent })}</span>
          </span>
        ) : null}
      </p>
      <p className={styles.perKg}>
        <span className="visually-hidden">{t('catalog.pricePerKgLabel')}: </span>
        {t('catalog.pricePerKg', { price: p.perKg })}
      </p>
      {p.struck ? (
        <p className={styles.offerNote} data-testid="price-struck-note">
          {t('catalog.struckNote')}
        </p>
      ) : p.onOffer && p.lowest30d ? (
        <p className={styles.offerNote} data-testid="price-lowest-30d">
          {t('catalog.lowest30d', { price: p.lowest30d })}
        </p>
      ) : null}
      {p.onOffer && p.offerEnds ? <p className={styles.offerNote}>{t('catalog.offerEnds', { date: p.offerEnds })}</p> : null}
      {detailed && p.referenceDate ? <p className={styles.offerNote}>{t('catalog.referenceDate', { date: p.referenceDate })}</p> : null}
    </div>
  );
}
