import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../hooks/use-locale';
import { Notice, formStyles } from '../../../components/forms';
import type { PaymentForm } from '../checkout-types';
import { PendingOrderSection } from './pending-order-section';

/** How long the page waits for the provider's page to take over before it says the hand-off failed. */
export const HANDOFF_TIMEOUT_MS = 6000;

/**
 * The hand-off to the card provider's hosted page: a form with the provider's fields, submitted at once; its
 * visible button continues when scripts are blocked or the automatic submit did not happen. When the browser
 * refuses to send it (the page's CSP `form-action` does not allow the provider's origin, docs/security.md
 * 'One host': a `securitypolicyviolation`, or the page still here after HANDOFF_TIMEOUT_MS), the shopper sees a
 * localized error and the pending order with its actions (pay again posts a new form), never an empty cart.
 */
export function PaymentHandoff({ payment }: { payment: PaymentForm }) {
  const { t } = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if ((event.effectiveDirective || event.violatedDirective).startsWith('form-action')) setBlocked(true);
    };
    // A refused submit does not always reach the page as an event (Chromium blocks a form-action navigation
    // in the browser process and only logs it): still here after HANDOFF_TIMEOUT_MS means it did not go.
    const timer = window.setTimeout(() => setBlocked(true), HANDOFF_TIMEOUT_MS);
    const leaving = () => window.clearTimeout(timer);
    document.addEventListener('securitypolicyviolation', onViolation);
    window.addEventListener('pagehide', leaving);
    formRef.current?.submit();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
      window.removeEventListener('pagehide', leaving);
    };
  }, []);
  if (blocked) {
    return (
      <div data-testid="payment-handoff-failed">
        <Notice kind="error">
          <p>{t('checkout.handoff.failed')}</p>
        </Notice>
        <PendingOrderSection />
      </div>
    );
  }
  return (
    <form ref={formRef} action={payment.action} method="post" className={formStyles.panel} data-testid="payment-handoff">
      <p role="status">{t('checkout.confirm.redirecting')}</p>
      {Object.entries(payment.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={formStyles.primaryButton}>
        {t('checkout.confirm.continuePayment')}
      </button>
    </form>
  );
}
