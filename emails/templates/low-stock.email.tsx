import { Heading, Text } from '@react-email/components';
import type { CSSProperties } from 'react';
import { LinkAction } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { OrderSectionHeading } from '../components/order-blocks.js';
import { defineTemplate } from '../mail-template.js';

export interface LowStockProduct {
  /** `ZZ-SPAG-400`. */
  code: string;
  /** The product's name in the mail's language. */
  name: string;
  /** Packs the shop can still sell. */
  stock: number;
  /** Packs held by orders not yet shipped (still on the shelf). */
  reserved: number;
  /** The product's low-stock threshold. */
  threshold: number;
}

export interface LowStockProps {
  /** Products whose tracked stock is at or below their threshold, in catalogue order. */
  products: LowStockProduct[];
  /** More products are low than the mail lists. */
  more: number;
  /** Absolute link to the back office's 'low stock' view. */
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
 * The daily low-stock mail to the shop's order inbox (`ORDERS_EMAIL`, in Croatian): every product
 * whose tracked stock is at or below its threshold, with what is left, what orders hold and the
 * threshold; the link opens the back office's 'low stock' view. Sent only on a day with such products.
 */
export function LowStockEmail({ products, more, adminUrl }: LowStockProps) {
  const { t, publicUrl } = useMail();
  const count = products.length + more;
  return (
    <MailLayout preview={t('lowStock.preview', { count })} reason={t('lowStock.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('lowStock.heading', { count })}
      </Heading>
      <Text style={text.body}>{t('lowStock.intro', { count })}</Text>
      <LinkAction href={adminUrl} label={t('lowStock.button')} hint={t('lowStock.linkHint')} />
      <OrderSectionHeading>{t('lowStock.listHeading')}</OrderSectionHeading>
      <table data-text-format="dataTable" cellPadding={0} cellSpacing={0} style={table}>
        <tbody>
          {products.map((p) => (
            <tr key={p.code}>
              <td style={cell}>
                <strong>{t('lowStock.product', { name: p.name, code: p.code })}</strong>
                <br />
                <span style={detail}>{t('lowStock.left', { count: p.stock, reserved: p.reserved, threshold: p.threshold })}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <Text style={text.body}>{t('lowStock.more', { count: more })}</Text> : null}
    </MailLayout>
  );
}

export const lowStock = defineTemplate<LowStockProps>({
  Component: LowStockEmail,
  subject: (t, { products, more }) => t('lowStock.subject', { count: products.length + more }),
  previewProps: ({ publicUrl }) => ({
    products: [
      { code: 'ZZ-TAGL-400', name: 'Tagliatelle', stock: 3, reserved: 2, threshold: 5 },
      { code: 'ZZ-ABC-400', name: 'Abeceda', stock: 0, reserved: 0, threshold: 5 },
    ],
    more: 0,
    adminUrl: `${publicUrl}/admin/products?low_stock=true`,
  }),
});
