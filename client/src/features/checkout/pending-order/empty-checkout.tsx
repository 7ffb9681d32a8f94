import { ScreenLink } from '../../../components/screen-link';
import { useT } from '../../../hooks/use-locale';
import { formStyles } from '../../../components/forms';

/** The checkout with an empty cart and no pending order: 'Your cart is empty' and back to the shop. */
export function EmptyCheckout() {
  const { t } = useT();
  return (
    <section className={formStyles.panel} data-checkout-empty="">
      <h2>{t('checkout.emptyHeading')}</h2>
      <p>{t('checkout.emptyText')}</p>
      <ScreenLink screen="webshop" className={formStyles.primaryButton}>
        {t('cartPage.continueShopping')}
      </ScreenLink>
    </section>
  );
}
