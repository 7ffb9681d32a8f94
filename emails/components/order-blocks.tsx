import { Heading, Link, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { OrderView } from '../../contract/api/order.js';
import { company } from '../../contract/brand/company.js';
import { countryName, HOME_COUNTRY } from '../../contract/countries.js';
import { NOT_FISCALIZED_NOTICE } from '../../contract/fiscal-notice.js';
import { formatEuro } from '../../contract/money.js';
import type { PaymentMethod, PaymentStatus } from '../../contract/orders.js';
import { formatDateTime, formatPercent } from './format.js';
import { inlineLink } from './mail-blocks.js';
import { useMail } from './mail-context.js';
import { colors, fonts, text } from './mail-theme.js';
import { richText } from './rich-text.js';

/**
 * The parts every order mail is built from (confirmation, payment not completed, shipped, the
 * shop's new-order notice), all reading one `OrderView` (contract/api/order.ts): money in integer
 * cents written by contract/money.ts, dates on the Zagreb clock, countries by name in the reader's
 * language. Tables that carry data are marked `data-text-format="dataTable"`, so the text part
 * keeps label and amount on one line instead of one cell per line.
 */

type OrderAddressView = OrderView['delivery_address'];

/** The payment method alone, short (the notice's subject): "pouzeće", "card". */
export const PAYMENT_METHOD_KEYS = { card: 'order.method.card', cod: 'order.method.cod' } as const satisfies Record<PaymentMethod, string>;

/** Every (method, status) pair has its own wording: a translator never has to glue phrases. */
const PAYMENT_SUMMARY_KEYS = {
  card: {
    awaiting_payment: 'order.paymentSummary.cardAwaiting',
    paid: 'order.paymentSummary.cardPaid',
    failed: 'order.paymentSummary.cardFailed',
    refunded: 'order.paymentSummary.cardRefunded',
  },
  cod: {
    awaiting_payment: 'order.paymentSummary.codAwaiting',
    paid: 'order.paymentSummary.codPaid',
    failed: 'order.paymentSummary.codFailed',
    refunded: 'order.paymentSummary.codRefunded',
  },
} as const satisfies Record<PaymentMethod, Record<PaymentStatus, string>>;

/** The key of "Plaćeno karticom", "Pouzećem – plaćate dostavljaču pri preuzimanju", … */
export function paymentSummaryKey(order: Pick<OrderView, 'payment_method' | 'payment_status'>): string {
  return PAYMENT_SUMMARY_KEYS[order.payment_method][order.payment_status];
}

export function usePaymentSummary(order: Pick<OrderView, 'payment_method' | 'payment_status'>): string {
  const { t } = useMail();
  return t(paymentSummaryKey(order));
}

/** A cash-on-delivery order whose money the courier still has to collect. */
export function codDue(order: Pick<OrderView, 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'cod' && order.payment_status === 'awaiting_payment';
}

export const sectionHeading: CSSProperties = {
  fontFamily: fonts.serif,
  fontSize: '19px',
  lineHeight: '26px',
  fontWeight: 600,
  color: colors.ink,
  margin: '28px 0 10px',
};

const table: CSSProperties = { width: '100%', borderCollapse: 'collapse', margin: '0 0 8px' };
const cell: CSSProperties = {
  fontFamily: fonts.sans,
  fontSize: '15px',
  lineHeight: '22px',
  color: colors.ink,
  padding: '8px 0',
  verticalAlign: 'top',
};
const ruled: CSSProperties = { ...cell, borderBottom: `1px solid ${colors.rule}` };
const amountCell: CSSProperties = { whiteSpace: 'nowrap', textAlign: 'right', paddingLeft: '16px' };
const headCell: CSSProperties = {
  ...cell,
  fontSize: '12px',
  lineHeight: '18px',
  letterSpacing: '1px',
  textTransform: 'uppercase',
  color: colors.muted,
  fontWeight: 600,
  borderBottom: `2px solid ${colors.rule}`,
};
const detail: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: colors.muted };

/** A section title inside a mail (h2). */
export function OrderSectionHeading({ children }: { children: string }) {
  return (
    <Heading as="h2" style={sectionHeading}>
      {children}
    </Heading>
  );
}

