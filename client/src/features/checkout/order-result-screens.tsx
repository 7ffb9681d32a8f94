import { useBrowserQuery } from '../../api/browser-query';
import { useEffect } from 'react';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { isOrderNumber } from '../../../../contract/api/order';
import { routePath } from '../../../../contract/paths';
import { Notice } from '../account/form';
import { formatDate } from '../catalog/format';
import { orderQuery, useRetryPayment } from './checkout-api';
import { ApiError } from '../../api/http';
import { clearCheckout, useAccountResult } from './checkout-store';
import { OrderLinesAndTotals, PaymentHandoff } from './checkout-screen';
import accountStyles from '../account/account.module.css';
import styles from './checkout.module.css';

/** `?order=ZZ-2026-000123&token=…` of the success and failure pages (kept as parsed; anything else is ignored). */
export interface OrderResultSearch {
  order?: unknown;
  token?: unknown;
}

export function orderRef(search: OrderResultSearch): { number: string; token: string | null } | null {
  if (!isOrderNumber(search.order)) return null;
  const token = typeof search.token === 'string' && search.token.length > 0 && search.token.length <= 1000 ? search.token : null;
  return { number: search.order, token };
}

/**
 * The order success page (payment_success): thanks, 'details sent by e-mail', the order read with
 * GET /api/orders/{number} (its view token from the URL; in the browser only: the page HTML stays the same
 * for everybody), back to the home page.
 */
export function OrderSuccessScreen({ search }: { search: OrderResultSearch }) {
  const { t } = useT();
  const ref = orderRef(search);
  const number = ref?.number;
  // The order is placed: the next checkout starts empty (and a new attempt gets a new Idempotency-Key).
  useEffect(() => {
    if (number) clearCheckout();
  }, [number]);
  // A guest who asked for an account: whether its registration went out.
  const account = useAccountResult();
  return (
    <div className={accountStyles.page} data-order-result="success">
      <Breadcrumb screen="payment_success" name="" />
      <h1>{t('screens.payment_success.heading')}</h1>
      <div className={styles.result}>
        <Notice kind="success" testId="order-success">
          <p>{t('checkout.success.thanks')}</p>
          <p>{t('checkout.success.sentByEmail')}</p>
          {account === 'created' ? <p data-testid="account-created">{t('checkout.success.accountCreated')}</p> : null}
        </Notice>
        {account === 'failed' ? (
          <Notice kind="info" testId="account-failed">
            <p>{t('checkout.success.accountFailed')}</p>
          </Notice>
        ) : null}
        {ref ? <OrderSummary number={ref.number} token={ref.token} /> : null}
        <div className={accountStyles.actions}>
          <ScreenLink screen="home" className={accountStyles.primaryButton}>
            {t('checkout.success.backHome')}
          </ScreenLink>
        </div>
      </div>
    </div>
  );
}

function OrderSummary({ number, token }: { number: string; token: string | null }) {
  const { t, locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const order = useBrowserQuery(orderQuery(api, locale, number, token));

  if (order.status === 'failed') {
    return (
      <Notice kind="info" testId="order-unavailable">
        <p>{t('checkout.success.loadFailed', { number })}</p>
      </Notice>
    );
  }
  if (!order.data) {
    return (
      <p role="status" className={styles.loading} aria-busy="true">
        {t('checkout.success.loading')}
      </p>
    );
  }
  const o = order.data;
  return (
    <>
      <section
        className={accountStyles.panel}
        aria-labelledby="order-facts-heading"
        data-testid="order-summary"
        data-order-number={o.number}
      >
        <h2 id="order-facts-heading">{t('account.order.heading', { number: o.number })}</h2>
        <dl className={styles.facts}>
          <dt>{t('checkout.success.number')}</dt>
          <dd data-testid="order-number">{o.number}</dd>
          <dt>{t('account.order.date')}</dt>
          <dd>
            <time dateTime={o.placed_at}>{formatDate(o.placed_at, locale)}</time>
          </dd>
          <dt>{t('checkout.confirm.payment')}</dt>
          <dd>{t(`checkout.method.${o.payment_method}`)}</dd>
          <dt>{t('account.order.status')}</dt>
          <dd data-payment-status={o.payment_status}>{t(`checkout.paymentStatus.${o.payment_status}`)}</dd>
        </dl>
      </section>
      <OrderLinesAndTotals lines={o.lines} totals={o} />
    </>
  );
}

/**
 * The failure page (payment_fail): 'Your order failed, please try again', 'try again' and a link back to the
 * checkout. With the order in the URL (`?order=&token=`, as the card provider's return and the 'payment not
 * completed' mail carry it) 'try again' starts a new card payment of the same order (POST
 * /api/orders/{number}/payment) and hands over to the provider's page; without it, it returns to the
 * checkout's confirmation step.
 */
export function OrderFailScreen({ search }: { search: OrderResultSearch }) {
  const { t, locale } = useT();
  const ref = orderRef(search);
  const retry = useRetryPayment(locale);
  const refusal =
    retry.error instanceof ApiError && retry.error.status > 0 && retry.error.status < 500 && retry.error.code !== 'HTTP_ERROR'
      ? retry.error.errors[0]?.message
      : retry.error
        ? t('checkout.errors.general')
        : null;
  return (
    <div className={accountStyles.page} data-order-result="fail">
      <Breadcrumb screen="payment_fail" name="" />
      <h1>{t('screens.payment_fail.heading')}</h1>
      <div className={styles.result}>
        <Notice kind="error" testId="order-failed">
          <p>{t('checkout.fail.message')}</p>
        </Notice>
        {refusal && (
          <Notice kind="error" testId="retry-refused">
            <p>{refusal}</p>
          </Notice>
        )}
        {retry.data ? (
          <PaymentHandoff payment={retry.data.payment} />
        ) : (
          <div className={accountStyles.actions}>
            {ref ? (
              <button
                type="button"
                className={accountStyles.primaryButton}
                disabled={retry.isPending}
                onClick={() => retry.mutate({ number: ref.number, token: ref.token })}
              >
                {t('checkout.fail.tryAgain')}
              </button>
            ) : (
              <Link
                to={routePath('checkout') as never}
                params={{ locale } as never}
                search={{ step: 'confirm' } as never}
                className={accountStyles.primaryButton}
              >
                {t('checkout.fail.tryAgain')}
              </Link>
            )}
            <ScreenLink screen="checkout" className={accountStyles.inlineLink}>
              {t('checkout.fail.backToCheckout')}
            </ScreenLink>
          </div>
        )}
      </div>
    </div>
  );
}
