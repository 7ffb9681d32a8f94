import { Heading, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import type { PaymentMethod } from '../../contract/orders.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { FactTable, OrderContact } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderRefundedProps {
  /** The order as `GET /api/orders/{number}` answers it, after the refund. */
  order: OrderView;
  /** Euro cents refunded by this refund. */
  amount: number;
  /** How it was paid, so how the money goes back: card (the provider) or cash on delivery (as agreed). */
  method: PaymentMethod;
  /** When the refund was made: ISO 8601 with offset, shown on the Zagreb clock. */
  refundedAt: string;
  /** Absolute link to the order's page, carrying its view token. */
  orderUrl: string;
}

const METHOD_KEYS = { card: 'orderRefunded.methodCard', cod: 'orderRefunded.methodCod' } as const satisfies Record<PaymentMethod, string>;
const WHEN_KEYS = { card: 'orderRefunded.whenCard', cod: 'orderRefunded.whenCod' } as const satisfies Record<PaymentMethod, string>;
const EXPLAIN_KEYS = { card: 'orderRefunded.card', cod: 'orderRefunded.cod' } as const satisfies Record<PaymentMethod, string>;

/** Sent to the buyer for each refund an operator makes: how much, how it comes back and when. */
export function OrderRefundedEmail({ order, amount, method, refundedAt, orderUrl }: OrderRefundedProps) {
  const { t, locale, publicUrl } = useMail();
  const euro = formatEuro(amount, locale);
  return (
    <MailLayout
      preview={t('orderRefunded.preview', { number: order.number, amount: euro })}
      reason={t('orderRefunded.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('orderRefunded.heading')}
      </Heading>
      <Text style={text.body}>{t('orderRefunded.greeting', { firstName: order.delivery_address.first_name })}</Text>
      <Text style={text.body}>{t('orderRefunded.intro', { number: order.number, amount: euro })}</Text>
      <LinkAction href={orderUrl} label={t('orderRefunded.button')} hint={t('orderRefunded.linkHint')} />
      <FactTable
        rows={[
          [t('orderRefunded.amountLabel'), euro],
          [t('orderRefunded.methodLabel'), t(METHOD_KEYS[method])],
          [t('orderRefunded.dateLabel'), formatDateTime(refundedAt, locale)],
          [t('orderRefunded.whenLabel'), t(WHEN_KEYS[method])],
        ]}
      />
      <Text style={text.body}>{t(EXPLAIN_KEYS[method])}</Text>
      <OrderContact />
      <MailSignoff signoff={t('orderRefunded.signoff')} signature={t('orderRefunded.signature')} />
    </MailLayout>
  );
}

export const orderRefunded = defineTemplate<OrderRefundedProps>({
  Component: OrderRefundedEmail,
  subject: (t, { order }) => t('orderRefunded.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ payment_method: 'card', payment_status: 'refunded' }),
    amount: 2239,
    method: 'card',
    refundedAt: '2026-11-23T09:30:00.000Z',
    orderUrl: `${publicUrl}/placanje-uspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
  }),
});