/** Label / value rows: order number, date, payment. */
export function FactTable({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <table role="presentation" data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={table}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...ruled, color: colors.muted, width: '40%', paddingRight: '12px' }}>{label}</td>
            <td style={{ ...ruled, fontWeight: 600 }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Number, date and payment of an order. */
export function OrderFacts({ order, payment = true }: { order: OrderView; payment?: boolean }) {
  const { t, locale } = useMail();
  const summary = usePaymentSummary(order);
  const rows: Array<[string, ReactNode]> = [
    [t('order.number'), order.number],
    [t('order.date'), formatDateTime(order.placed_at, locale)],
  ];
  if (payment) rows.push([t('order.payment'), summary]);
  return <FactTable rows={rows} />;
}

/**
 * The order's lines: name, then code, quantity and unit price under it, the line total on the
 * right. Two columns fit a 375 px phone; five would not.
 */
export function OrderLines({ order }: { order: OrderView }) {
  const { t, locale } = useMail();
  return (
    <table data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={table}>
      <thead>
        <tr>
          <th align="left" style={headCell}>
            {t('order.lines.product')}
          </th>
          <th align="right" style={{ ...headCell, ...amountCell }}>
            {t('order.lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.product_code}>
            <td style={ruled}>
              <strong>{line.name}</strong>
              <br />
              <span style={detail}>
                {t('order.lines.detail', {
                  code: line.product_code,
                  quantity: line.quantity,
                  unitPrice: formatEuro(line.unit_price, locale),
                })}
              </span>
            </td>
            <td style={{ ...ruled, ...amountCell }}>{formatEuro(line.line_total, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The lines in one short list each: "3 × Špageti (ZZ-SPAG-400)". */
export function OrderLinesBrief({ order }: { order: OrderView }) {
  const { t } = useMail();
  return (
    <Text style={{ ...text.body, margin: '0 0 8px' }}>
      {order.lines.map((line, i) => (
        <span key={line.product_code}>
          {i > 0 ? <br /> : null}
          {t('order.lines.brief', { quantity: line.quantity, name: line.name, code: line.product_code })}
        </span>
      ))}
    </Text>
  );
}

/**
 * Subtotal, coupon discount, delivery, total, then what the total holds: the VAT base and VAT per
 * rate (delivery counts in the 25 % row, as the cart and the order compute it).
 */
export function OrderTotals({ order, vat = true }: { order: OrderView; vat?: boolean }) {
  const { t, locale } = useMail();
  const euro = (cents: number) => formatEuro(cents, locale);
  const rows: Array<{ label: string; amount: string; strong?: boolean; small?: boolean }> = [
    { label: t('order.totals.subtotal'), amount: euro(order.subtotal) },
  ];
  if (order.discount > 0) {
    rows.push({
      label: order.coupon_code ? t('order.totals.discount', { code: order.coupon_code }) : t('order.totals.discountPlain'),
      amount: euro(-order.discount),
    });
  }
  rows.push({ label: t('order.totals.delivery'), amount: order.delivery > 0 ? euro(order.delivery) : t('order.totals.deliveryFree') });
  rows.push({ label: t('order.totals.total'), amount: euro(order.total), strong: true });
  if (vat) {
    rows.push({ label: t('order.totals.vatBase'), amount: euro(order.vat_base), small: true });
    for (const row of order.vat_by_rate) {
      rows.push({
        label: t('order.totals.vatRate', { rate: formatPercent(row.rate, locale), base: euro(row.base) }),
        amount: euro(row.vat),
        small: true,
      });
    }
  }
  return (
    <>
      <table role="presentation" data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={table}>
        <tbody>
          {rows.map((row) => {
            const style: CSSProperties = row.strong
              ? {
                  ...cell,
                  fontSize: '17px',
                  fontWeight: 700,
                  borderTop: `2px solid ${colors.rule}`,
                  borderBottom: `2px solid ${colors.rule}`,
                }
              : row.small
                ? { ...cell, ...detail, padding: '4px 0' }
                : { ...cell, padding: '4px 0' };
            return (
              <tr key={row.label}>
                <td style={style}>{row.label}</td>
                <td style={{ ...style, ...amountCell }}>{row.amount}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {vat ? <Text style={{ ...text.small, margin: '0 0 8px' }}>{t('order.totals.vatIncluded')}</Text> : null}
    </>
  );
}

/** A postal address as it goes on a parcel: name, street, postal code and town, country by name. */
export function AddressLines({
  address,
}: {
  address: Pick<OrderAddressView, 'street' | 'postal_code' | 'city' | 'country'> & { name: string };
}) {
  const { locale } = useMail();
  return (
    <>
      {address.name}
      <br />
      {address.street}
      <br />
      {address.postal_code} {address.city}
      <br />
      {countryName(address.country, locale)}
    </>
  );
}

const block: CSSProperties = { ...text.body, margin: '0 0 16px' };
const label: CSSProperties = { ...text.small, fontWeight: 600, letterSpacing: '1px', textTransform: 'uppercase', margin: '0 0 2px' };

/** A titled block: small caps label, then its lines. */
export function InfoBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '0' }}>
      <Text style={label}>{title}</Text>
      <Text style={block}>{children}</Text>
    </Section>
  );
}

/**
 * Where the parcel goes and whom the invoice names: the delivery address with the phone for the
 * courier, the billing address when it differs, the R1 invoice data when asked for, and the notes.
 */
export function OrderParties({ order }: { order: OrderView }) {
  const { t } = useMail();
  const person = (a: OrderAddressView) => ({ ...a, name: `${a.first_name} ${a.last_name}` });
  const r1 = order.r1_invoice;
  return (
    <>
      <InfoBlock title={t('order.address.delivery')}>
        <AddressLines address={person(order.delivery_address)} />
        <br />
        {t('order.address.phone', { phone: order.phone })}
      </InfoBlock>
      {order.billing_address ? (
        <InfoBlock title={t('order.address.billing')}>
          <AddressLines address={person(order.billing_address)} />
        </InfoBlock>
      ) : null}
      {r1 ? (
        <InfoBlock title={t('order.r1.heading')}>
          <AddressLines address={{ ...r1, name: r1.company_name }} />
          <br />
          {t(r1.country === HOME_COUNTRY ? 'order.r1.oib' : 'order.r1.vatId', { taxId: r1.tax_id })}
        </InfoBlock>
      ) : null}
      {order.courier_note ? <InfoBlock title={t('order.notes.courier')}>{order.courier_note}</InfoBlock> : null}
      {order.remark ? <InfoBlock title={t('order.notes.remark')}>{order.remark}</InfoBlock> : null}
    </>
  );
}

/** "Questions about your order? Write to … or call …", with the shop's mail and phone as links. */
export function OrderContact() {
  const { t } = useMail();
  const link = (href: string) => (content: string) => (
    <Link href={href} style={inlineLink}>
      {content}
    </Link>
  );
  return (
    <Text style={text.body}>
      {richText(t('order.contact', { email: company.email, phone: company.phone }), {
        mail: link(`mailto:${company.email}`),
        phone: link(`tel:${company.phone.replace(/[^\d+]/g, '')}`),
      })}
    </Text>
  );
}

const fiscalBox: CSSProperties = { border: `2px solid ${colors.ink}`, borderRadius: '6px', padding: '12px 16px', margin: '8px 0 20px' };
const fiscalWords: CSSProperties = { ...text.body, fontWeight: 700, letterSpacing: '1px', margin: '0' };

/**
 * 'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29), framed where it cannot be missed: in Croatian in
 * every language, word for word, with the mail's own language beside it (the Croatian mail says
 * when the invoice follows instead). For every buyer mail that shows the order's amounts before
 * its invoice exists (docs/invoicing/buyer.md).
 */
export function NotFiscalizedNotice() {
  const { t, locale } = useMail();
  return (
    <Section style={fiscalBox} data-fiscal-notice="not-fiscalized">
      <Text style={fiscalWords} lang={locale === 'hr' ? undefined : 'hr'}>
        {NOT_FISCALIZED_NOTICE}
      </Text>
      <Text style={{ ...text.small, margin: '4px 0 0' }}>{t('order.notFiscalized')}</Text>
    </Section>
  );
}
