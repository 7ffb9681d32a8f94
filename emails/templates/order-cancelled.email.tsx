import { Heading, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { NotFiscalizedNotice, OrderContact, OrderLines, OrderSectionHeading, OrderTotals } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderCancelledProps {
  /** The order as `GET /api/orders/{number}` answers it, after an operator cancelled it (`fulfilment_status` `cancelled`). */
  order: OrderView;
  /** Absolute link to the order's page, carrying its view token. */
  orderUrl: string;
}

/**
 * Sent to the buyer when an operator cancels the order: it will not be sent, and what happens to
 * the money (nothing was paid, or what was paid is refunded: the refund mail follows on its own).
 */
export function OrderCancelledEmail({ order, orderUrl }: OrderCancelledProps) {
  const { t, locale, publicUrl } = useMail();
  const refunded = order.payment_status === 'refunded' || order.payment_status === 'paid';
  return (
    <MailLayout
      preview={t('orderCancelled.preview', { number: order.number })}
      reason={t('orderCancelled.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('orderCancelled.heading')}
      </Heading>
      <Text style={text.body}>{t('orderCancelled.greeting', { firstName: order.delivery_address.first_name })}</Text>
      <Text style={text.body}>
        {t('orderCancelled.intro', { number: order.number, placedAt: formatDateTime(order.placed_at, locale) })}
      </Text>
      <MailNotice spaced>
        <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>
          {refunded ? t('orderCancelled.refunded', { total: formatEuro(order.total, locale) }) : t('orderCancelled.notPaid')}
        </Text>
      </MailNotice>
      <LinkAction href={orderUrl} label={t('orderCancelled.button')} hint={t('orderCancelled.linkHint')} />
      <OrderSectionHeading>{t('orderCancelled.linesHeading', { number: order.number })}</OrderSectionHeading>
      {/* nothing paid: no invoice was ever issued, so these amounts are not one (law art. 29); a paid order's invoice is cancelled by its storno */}
      {refunded ? null : <NotFiscalizedNotice />}
      <OrderLines order={order} />
      <OrderTotals order={order} vat={false} />
      <OrderContact />
      <MailSignoff signoff={t('orderCancelled.signoff')} signature={t('orderCancelled.signature')} />
    </MailLayout>
  );
}

export const orderCancelled = defineTemplate<OrderCancelledProps>({
  Component: OrderCancelledEmail,
  subject: (t, { order }) => t('orderCancelled.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ fulfilment_status: 'cancelled' }),
    orderUrl: `${publicUrl}/placanje-uspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
  }),
});
