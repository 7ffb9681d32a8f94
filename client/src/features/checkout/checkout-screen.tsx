import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { routePath } from '../../../../contract/paths';
import { formStyles, Notice, ScreenPage } from '../../components/forms';
import { useT } from '../../hooks/use-locale';
import { useCartQuery } from '../cart/use-cart';
import { firstInvalidStep, STEPS, type Step } from './checkout-state';
import { EmptyCheckout } from './pending-order/empty-checkout';
import { PendingOrderSection } from './pending-order/pending-order-section';
import { ConfirmStep } from './steps/confirm-step';
import { DeliveryStep } from './steps/delivery-step';
import { ShippingStep } from './steps/shipping-step';
import { StepList } from './steps/step-nav';
import { useCheckoutValues } from './use-checkout-values';
import styles from './checkout.module.css';

/**
 * The checkout (issue 10): (1) delivery data, (2) delivery and payment, (3) confirmation, then the order is
 * placed (cash on delivery: the success page) or handed to the card provider's hosted page. The step is in
 * the URL (`?step=`), the values in sessionStorage (a reload loses nothing); the cart is read in the browser
 * (features/cart), so the server renders the same frame for everybody.
 */
export function CheckoutScreen({ step }: { step: Step }) {
  const { t, locale } = useT();
  const cartState = useCartQuery(locale);
  const cart = cartState.data ?? null;
  const checkout = useCheckoutValues(step);
  const navigate = useNavigate();
  const goTo = useCallback(
    (next: Step) => void navigate({ to: routePath('checkout') as never, params: { locale } as never, search: { step: next } as never }),
    [navigate, locale],
  );

  // A later step opened (bookmark, reload, back button) before an earlier one is complete: back to that one.
  useEffect(() => {
    if (!checkout.loaded || step === 'delivery') return;
    const invalid = firstInvalidStep(checkout.values);
    if (invalid && STEPS.indexOf(invalid) < STEPS.indexOf(step)) goTo(invalid);
  }, [checkout.loaded, checkout.values, step, goTo]);

  const status = cartState.status;
  return (
    <ScreenPage screen="checkout" attributes={{ 'data-checkout-step': step }}>
      {/* Without JavaScript there is no cart to check out (docs/checkout.md, 'Without JavaScript'). */}
      <noscript>
        <div className={formStyles.noticeInfo} data-testid="checkout-noscript">
          <p>{t('checkout.noScript')}</p>
        </div>
      </noscript>
      {/* The steps are the way through a cart; with none (a pending order, or nothing) they would say step 1 of nothing. */}
      {status === 'ready' && cart?.lines.length === 0 ? null : <StepList step={step} />}
      {/* At least a screen tall (checkout.module.css): the footer stays below the fold when the cart arrives. */}
      <div className={styles.region} aria-busy={status === 'loading'} data-checkout-status={status}>
        {status === 'loading' ? (
          <p role="status" className={styles.loading}>
            {t('checkout.loading')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <Notice kind="error">
            <p>{t('checkout.loadFailed')}</p>
            <button type="button" className={formStyles.secondaryButton} onClick={() => void cartState.refetch()}>
              {t('checkout.retry')}
            </button>
          </Notice>
        ) : null}
        {status === 'ready' && cart ? (
          cart.lines.length === 0 ? (
            // An empty cart with an unpaid card order of this visitor: that order, not 'Your cart is empty'.
            <PendingOrderSection fallback={<EmptyCheckout />} />
          ) : step === 'delivery' ? (
            <DeliveryStep checkout={checkout} onDone={() => goTo('shipping')} />
          ) : step === 'shipping' ? (
            <ShippingStep checkout={checkout} cart={cart} onDone={() => goTo('confirm')} />
          ) : (
            <ConfirmStep checkout={checkout} cart={cart} onFix={goTo} reloadCart={() => cartState.refetch()} />
          )
        ) : null}
      </div>
    </ScreenPage>
  );
}
