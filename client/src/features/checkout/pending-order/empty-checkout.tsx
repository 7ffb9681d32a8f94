import { ScreenLink } from '../../../components/screen-link';
import { useT } from '../../../hooks/use-locale';
import accountStyles from '../../account/account.module.css';

/** The checkout with an empty cart and no pending order: 'Your cart is empty' and back to the shop. */
export function EmptyCheckout() {
  const { t } = useT();
  return (
    <section className={accountStyles.panel} data-checkout-empty="">
      <h2>{t('checkout.emptyHeading')}</h2>
      <p>{t('checkout.emptyText')}</p>
      <ScreenLink screen="webshop" className={accountStyles.primaryButton}>
        {t('cartPage.continueShopping')}
      </ScreenLink>
    </section>
  );
}
