import { useBrowserQuery } from '../../api/browser-query';
import { useEffect, useState } from 'react';
import { Link, rootRouteId, useRouteContext } from '@tanstack/react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { isOrderNumber, isPendingOrder, type OrderView } from '../../../../contract/api/order';
import { routePath } from '../../../../contract/paths';
import { Notice, formStyles } from '../../components/forms';
import { orderQuery } from './checkout-api';
import { clearCheckout, useAccountResult } from './checkout-store';
import { OrderLinesAndTotals, OrderNumberAndDate } from './order-lines';
import { PendingOrderPanel } from './pending-order/pending-order-panel';
import { PendingOrderSection } from './pending-order/pending-order-section';
import { NotFiscalizedNotice, OrderInvoices, useOrderInvoices } from './invoices/order-invoices';
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

/** How often the success page asks for a card order's payment state, and for how long (docs/screens.md). */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 120_000;

/**
 * The order success page (payment_success). With a valid order in the URL (`?order=&token=`) the order is
 * read in the browser (GET /api/orders/{number}; the page HTML stays the same for everybody):
 * - cash on delivery: titled 'Order received', the thanks once, details sent by e-mail;
 * - card: 'confirming your payment' (a polite live region) while the settlement has not landed, the order
 *   read again every PAYMENT_POLL_MS for at most PAYMENT_POLL_LIMIT_MS (then: we will e-mail you when it is
 *   confirmed), and 'payment received' once paid, without a reload; a failed payment shows the pending
 *   order with its actions.
 * Without a valid order it claims nothing about an e-mail.
 */
export function OrderSuccessScreen({ search }: { search: OrderResultSearch }) {
  const { t } = useT();
  const ref = orderRef(search);
  const number = ref?.number;
  // The order is placed: the next checkout starts empty (and a new attempt gets a new Idempotency-Key).
  useEffect(() => {
    if (number) clearCheckout();
  }, [number]);
  if (!ref) {
    return (
      <div className={formStyles.page} data-order-result="success">
        <Breadcrumb screen="payment_success" name="" />
        <h1>{t('screens.payment_success.heading')}</h1>
        <div className={styles.result}>
          <Notice kind="info" testId="order-unknown">
            <p>{t('checkout.success.noOrder')}</p>
          </Notice>
          <BackHome />
        </div>
      </div>
    );
  }
  return <OrderOutcome number={ref.number} token={ref.token} />;
}

function BackHome() {
  const { t } = useT();
  return (
    <div className={formStyles.actions}>
      <ScreenLink screen="home" className={formStyles.primaryButton}>
        {t('checkout.success.backHome')}
      </ScreenLink>
    </div>
  );
}

function OrderOutcome({ number, token }: { number: string; token: string | null }) {
  const { t, locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  // A guest who asked for an account: whether its registration went out.
  const account = useAccountResult();
  const [pollingSince] = useState(() => Date.now());
  const [slow, setSlow] = useState(false);
  const order = useBrowserQuery({
    ...orderQuery(api, locale, number, token),
    // a card order still to be settled is read again until it is paid (bounded)
    refetchInterval: (query) => {
      const o = query.state.data;
      const settling = o?.payment_method === 'card' && o.payment_status === 'awaiting_payment' && o.fulfilment_status === 'placed';
      return settling && Date.now() - pollingSince < PAYMENT_POLL_LIMIT_MS ? PAYMENT_POLL_MS : false;
    },
    staleTime: 0,
  });
  const o = order.data;
  const settling = o?.payment_method === 'card' && o.payment_status === 'awaiting_payment' && o.fulfilment_status === 'placed';
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSlow(true), Math.max(0, PAYMENT_POLL_LIMIT_MS - (Date.now() - pollingSince)));
    return () => clearTimeout(timer);
  }, [settling, pollingSince]);
  const received = o?.payment_method === 'cod';
  useEffect(() => {
    if (received) document.title = t('site.titleTemplate', { title: t('checkout.success.receivedHeading') });
  }, [received, t]);

  const outcome: { kind: 'success' | 'info' | 'error'; lines: string[]; state: string } | null = !o
    ? null
    : o.payment_method === 'cod'
      ? { kind: 'success', lines: [t('checkout.success.received'), t('checkout.success.sentByEmail')], state: 'received' }
      : o.payment_status === 'paid'
        ? { kind: 'success', lines: [t('checkout.success.paid'), t('checkout.success.sentByEmail')], state: 'paid' }
        : settling
          ? { kind: 'info', lines: [slow ? t('checkout.success.confirmingSlow') : t('checkout.success.confirming')], state: 'confirming' }
          : o.payment_status === 'failed' && isPendingOrder(o)
            ? { kind: 'error', lines: [t('checkout.success.paymentFailed')], state: 'failed' }
            : { kind: 'info', lines: [t('checkout.pending.notPending', { number: o.number })], state: 'other' };
  return (
    <div className={formStyles.page} data-order-result="success">
      <Breadcrumb screen="payment_success" name="" />
      <h1>{received ? t('checkout.success.receivedHeading') : t('screens.payment_success.heading')}</h1>
      <div className={styles.result}>
        {/* one polite live region: 'confirming your payment' turns into 'payment received' where it stands */}
        <div role="status" aria-live="polite" data-testid="order-success" data-payment-outcome={outcome?.state ?? 'loading'}>
          {outcome ? (
            <div
              className={
                outcome.kind === 'success'
                  ? formStyles.noticeSuccess
                  : outcome.kind === 'error'
                    ? formStyles.noticeError
                    : formStyles.noticeInfo
              }
            >
              {outcome.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
              {account === 'created' ? <p data-testid="account-created">{t('checkout.success.accountCreated')}</p> : null}
            </div>
          ) : null}
        </div>
        {account === 'failed' ? (
          <Notice kind="info" testId="account-failed">
            <p>{t('checkout.success.accountFailed')}</p>
          </Notice>
        ) : null}
        {order.status === 'failed' ? (
          <Notice kind="info" testId="order-unavailable">
            <p>{t('checkout.success.loadFailed', { number })}</p>
          </Notice>
        ) : !o ? (
          <p className={styles.loading} aria-busy="true">
            {t('checkout.success.loading')}
          </p>
        ) : outcome?.state === 'failed' ? (
          <PendingOrderPanel order={o} token={token} />
        ) : (
          <OrderSummary order={o} token={token} />
        )}
        <BackHome />
      </div>
    </div>
  );
}

