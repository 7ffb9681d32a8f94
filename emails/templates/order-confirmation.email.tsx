import { Heading, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import {
  codDue,
  NotFiscalizedNotice,
  OrderContact,
  OrderFacts,
  OrderLines,
  OrderParties,
  OrderSectionHeading,
  OrderTotals,
} from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderConfirmationProps {
  /** The order as `GET /api/orders/{number}` answers it. */
  order: OrderView;
  /** Absolute link to the order's page, carrying its view token (a guest has no other way in). */
  orderUrl: string;
}

/**
 * Sent to the buyer when the order is confirmed: cash on delivery at placement, card when paid.
 * Everything the order holds: lines, totals with VAT, payment, addresses, R1 data, notes. Sent before
 * the invoice (its own mail follows), so it says 'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29).
 */
export function OrderConfirmationEmail({ order, orderUrl }: OrderConfirmationProps) {
  const { t, locale, publicUrl } = useMail();
  const total = formatEuro(order.total, locale);
  return (
    <MailLayout
      preview={t('orderConfirmation.preview', { number: order.number, total })}
      reason={t('orderConfirmation.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('orderConfirmation.heading')}
      </Heading>
      <Text style={text.body}>{t('orderConfirmation.greeting', { firstName: order.delivery_address.first_name })}</Text>
      <Text style={text.body}>
        {t('orderConfirmation.intro', { number: order.number, placedAt: formatDateTime(order.placed_at, locale) })}
      </Text>
      <LinkAction href={orderUrl} label={t('orderConfirmation.button')} hint={t('orderConfirmation.linkHint')} />
      {codDue(order) ? (
        <MailNotice spaced>
          <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>{t('orderConfirmation.payCourier', { total })}</Text>
        </MailNotice>
      ) : null}
      <NotFiscalizedNotice />
      <OrderFacts order={order} />
      <OrderSectionHeading>{t('orderConfirmation.linesHeading')}</OrderSectionHeading>
      <OrderLines order={order} />
      <OrderTotals order={order} />
      <OrderSectionHeading>{t('orderConfirmation.deliveryHeading')}</OrderSectionHeading>
      <Text style={text.body}>{t('orderConfirmation.delivery')}</Text>
      <OrderParties order={order} />
      <OrderContact />
      <MailSignoff signoff={t('orderConfirmation.signoff')} signature={t('orderConfirmation.signature')} />
    </MailLayout>
  );
}

export const orderConfirmation = defineTemplate<OrderConfirmationProps>({
  Component: OrderConfirmationEmail,
  subject: (t, { order }) => t('orderConfirmation.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder(),
    orderUrl: `${publicUrl}/placanje-uspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
  }),
});
