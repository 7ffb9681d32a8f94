import { ScreenLink } from '../../components/screen-link';
import { Breadcrumb } from '../../components/breadcrumb';
import { useT } from '../../hooks/use-locale';
import { isPendingOrder, type OrderView } from '../../../../contract/api/order';
import { PendingOrderPanel } from './pending-order/pending-order-panel';
import { NotFiscalizedNotice, OrderInvoices, useOrderInvoices } from './invoices/order-invoices';
import { AddressLines, OrderLinesAndTotals, OrderNumberAndDate } from './order-lines';
import { formStyles } from '../../components/forms';
import checkoutStyles from './checkout.module.css';

/**
 * One order of the signed-in user (`profile_order`, issue 10; the account's screen, shown by the checkout, which owns orders): number, date, payment method and status,
 * delivery status and tracking number, the lines with code, unit price and quantity, the totals with the VAT
 * per rate (the checkout's OrderLinesAndTotals), the addresses, the R1 company and the notes. Server-rendered
 * from the loader (the route is private: noindex). Its invoices are read in the browser (the 'Invoices'
 * section); until one exists the page says 'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29, docs/invoicing/buyer.md).
 */
export function OrderDetailScreen({ order: o }: { order: OrderView }) {
  const { t } = useT();
  const invoices = useOrderInvoices(o, null);
  return (
    <div className={formStyles.page} data-screen="profile_order" data-order-number={o.number}>
      <Breadcrumb screen="profile_order" name={o.number} />
      <h1>{t('account.order.heading', { number: o.number })}</h1>
      <p className={formStyles.lead}>{t('screens.profile_order.intro')}</p>
      <div className={checkoutStyles.result}>
        {/* an unpaid card order: pay again, pay on delivery or cancel (docs/screens.md, 'The pending order') */}
        {isPendingOrder(o) ? <PendingOrderPanel order={o} token={null} details={false} /> : null}
        <NotFiscalizedNotice invoices={invoices} />
        <section className={formStyles.panel} aria-labelledby="order-facts-heading" data-testid="order-facts">
          <h2 id="order-facts-heading">{t('account.orderDetail.facts')}</h2>
          <dl className={checkoutStyles.facts}>
            <OrderNumberAndDate order={o} />
            <dt>{t('account.orderDetail.paymentMethod')}</dt>
            <dd data-payment-method={o.payment_method}>{t(`checkout.method.${o.payment_method}`)}</dd>
            <dt>{t('account.orderDetail.paymentStatus')}</dt>
            <dd data-payment-status={o.payment_status}>{t(`checkout.paymentStatus.${o.payment_status}`)}</dd>
            <dt>{t('account.orderDetail.fulfilmentStatus')}</dt>
            <dd data-fulfilment-status={o.fulfilment_status}>{t(`account.orderDetail.fulfilment.${o.fulfilment_status}`)}</dd>
            <dt>{t('account.orderDetail.trackingNumber')}</dt>
            <dd data-testid="tracking-number">{o.tracking_number ?? t('account.orderDetail.noTracking')}</dd>
          </dl>
        </section>
        <OrderInvoices order={o} token={null} invoices={invoices} />
        <OrderLinesAndTotals lines={o.lines} totals={o} />
        <div className={checkoutStyles.parts}>
          <section className={formStyles.panel} aria-labelledby="order-delivery-heading" data-testid="order-delivery-address">
            <h2 id="order-delivery-heading">{t('checkout.delivery.address')}</h2>
            <AddressLines a={o.delivery_address} />
            <p>
              {o.email}
              <br />
              {o.phone}
            </p>
          </section>
          <section className={formStyles.panel} aria-labelledby="order-billing-heading" data-testid="order-billing-address">
            <h2 id="order-billing-heading">{t('checkout.delivery.billingHeading')}</h2>
            {o.billing_address ? <AddressLines a={o.billing_address} /> : <p>{t('checkout.confirm.billingSame')}</p>}
          </section>
          <section className={formStyles.panel} aria-labelledby="order-r1-heading" data-testid="order-r1">
            <h2 id="order-r1-heading">{t('checkout.delivery.r1Heading')}</h2>
            {o.r1_invoice ? (
              <>
                <p>
                  {o.r1_invoice.company_name}
                  <br />
                  {t('checkout.delivery.taxId')}: {o.r1_invoice.tax_id}
                </p>
                <AddressLines a={o.r1_invoice} />
              </>
            ) : (
              <p>{t('checkout.confirm.noR1')}</p>
            )}
          </section>
          <section className={formStyles.panel} aria-labelledby="order-notes-heading" data-testid="order-notes">
            <h2 id="order-notes-heading">{t('checkout.delivery.notes')}</h2>
            <dl className={checkoutStyles.facts}>
              <dt>{t('checkout.delivery.courierNote')}</dt>
              <dd>{o.courier_note ?? t('checkout.confirm.none')}</dd>
              <dt>{t('checkout.delivery.remark')}</dt>
              <dd>{o.remark ?? t('checkout.confirm.none')}</dd>
            </dl>
          </section>
        </div>
        <div className={formStyles.actions}>
          <ScreenLink screen="profile_orders" className={formStyles.inlineLink}>
            {t('account.orderDetail.back')}
          </ScreenLink>
        </div>
      </div>
    </div>
  );
}
