import { Heading, Section, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { AddressLines, codDue, InfoBlock, OrderContact, OrderLinesBrief, OrderSectionHeading } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface OrderShippedProps {
  /** The order as `GET /api/orders/{number}` answers it, after shipping: `tracking_number` is set. */
  order: OrderView;
  /** Absolute link to the order's page, carrying its view token. */
  orderUrl: string;
}

/** Sent when an operator ships the order: the tracking number, what is in the parcel, where it goes. */
export function OrderShippedEmail({ order, orderUrl }: OrderShippedProps) {
  const { t, locale, publicUrl } = useMail();
  // A shipped mail without the number to follow the parcel by is a bug of the sender, not a mail to send.
  if (!order.tracking_number) throw new Error(`order-shipped: order ${order.number} has no tracking number`);
  const address = order.delivery_address;
  return (
    <MailLayout
      preview={t('orderShipped.preview', { number: order.number, trackingNumber: order.tracking_number })}
      reason={t('orderShipped.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('orderShipped.heading')}
      </Heading>
      <Text style={text.body}>{t('orderShipped.greeting', { firstName: address.first_name })}</Text>
      <Text style={text.body}>{t('orderShipped.intro', { number: order.number })}</Text>
      <Section style={trackingBox}>
        <Text style={trackingLabel}>{t('orderShipped.trackingLabel')}</Text>
        <Text style={trackingNumber}>{order.tracking_number}</Text>
      </Section>
      <Text style={text.body}>{t('orderShipped.tracking')}</Text>
      <LinkAction href={orderUrl} label={t('orderShipped.button')} hint={t('orderShipped.linkHint')} />
      {codDue(order) ? (
        <MailNotice spaced>
          <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>
            {t('orderShipped.payCourier', { total: formatEuro(order.total, locale) })}
          </Text>
        </MailNotice>
      ) : null}
      <OrderSectionHeading>{t('orderShipped.linesHeading')}</OrderSectionHeading>
      <OrderLinesBrief order={order} />
      <InfoBlock title={t('order.address.delivery')}>
        <AddressLines address={{ ...address, name: `${address.first_name} ${address.last_name}` }} />
      </InfoBlock>
      <OrderContact />
      <MailSignoff signoff={t('orderShipped.signoff')} signature={t('orderShipped.signature')} />
    </MailLayout>
  );
}

const trackingBox = {
  backgroundColor: colors.goldSoft,
  border: `2px dashed ${colors.gold}`,
  borderRadius: '8px',
  padding: '16px',
  margin: '4px 0 16px',
  textAlign: 'center' as const,
};

const trackingLabel = { ...text.small, letterSpacing: '1px', textTransform: 'uppercase' as const, margin: '0 0 4px' };

const trackingNumber = {
  fontFamily: fonts.mono,
  fontSize: '22px',
  lineHeight: '30px',
  fontWeight: 700,
  letterSpacing: '2px',
  color: colors.ink,
  margin: '0',
};

export const orderShipped = defineTemplate<OrderShippedProps>({
  Component: OrderShippedEmail,
  subject: (t, { order }) => t('orderShipped.subject', { number: order.number }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder({ fulfilment_status: 'shipped', tracking_number: 'RR123456785HR' }),
    orderUrl: `${publicUrl}/placanje-uspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
  }),
});
