import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { routePath } from '../../../../../contract/paths';
import { formatEuro } from '../../../../../contract/money';
import type { OrderView } from '../../../../../contract/api/order';
import { ApiError, type ApiErrorDetail } from '../../../api/http';
import { useT } from '../../../hooks/use-locale';
import { Notice, formStyles } from '../../../components/forms';
import { useRetryPayment } from '../checkout-api';
import { AddressLines, OrderLinesAndTotals } from '../order-lines';
import { NotFiscalizedNotice } from '../invoices/order-invoices';
import { PaymentHandoff } from './payment-handoff';
import { useCancelPending, useSwitchToCod } from './pending-order-api';
import styles from '../checkout.module.css';

type T = ReturnType<typeof useT>['t'];

/** The message of a refusal the shopper can act on (4xx with a message), else the spec's general one. */
export function refusalMessage(error: unknown, t: T): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.code !== 'HTTP_ERROR' && error.errors[0]?.message
    ? error.errors[0].message
    : t('checkout.errors.general');
}

/**
 * An unpaid card order (docs/screens.md, 'The pending order'): its lines, totals and delivery address, and
 * what its buyer can do: pay again by card (a new attempt, straight to the provider's page), pay on
 * delivery instead (a changed total is shown and must be accepted first; then the success page as 'order
 * received'), or cancel it (after a confirmation; its products go back to the cart, which opens). The
 * failure page, the checkout with an empty cart and the account's order detail (`details={false}`: it shows
 * the lines and address itself) show it.
 */
export function PendingOrderPanel({ order, token, details = true }: { order: OrderView; token: string | null; details?: boolean }) {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const retry = useRetryPayment(locale);
  const switchToCod = useSwitchToCod(locale);
  const cancel = useCancelPending(locale);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const busy = retry.isPending || switchToCod.isPending || cancel.isPending;
  const money = (cents: number) => formatEuro(cents, locale);
  const ref = { number: order.number, token };

  useEffect(() => {
    if (problem || changedTotal !== null) noticeRef.current?.focus();
  }, [problem, changedTotal]);

  const payOnDelivery = async (expectedTotal?: number) => {
    setProblem(null);
    try {
      await switchToCod.mutateAsync({ ...ref, ...(expectedTotal !== undefined ? { expectedTotal } : {}) });
      await navigate({
        to: routePath('payment_success') as never,
        params: { locale } as never,
        search: { order: order.number, ...(token ? { token } : {}) } as never,
      });
    } catch (error) {
      const changed = error instanceof ApiError && error.code === 'ORDER_TOTAL_CHANGED' ? totalOf(error.errors[0]) : null;
      if (changed !== null) {
        setChangedTotal(changed);
        return;
      }
      setChangedTotal(null);
      setProblem(refusalMessage(error, t));
    }
  };

  const cancelOrder = async () => {
    setProblem(null);
    try {
      await cancel.mutateAsync(ref);
      await navigate({ to: routePath('cart') as never, params: { locale } as never });
    } catch (error) {
      setConfirmCancel(false);
      setProblem(refusalMessage(error, t));
    }
  };

  const payAgain = () => {
    setProblem(null);
    retry.mutate(ref, { onError: (error) => setProblem(refusalMessage(error, t)) });
  };

  if (retry.data) return <PaymentHandoff payment={retry.data.payment} />;

  return (
    <section className={styles.pending} aria-labelledby={headingId} data-testid="pending-order" data-order-number={order.number}>
      <h2 id={headingId}>{t('checkout.pending.heading', { number: order.number })}</h2>
      <p>{t('checkout.pending.text')}</p>
      {problem ? (
        <Notice kind="error" ref={noticeRef} testId="pending-order-problem">
          <p>{problem}</p>
        </Notice>
      ) : null}
      {changedTotal !== null ? (
        <Notice kind="info" ref={noticeRef} testId="pending-order-total-changed">
          <p>{t('checkout.pending.totalChanged', { total: money(changedTotal), previous: money(order.total) })}</p>
          <div className={formStyles.actions}>
            <button
              type="button"
              className={formStyles.primaryButton}
              disabled={busy}
              onClick={() => void payOnDelivery(changedTotal)}
              data-testid="pending-accept-total"
            >
              {t('checkout.pending.acceptTotal', { total: money(changedTotal) })}
            </button>
          </div>
        </Notice>
      ) : null}
      {details ? (
        <>
          {/* an unpaid order's amounts: no invoice exists (law art. 29) */}
          <NotFiscalizedNotice />
          <OrderLinesAndTotals lines={order.lines} totals={order} />
          <div className={formStyles.panel}>
            <h3>{t('checkout.delivery.address')}</h3>
            <AddressLines a={order.delivery_address} />
          </div>
        </>
      ) : null}
      {confirmCancel ? (
        <div className={formStyles.panel} role="group" aria-labelledby={`${headingId}-cancel`} data-testid="pending-cancel-confirm">
          <p id={`${headingId}-cancel`}>{t('checkout.pending.cancelConfirm', { number: order.number })}</p>
          <div className={formStyles.actions}>
            <button
              type="button"
              className={formStyles.primaryButton}
              disabled={busy}
              onClick={() => void cancelOrder()}
              data-testid="pending-cancel-yes"
            >
              {cancel.isPending ? t('checkout.pending.working') : t('checkout.pending.cancelYes')}
            </button>
            <button type="button" className={formStyles.secondaryButton} disabled={busy} onClick={() => setConfirmCancel(false)}>
              {t('checkout.pending.cancelNo')}
            </button>
          </div>
        </div>
      ) : (
        <div className={formStyles.actions}>
          <button type="button" className={formStyles.primaryButton} disabled={busy} onClick={payAgain} data-testid="pending-pay-again">
            {retry.isPending ? t('checkout.pending.working') : t('checkout.pending.payAgain')}
          </button>
          <button
            type="button"
            className={formStyles.secondaryButton}
            disabled={busy}
            onClick={() => void payOnDelivery()}
            data-testid="pending-switch-cod"
          >
            {switchToCod.isPending ? t('checkout.pending.working') : t('checkout.pending.switchToCod')}
          </button>
          <button
            type="button"
            className={formStyles.secondaryButton}
            disabled={busy}
            onClick={() => setConfirmCancel(true)}
            data-testid="pending-cancel"
          >
            {t('checkout.pending.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}

/** The new total a 409 ORDER_TOTAL_CHANGED carries (`totals.total`), if it is a whole number of cents. */
function totalOf(detail: ApiErrorDetail | undefined): number | null {
  const total = (detail as { totals?: { total?: unknown } } | undefined)?.totals?.total;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : null;
}
