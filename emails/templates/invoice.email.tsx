import { Heading, Text } from '@react-email/components';
import { formatEuro } from '../../contract/money.js';
import { formatDateTime } from '../components/format.js';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { FactTable, OrderContact } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';

export interface InvoiceProps {
  /** The buyer's first name (the order's delivery address). */
  firstName: string;
  /** The order it bills, e.g. `ZZ-2026-000123`. */
  orderNumber: string;
  /** `<sequence>/<premise>/<device>` (law art. 9), e.g. `17/ZZ1/1`. */
  invoiceNumber: string;
  kind: 'invoice' | 'storno';
  /** The invoice a storno cancels (its number); leave it out for an invoice. */
  stornoOf?: string | null;
  /** Signed gross euro cents: negative on a storno. */
  total: number;
  /** When it was issued: ISO 8601 with offset, shown on the Zagreb clock. */
  issuedAt: string;
  /** The Tax Administration's JIR, or null while it has not answered (law art. 21: it is delivered later). */
  jir: string | null;
  /** Absolute link to the order's page (view token), where the invoices can be downloaded again. */
  orderUrl: string;
}

/**
 * Sent to the buyer, in the order's language, when the sale is complete (the invoice) and for every
 * refund or cancellation after it (the storno, law art. 24). The server attaches the invoice's PDF.
 * Until the Tax Administration has answered, the invoice carries its ZKI and the mail says the JIR
 * follows (law art. 21), without alarm: the buyer has nothing to do.
 */
export function InvoiceEmail({ firstName, orderNumber, invoiceNumber, kind, stornoOf, total, issuedAt, jir, orderUrl }: InvoiceProps) {
  const { t, locale, publicUrl } = useMail();
  const amount = formatEuro(total, locale);
  const storno = kind === 'storno';
  return (
    <MailLayout
      preview={t(storno ? 'invoice.previewStorno' : 'invoice.preview', { invoiceNumber, orderNumber, amount })}
      reason={t('invoice.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t(storno ? 'invoice.headingStorno' : 'invoice.heading')}
      </Heading>
      <Text style={text.body}>{t('invoice.greeting', { firstName })}</Text>
      <Text style={text.body}>
        {storno
          ? stornoOf
            ? t('invoice.introStorno', { invoiceNumber, orderNumber, stornoOf, amount: formatEuro(Math.abs(total), locale) })
            : t('invoice.introStornoOfOrder', { invoiceNumber, orderNumber, amount: formatEuro(Math.abs(total), locale) })
          : t('invoice.intro', { invoiceNumber, orderNumber })}
      </Text>
      <LinkAction href={orderUrl} label={t('invoice.button')} hint={t('invoice.linkHint')} />
      <FactTable
        rows={[
          [t(storno ? 'invoice.numberStorno' : 'invoice.number'), invoiceNumber],
          ...(storno && stornoOf ? [[t('invoice.stornoOf'), stornoOf] as [string, string]] : []),
          [t('invoice.issuedAt'), formatDateTime(issuedAt, locale)],
          [t('invoice.order'), orderNumber],
          [t('invoice.total'), amount],
          [t('invoice.jir'), jir ?? t('invoice.jirFollows')],
        ]}
      />
      {jir ? null : (
        <MailNotice spaced>
          <Text style={{ ...text.body, margin: '0' }} data-jir="pending">
            {t('invoice.jirPending')}
          </Text>
        </MailNotice>
      )}
      <Text style={text.body}>{t('invoice.attached')}</Text>
      <OrderContact />
      <MailSignoff signoff={t('invoice.signoff')} signature={t('invoice.signature')} />
    </MailLayout>
  );
}

export const invoice = defineTemplate<InvoiceProps>({
  Component: InvoiceEmail,
  subject: (t, { kind, invoiceNumber, orderNumber }) =>
    t(kind === 'storno' ? 'invoice.subjectStorno' : 'invoice.subject', { invoiceNumber, orderNumber }),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    orderNumber: 'ZZ-2026-000123',
    invoiceNumber: '17/ZZ1/1',
    kind: 'invoice',
    stornoOf: null,
    total: 2239,
    issuedAt: '2026-11-22T13:07:12.000Z',
    jir: '4c7a3b0e-2f1d-4e8a-9b6c-5d3e2f1a0b9c',
    orderUrl: `${publicUrl}/placanje-uspjesno?order=ZZ-2026-000123&token=preview-5f2a9c0e7d1b4a8c`,
  }),
});
