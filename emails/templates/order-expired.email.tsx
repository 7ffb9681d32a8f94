import { Heading, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { NotFiscalizedNotice, OrderContact, OrderLines, OrderSectionHeading, OrderTotals } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderExpiredProps {
  /** The order as `GET /api/orders/{number}` answers it: a card order nobody paid, now cancelled. */
  order: OrderView;
  /** When the expiry job cancelled it: ISO 8601 with offset, shown on the Zagreb clock. */
  cancelledAt: string;
  /** Absolute link to the products in the reader's language (to order again). */
  shopUrl: string;
}

/** 'Cancelled, not paid': the unpaid card order expired, its products went back, nothing is owed. */
export function OrderExpiredEmail({ order, cancelledAt, shopUrl }: OrderExpiredProps) {
  const { t, locale, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('orderExpired.preview', { number: order.number })}
      reason={t('orderExpired.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('orderExpired.heading')}
      </Heading>
      <Text style={text.body}>{t('orderExpired.greeting', { firstName: order.delivery_address.first_name })}</Text>
      <Text style={text.body}>
        {t('orderExpired.intro', {
          number: order.number,
          placedAt: formatDateTime(order.placed_at, locale),
          cancelledAt: formatDateTime(cancelledAt, locale),
        })}
      </Text>
      <MailNotice spaced>
        <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>{t('orderExpired.nothingOwed')}</Text>
      </MailNotice>
      <Text style={text.body}>{t('orderExpired.orderAgain')}</Text>
      <LinkAction href={shopUrl} label={t('orderExpired.button')} hint={t('orderExpired.linkHint')} />
      <OrderSectionHeading>{t('orderExpired.linesHeading', { number: order.number })}</OrderSectionHeading>
      <NotFiscalizedNotice />
      <OrderLines order={order} />
      <OrderTotals order={order} vat={false} />
      <OrderContact />
      <MailSignoff signoff={t('orderExpired.signoff')} signature={t('orderExpired.signature')} />
    </MailLayout>
  );
}

export const orderExpired = defineTemplate<OrderExpiredProps>({
  Component: OrderExpiredEmail,
  subject: (t, { order }) => t('orderExpired.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ payment_method: 'card', payment_status: 'failed', fulfilment_status: 'cancelled' }),
    cancelledAt: '2026-11-22T14:06:00.000Z',
    shopUrl: `${publicUrl}/proizvodi`,
  }),
});
