import { useId, type FormEvent } from 'react';
import { formatEuro } from '../../../../../contract/money';
import { publicPath } from '../../../../../contract/paths';
import { ConsentCheckbox, ErrorSummary, formStyles, SubmitRow } from '../../../components/forms';
import { useT } from '../../../hooks/use-locale';
import { countryName } from '../../cart/cart-helpers';
import type { CartView } from '../../cart/cart-types';
import type { CheckoutController } from '../use-checkout-values';
import styles from '../checkout.module.css';
import { StepLink } from './step-nav';

/** Step 2: the carrier and the delivery price of the cart's destination, the payment method, the terms. */
export function ShippingStep({ checkout, cart, onDone }: { checkout: CheckoutController; cart: CartView; onDone: () => void }) {
  const { t, locale } = useT();
  const { values: v, change, errors: err, idOf } = checkout;
  const legendId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkout.check('shipping')) onDone();
  };

  const methodError = err.payment_method;
  return (
    <form className={formStyles.form} method="post" onSubmit={submit} noValidate data-testid="checkout-shipping">
      <ErrorSummary errors={err} text={t('checkout.validation.summary')} testId="checkout-errors" />
      <section className={formStyles.panel} aria-labelledby="checkout-carrier-heading">
        <h2 id="checkout-carrier-heading">{t('checkout.shipping.deliveryHeading')}</h2>
        <p data-testid="checkout-carrier">
          {t('checkout.shipping.carrier', {
            carrier: cart.shipping.carrier,
            min: cart.shipping.delivery_days.min,
            max: cart.shipping.delivery_days.max,
          })}
        </p>
        <p data-testid="checkout-delivery-price">
          {t('checkout.shipping.price', {
            country: countryName(cart.destination.country, locale),
            price: cart.delivery === 0 ? t('cartPage.free') : formatEuro(cart.delivery, locale),
          })}
        </p>
      </section>
      <fieldset
        className={formStyles.fieldset}
        aria-describedby={methodError ? `${idOf('payment_method')}-error` : undefined}
        aria-labelledby={legendId}
      >
        <legend id={legendId}>{t('checkout.shipping.paymentHeading')}</legend>
        {(['card', 'cod'] as const).map((method, i) => (
          <div key={method} className={styles.radio}>
            <input
              type="radio"
              id={i === 0 ? idOf('payment_method') : `${idOf('payment_method')}-${method}`}
              name="payment_method"
              value={method}
              checked={v.payment_method === method}
              required
              aria-invalid={methodError ? true : undefined}
              aria-describedby={`${idOf('payment_method')}-${method}-hint`}
              onChange={() => change('payment_method', method)}
            />
            <label htmlFor={i === 0 ? idOf('payment_method') : `${idOf('payment_method')}-${method}`}>
              {t(`checkout.method.${method}`)}
            </label>
            <p id={`${idOf('payment_method')}-${method}-hint`} className={formStyles.hint}>
              {t(`checkout.shipping.${method}Hint`)}
            </p>
          </div>
        ))}
        {methodError ? (
          <p id={`${idOf('payment_method')}-error`} className={formStyles.fieldError}>
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <ConsentCheckbox
        binding={checkout.bind.check('terms_accepted')}
        label={t('checkout.shipping.terms')}
        link={{ href: publicPath('general_terms', locale), text: t('checkout.shipping.termsLink') }}
      />
      <SubmitRow label={t('checkout.shipping.submit')}>
        <StepLink step="delivery" className={formStyles.inlineLink}>
          {t('checkout.shipping.back')}
        </StepLink>
      </SubmitRow>
    </form>
  );
}