/**
 * The order as its page by view token shows it (the mails link here): 'OVO NIJE FISKALIZIRANI RAČUN' until
 * its invoice exists (law art. 29), the facts, the invoices and the lines with the totals.
 */
function OrderSummary({ order: o, token }: { order: OrderView; token: string | null }) {
  const { t } = useT();
  const invoices = useOrderInvoices(o, token);
  return (
    <>
      <NotFiscalizedNotice invoices={invoices} />
      <section className={formStyles.panel} aria-labelledby="order-facts-heading" data-testid="order-summary" data-order-number={o.number}>
        <h2 id="order-facts-heading">{t('account.order.heading', { number: o.number })}</h2>
        <dl className={styles.facts}>
          <OrderNumberAndDate order={o} />
          <dt>{t('checkout.confirm.payment')}</dt>
          <dd>{t(`checkout.method.${o.payment_method}`)}</dd>
          <dt>{t('account.order.status')}</dt>
          <dd data-payment-status={o.payment_status}>{t(`checkout.paymentStatus.${o.payment_status}`)}</dd>
        </dl>
      </section>
      <OrderInvoices order={o} token={token} invoices={invoices} />
      <OrderLinesAndTotals lines={o.lines} totals={o} />
    </>
  );
}

/**
 * The failure page (payment_fail): 'Your order failed, please try again' and the link back to the checkout
 * (spec). With the order in the URL (`?order=&token=`, as the card provider's return and the 'payment not
 * completed' mail carry it) the order itself with its actions (pay again by card, pay on delivery, cancel:
 * PendingOrderPanel) while it is still unpaid, or what became of it; without one, this visitor's pending
 * order if there is one, else 'try again' at the checkout's confirmation step.
 */
export function OrderFailScreen({ search }: { search: OrderResultSearch }) {
  const { t, locale } = useT();
  const ref = orderRef(search);
  const tryAgainAtCheckout = (
    <div className={formStyles.actions}>
      <Link
        to={routePath('checkout') as never}
        params={{ locale } as never}
        search={{ step: 'confirm' } as never}
        className={formStyles.primaryButton}
      >
        {t('checkout.fail.tryAgain')}
      </Link>
    </div>
  );
  return (
    <div className={formStyles.page} data-order-result="fail">
      <Breadcrumb screen="payment_fail" name="" />
      <h1>{t('screens.payment_fail.heading')}</h1>
      <div className={styles.result}>
        <Notice kind="error" testId="order-failed">
          <p>{t('checkout.fail.message')}</p>
        </Notice>
        {ref ? <FailedOrder number={ref.number} token={ref.token} /> : <PendingOrderSection fallback={tryAgainAtCheckout} />}
        <div className={formStyles.actions}>
          <ScreenLink screen="checkout" className={formStyles.inlineLink}>
            {t('checkout.fail.backToCheckout')}
          </ScreenLink>
        </div>
      </div>
    </div>
  );
}

function FailedOrder({ number, token }: { number: string; token: string | null }) {
  const { t, locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const order = useBrowserQuery({ ...orderQuery(api, locale, number, token), staleTime: 0 });
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
  if (isPendingOrder(order.data)) return <PendingOrderPanel order={order.data} token={token} />;
  return (
    <Notice kind="info" testId="order-not-pending">
      <p>{t('checkout.pending.notPending', { number })}</p>
      <p>
        <Link
          to={routePath('payment_success') as never}
          params={{ locale } as never}
          search={{ order: number, ...(token ? { token } : {}) } as never}
          className={formStyles.inlineLink}
        >
          {t('checkout.pending.viewOrder')}
        </Link>
      </p>
    </Notice>
  );
}
