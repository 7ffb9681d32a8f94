import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { formatEuro } from '../../../../../contract/money';
import { routePath } from '../../../../../contract/paths';
import { ApiError, type ApiErrorDetail } from '../../../api/http';
import { formStyles, Notice } from '../../../components/forms';
import { useT } from '../../../hooks/use-locale';
import { register } from '../../account/account-api';
import type { CartView } from '../../cart/cart-types';
import { usePlaceOrder } from '../checkout-api';
import {
  attemptFor,
  fieldOfApiPath,
  firstInvalidStep,
  newIdempotencyKey,
  orderBody,
  STEP_FIELDS,
  STEPS,
  stepOf,
  type CheckoutField,
  type Step,
} from '../checkout-state';
import { registrationBody } from '../checkout-account';
import { clearAccountResult, currentAccountSecrets, saveAccountResult } from '../checkout-store';
import type { PaymentForm } from '../checkout-types';
import { AddressLines, OrderLinesAndTotals } from '../order-lines';
import { PaymentHandoff } from '../pending-order/payment-handoff';
import type { CheckoutController } from '../use-checkout-values';
import styles from '../checkout.module.css';
import { StepLink } from './step-nav';

/** One part of the confirmation (contact, address, ...) with its link back to the step that edits it. */
function Part({ title, step, testId, children }: { title: string; step: Step; testId: string; children: ReactNode }) {
  const { t } = useT();
  const id = useId();
  return (
    <section className={formStyles.panel} aria-labelledby={id} data-testid={testId}>
      <div className={styles.partHead}>
        <h2 id={id}>{title}</h2>
        <StepLink step={step} className={formStyles.inlineLink}>
          {t('checkout.confirm.edit')}
          <span className="visually-hidden">: {title}</span>
        </StepLink>
      </div>
      {children}
    </section>
  );
}

/**
 * Step 3: everything the order will say, each part with a link to edit it, the lines and totals, and the
 * button that places the order (cash on delivery: the success page; card: the hand-off to the provider).
 */
