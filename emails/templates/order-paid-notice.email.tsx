import { Heading, Link, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import { formatDateTime } from '../components/format.js';
import { inlineLink, LinkAction, MailNotice } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { FactTable, OrderLinesBrief, OrderSectionHeading, usePaymentSummary } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderPaidNoticeProps {
  /** The order as it is when its card payment arrived (`payment_status` `paid`). */
  order: OrderView;
  /** When the order became paid: ISO 8601 with offset, shown on the Zagreb clock. */
  paidAt: string;
  /** Absolute link to the order in the operators' pages (`/admin/orders/{number}`). */
  adminUrl: string;
}

/**
 * Sent to the shop's order inbox (`ORDERS_EMAIL`, in Croatian unless the sender chooses another)
 * when a card order is paid: it can be shipped now. An order that had expired before the money came
 * says so: an operator refunds it or fulfils it by hand.
 */
export function OrderPaidNoticeEmail({ order, paidAt, adminUrl }: OrderPaidNoticeProps) {
  const { t, locale, publicUrl } = useMail();
  const total = formatEuro(order.total, locale);
  const name = `${order.delivery_address.first_name} ${order.delivery_address.last_name}`;
  const payment = usePaymentSummary(order);
  return (
    <MailLayout preview={t('orderPaidNotice.preview', { total })} reason={t('orderPaidNotice.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('orderPaidNotice.heading', { number: order.number })}
      </Heading>
      <Text style={text.body}>
        {t('orderPaidNotice.intro', { number: order.number, name, total, paidAt: formatDateTime(paidAt, locale) })}
      </Text>
      {order.fulfilment_status === 'cancelled' ? (
        <MailNotice spaced>
          <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>{t('orderPaidNotice.cancelled')}</Text>
        </MailNotice>
      ) : null}
      <LinkAction href={adminUrl} label={t('orderPaidNotice.button')} hint={t('orderPaidNotice.linkHint')} />
      <FactTable
        rows={[
          [t('order.number'), order.number],
          [t('order.payment'), payment],
          [t('order.totals.total'), total],
          [
            t('orderPaidNotice.customer'),
            <>
              {name}
              <br />
              <Link href={`mailto:${order.email}`} style={inlineLink}>
                {order.email}
              </Link>
            </>,
          ],
        ]}
      />
      <OrderSectionHeading>{t('orderPaidNotice.linesHeading')}</OrderSectionHeading>
      <OrderLinesBrief order={order} />
    </MailLayout>
  );
}

export const orderPaidNotice = defineTemplate<OrderPaidNoticeProps>({
  Component: OrderPaidNoticeEmail,
  subject: (t, { order }) =>
    t('orderPaidNotice.subject', {
      number: order.number,
      name: `${order.delivery_address.first_name} ${order.delivery_address.last_name}`,
    }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ payment_method: 'card', payment_status: 'paid', status: 'paid' }),
    paidAt: '2026-11-22T13:07:00.000Z',
    adminUrl: `${publicUrl}/admin/orders/ZZ-2026-000123`,
  }),
});
