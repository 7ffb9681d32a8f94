import { Heading, Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { OrderSectionHeading } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';

export interface NotFiscalizedInvoice {
  /** `17/ZZ1/1`. */
  number: string;
  orderNumber: string;
  /** ISO 8601 with offset, shown on the Zagreb clock. */
  issuedAt: string;
  /** Deliveries to the Tax Administration tried so far. */
  attempts: number;
  /** The last answer or failure (a CIS error code and text, a timeout), null if none was recorded. */
  error: string | null;
}

export interface InvoicesNotFiscalizedProps {
  /** The invoices still without a JIR 24 hours after they were issued, oldest first. */
  invoices: NotFiscalizedInvoice[];
  /** Absolute link to the operators' list of invoices waiting for fiscalization. */
  adminUrl: string;
}

const table: CSSProperties = { width: '100%', borderCollapse: 'collapse', margin: '0 0 8px' };
const cell: CSSProperties = {
  fontFamily: fonts.sans,
  fontSize: '14px',
  lineHeight: '20px',
  color: colors.ink,
  padding: '8px 0',
  verticalAlign: 'top',
  borderBottom: `1px solid ${colors.rule}`,
};
const detail: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: colors.muted };

/**
 * Sent to the shop's order inbox (`ORDERS_EMAIL`, in Croatian unless the sender chooses another)
 * when invoices are still not fiscalized 24 hours after they were issued: the law allows 2 working
 * days to deliver them after the connection failed (art. 21(2)), so there is time to act, not to
 * wait. Each invoice with its order, issue time, attempts and last error; the link opens the list.
 */
export function InvoicesNotFiscalizedEmail({ invoices, adminUrl }: InvoicesNotFiscalizedProps) {
  const { t, locale, publicUrl } = useMail();
  const count = invoices.length;
  return (
    <MailLayout
      preview={t('invoicesNotFiscalized.preview', { count })}
      reason={t('invoicesNotFiscalized.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('invoicesNotFiscalized.heading', { count })}
      </Heading>
      <Text style={text.body}>{t('invoicesNotFiscalized.intro', { count })}</Text>
      <MailNotice spaced>
        <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>{t('invoicesNotFiscalized.deadline')}</Text>
      </MailNotice>
      <LinkAction href={adminUrl} label={t('invoicesNotFiscalized.button')} hint={t('invoicesNotFiscalized.linkHint')} />
      <OrderSectionHeading>{t('invoicesNotFiscalized.listHeading')}</OrderSectionHeading>
      <table data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={table}>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <td style={cell}>
                <strong>{t('invoicesNotFiscalized.invoice', { number: invoice.number, orderNumber: invoice.orderNumber })}</strong>
                <br />
                <span style={detail}>
                  {t('invoicesNotFiscalized.detail', {
                    issuedAt: formatDateTime(invoice.issuedAt, locale),
                    count: invoice.attempts,
                  })}
                </span>
                <br />
                <span style={detail}>
                  {invoice.error ? t('invoicesNotFiscalized.error', { error: invoice.error }) : t('invoicesNotFiscalized.noError')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text style={text.body}>{t('invoicesNotFiscalized.what')}</Text>
    </MailLayout>
  );
}

export const invoicesNotFiscalized = defineTemplate<InvoicesNotFiscalizedProps>({
  Component: InvoicesNotFiscalizedEmail,
  subject: (t, { invoices }) => t('invoicesNotFiscalized.subject', { count: invoices.length }),
  previewProps: ({ publicUrl }) => ({
    invoices: [
      {
        number: '17/ZZ1/1',
        orderNumber: 'ZZ-2026-000123',
        issuedAt: '2026-11-22T13:07:12.000Z',
        attempts: 9,
        error: 's006: Sistemska pogreška prilikom obrade zahtjeva.',
      },
      { number: '18/ZZ1/1', orderNumber: 'ZZ-2026-000124', issuedAt: '2026-11-22T13:40:03.000Z', attempts: 8, error: null },
    ],
    adminUrl: `${publicUrl}/admin/orders`,
  }),
});