export function ConfirmStep({
  checkout,
  cart,
  onFix,
  reloadCart,
}: {
  checkout: CheckoutController;
  cart: CartView;
  onFix: (step: Step) => void;
  reloadCart: () => Promise<unknown>;
}) {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const place = usePlaceOrder(locale);
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const messageId = useId();
  const [problem, setProblem] = useState<{ kind: 'total' | 'error'; messages: string[] } | null>(null);
  const [payment, setPayment] = useState<PaymentForm | null>(null);
  const { values: v } = checkout;
  const money = (cents: number) => formatEuro(cents, locale);

  const send = async () => {
    if (place.isPending) return;
    setProblem(null);
    if (!checkout.check('confirm')) {
      const invalid = firstInvalidStep(v) ?? (checkout.accountIncomplete() ? 'delivery' : null);
      if (invalid) onFix(invalid);
      return;
    }
    const body = orderBody(v, cart.total);
    const attempt = attemptFor(body, checkout.attempt, newIdempotencyKey);
    checkout.setAttempt(attempt);
    try {
      const answer = await place.mutateAsync({ body, key: attempt.key });
      // The order is placed; now the account a guest asked for (cash: before the success page, card: before
      // the hand-off). Its failure never touches the order: logged, and the success page says so.
      clearAccountResult();
      if (checkout.guest && v.create_account) {
        try {
          await register(api(locale), registrationBody(v, currentAccountSecrets(), locale));
          saveAccountResult('created');
        } catch (error) {
          console.warn('The account could not be created after the order', error);
          saveAccountResult('failed');
        }
      }
      // The stored values are cleared by the success page (cash on delivery now, card after the payment).
      if (answer.payment) {
        setPayment(answer.payment);
        return;
      }
      await navigate({
        to: routePath('payment_success') as never,
        params: { locale } as never,
        search: { order: answer.order.number, token: answer.view_token } as never,
      });
    } catch (error) {
      const details: ApiErrorDetail[] =
        error instanceof ApiError && error.status > 0 && error.status < 500 && error.code !== 'HTTP_ERROR' ? error.errors : [];
      if (details.some((d) => d.code === 'ORDER_TOTAL_CHANGED')) {
        // New prices or delivery: the cart is read again (new totals on screen) and the shopper confirms again.
        checkout.setAttempt(null);
        place.reset();
        await reloadCart();
        setProblem({ kind: 'total', messages: details.filter((d) => d.code === 'ORDER_TOTAL_CHANGED').map((d) => d.message) });
        checkout.focus(messageId);
        return;
      }
      const fieldErrors: Partial<Record<CheckoutField, string>> = {};
      const other: string[] = [];
      for (const d of details) {
        const field = fieldOfApiPath(d.field);
        if (field && stepOf(field)) fieldErrors[field] ??= d.message;
        else other.push(d.message || t('checkout.errors.general'));
      }
      const fields = Object.keys(fieldErrors) as CheckoutField[];
      if (fields.length > 0) {
        const steps = fields.map((f) => stepOf(f) as Step);
        const target = STEPS.find((s) => steps.includes(s)) ?? 'delivery';
        onFix(target);
        checkout.showErrors(fieldErrors, STEP_FIELDS[target]);
        return;
      }
      setProblem({ kind: 'error', messages: other.length > 0 ? other : [t('checkout.errors.general')] });
      checkout.focus(messageId);
    }
  };

  if (payment) return <PaymentHandoff payment={payment} />;

  const billing = v.billing_differs
    ? {
        first_name: v.billing_first_name,
        last_name: v.billing_last_name,
        street: v.billing_street,
        postal_code: v.billing_postal_code,
        city: v.billing_city,
        country: v.billing_country,
      }
    : null;
  return (
    <div className={styles.confirm} data-testid="checkout-confirm">
      {problem ? (
        <Notice kind="error" id={messageId} testId={problem.kind === 'total' ? 'checkout-total-changed' : 'checkout-failed'}>
          {problem.messages.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
          {problem.kind === 'total' ? <p>{t('checkout.confirm.totalChanged', { total: money(cart.total) })}</p> : null}
        </Notice>
      ) : null}
      <div className={styles.parts}>
        <Part title={t('checkout.delivery.contact')} step="delivery" testId="confirm-contact">
          <p>
            {v.email}
            <br />
            {v.phone}
          </p>
        </Part>
        <Part title={t('checkout.delivery.address')} step="delivery" testId="confirm-address">
          <AddressLines a={v} />
        </Part>
        <Part title={t('checkout.delivery.billingHeading')} step="delivery" testId="confirm-billing">
          {billing ? <AddressLines a={billing} /> : <p>{t('checkout.confirm.billingSame')}</p>}
        </Part>
        <Part title={t('checkout.delivery.r1Heading')} step="delivery" testId="confirm-r1">
          {v.r1 ? (
            <>
              <p>
                {v.company_name}
                <br />
                {t('checkout.delivery.taxId')}: {v.tax_id}
              </p>
              <AddressLines
                a={{
                  street: v.company_street,
                  postal_code: v.company_postal_code,
                  city: v.company_city,
                  country: v.company_country,
                }}
              />
            </>
          ) : (
            <p>{t('checkout.confirm.noR1')}</p>
          )}
        </Part>
        <Part title={t('checkout.delivery.notes')} step="delivery" testId="confirm-notes">
          <dl className={styles.facts}>
            <dt>{t('checkout.delivery.courierNote')}</dt>
            <dd>{v.courier_note.trim() || t('checkout.confirm.none')}</dd>
            <dt>{t('checkout.delivery.remark')}</dt>
            <dd>{v.remark.trim() || t('checkout.confirm.none')}</dd>
          </dl>
        </Part>
        <Part title={t('checkout.steps.shipping')} step="shipping" testId="confirm-shipping">
          <p>
            {t('checkout.shipping.carrier', {
              carrier: cart.shipping.carrier,
              min: cart.shipping.delivery_days.min,
              max: cart.shipping.delivery_days.max,
            })}
          </p>
          <p>
            {t('checkout.confirm.payment')}:{' '}
            <strong>{v.payment_method ? t(`checkout.method.${v.payment_method}`) : t('checkout.confirm.none')}</strong>
          </p>
        </Part>
      </div>
      <OrderLinesAndTotals
        lines={cart.lines.map((l) => ({
          product_code: l.product_code,
          name: l.name,
          unit_price: l.unit_price,
          quantity: l.quantity,
          line_total: l.line_total,
        }))}
        totals={{ ...cart, coupon_code: cart.coupon?.valid ? cart.coupon.code : null }}
      />
      <div className={formStyles.actions}>
        <button
          type="button"
          className={formStyles.primaryButton}
          aria-disabled={place.isPending || undefined}
          onClick={() => void send()}
          data-testid="checkout-send"
        >
          {place.isPending
            ? t('checkout.confirm.sending')
            : v.payment_method === 'card'
              ? t('checkout.confirm.sendCard')
              : t('checkout.confirm.sendCod')}
        </button>
        <StepLink step="shipping" className={formStyles.inlineLink}>
          {t('checkout.confirm.back')}
        </StepLink>
      </div>
    </div>
  );
}
