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

export interface PaymentNotCompletedProps {
  /** The order as `GET /api/orders/{number}` answers it (a card order whose payment failed or was abandoned). */
  order: OrderView;
  /** Absolute link that starts a new payment attempt for the same order. */
  retryUrl: string;
  /**
   * Until when the unpaid order (and its reserved stock) is kept before the expiry job cancels it:
   * an ISO 8601 timestamp with offset, shown on the Zagreb clock (placed_at + the configured time).
   */
  keptUntil: string;
}

/** Sent when a card payment did not complete: nothing is lost yet, pay again before the order expires. */
export function PaymentNotCompletedEmail({ order, retryUrl, keptUntil }: PaymentNotCompletedProps) {
  const { t, locale, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('paymentNotCompleted.preview', { number: order.number })}
      reason={t('paymentNotCompleted.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('paymentNotCompleted.heading')}
      </Heading>
      <Text style={text.body}>{t('paymentNotCompleted.greeting', { firstName: order.delivery_address.first_name })}</Text>
      <Text style={text.body}>{t('paymentNotCompleted.intro', { number: order.number, total: formatEuro(order.total, locale) })}</Text>
      <MailNotice spaced>
        <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>
          {t('paymentNotCompleted.keptUntil', { keptUntil: formatDateTime(keptUntil, locale) })}
        </Text>
      </MailNotice>
      <LinkAction href={retryUrl} label={t('paymentNotCompleted.button')} hint={t('paymentNotCompleted.linkHint')} />
      <Text style={text.body}>{t('paymentNotCompleted.tips')}</Text>
      <OrderSectionHeading>{t('paymentNotCompleted.linesHeading', { number: order.number })}</OrderSectionHeading>
      <NotFiscalizedNotice />
      <OrderLines order={order} />
      <OrderTotals order={order} vat={false} />
      <OrderContact />
      <MailSignoff signoff={t('paymentNotCompleted.signoff')} signature={t('paymentNotCompleted.signature')} />
    </MailLayout>
  );
}

export const paymentNotCompleted = defineTemplate<PaymentNotCompletedProps>({
  Component: PaymentNotCompletedEmail,
  subject: (t, { order }) => t('paymentNotCompleted.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ payment_method: 'card', payment_status: 'failed' }),
    retryUrl: `${publicUrl}/placanje-neuspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
    keptUntil: '2026-11-22T14:05:00.000Z',
  }),
});
