import { Heading, Link, Text } from '@react-email/components';
import type { OrderView } from '../../contract/api/order.js';
import { formatEuro } from '../../contract/money.js';
import { formatDateTime } from '../components/format.js';
import { inlineLink, LinkAction } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import {
  FactTable,
  OrderLines,
  OrderParties,
  OrderSectionHeading,
  OrderTotals,
  PAYMENT_METHOD_KEYS,
  usePaymentSummary,
} from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';
import { previewOrder } from './order-preview.js';

export interface NewOrderNoticeProps {
  /** The order as `GET /api/admin/orders/{number}` answers it. */
  order: OrderView;
  /** Absolute link to the order in the operators' pages (`/admin/orders`). */
  adminUrl: string;
}

/**
 * Sent to the shop's order inbox (`ORDERS_EMAIL`) for every new order, in the shop's language (hr
 * unless the sender chooses another): who ordered, what, for how much, how it is paid, where it goes.
 */
/** Names of languages in the mail's language, built once per language (an Intl object costs far more to build than to use). */
const languageNamesByLocale = new Map<string, Intl.DisplayNames>();
function languageNames(locale: string): Intl.DisplayNames {
  let names = languageNamesByLocale.get(locale);
  if (!names) languageNamesByLocale.set(locale, (names = new Intl.DisplayNames([locale], { type: 'language' })));
  return names;
}

export function NewOrderNoticeEmail({ order, adminUrl }: NewOrderNoticeProps) {
  const { t, locale, publicUrl } = useMail();
  const total = formatEuro(order.total, locale);
  const payment = usePaymentSummary(order);
  const name = `${order.delivery_address.first_name} ${order.delivery_address.last_name}`;
  const language = languageNames(locale).of(order.locale) ?? order.locale;
  return (
    <MailLayout
      preview={t('newOrderNotice.preview', { name, total, payment })}
      reason={t('newOrderNotice.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('newOrderNotice.heading', { number: order.number })}
      </Heading>
      <Text style={text.body}>{t('newOrderNotice.intro', { name, placedAt: formatDateTime(order.placed_at, locale), total })}</Text>
      <LinkAction href={adminUrl} label={t('newOrderNotice.button')} hint={t('newOrderNotice.linkHint')} />
      <FactTable
        rows={[
          [t('order.number'), order.number],
          [t('order.date'), formatDateTime(order.placed_at, locale)],
          [t('order.payment'), payment],
          [t('order.totals.total'), total],
          [
            t('newOrderNotice.customer'),
            <>
              {name}
              <br />
              <Link href={`mailto:${order.email}`} style={inlineLink}>
                {order.email}
              </Link>
              <br />
              <Link href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} style={inlineLink}>
                {order.phone}
              </Link>
            </>,
          ],
          [t('newOrderNotice.language'), language],
        ]}
      />
      <OrderSectionHeading>{t('newOrderNotice.linesHeading')}</OrderSectionHeading>
      <OrderLines order={order} />
      <OrderTotals order={order} />
      <OrderSectionHeading>{t('newOrderNotice.deliveryHeading')}</OrderSectionHeading>
      <OrderParties order={order} />
    </MailLayout>
  );
}

export const newOrderNotice = defineTemplate<NewOrderNoticeProps>({
  Component: NewOrderNoticeEmail,
  subject: (t, { order }) =>
    t('newOrderNotice.subject', {
      number: order.number,
      name: `${order.delivery_address.first_name} ${order.delivery_address.last_name}`,
      method: t(PAYMENT_METHOD_KEYS[order.payment_method]),
    }),
  previewProps: ({ publicUrl }) => ({
    order: previewOrder(),
    adminUrl: `${publicUrl}/admin/orders/ZZ-2026-000123`,
  }),
});
