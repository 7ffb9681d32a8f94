import { useState } from 'react';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { formatEuro } from '../../../../../contract/money';
import { NOT_FISCALIZED_NOTICE } from '../../../../../contract/fiscal-notice';
import type { InvoiceSummary } from '../../../../../contract/api/invoices';
import type { OrderView } from '../../../../../contract/api/order';
import { useBrowserQuery, type BrowserQuery } from '../../../api/browser-query';
import { formStyles } from '../../../components/forms';
import { useT } from '../../../hooks/use-locale';
import { formatDate } from '../../catalog/format';
import { hasInvoice, INVOICE_POLL_LIMIT_MS, INVOICE_POLL_MS, invoiceDue, invoiceFileHref, invoicesQuery } from './invoices-api';
import styles from '../checkout.module.css';

/*
 * What the buyer sees of an order's invoices (docs/invoicing/buyer.md), on the account's order page and on
 * the order's page by view token (payment_success): the 'Invoices' section with each invoice's PDF (and
 * UBL e-invoice for an R1 buyer), and 'OVO NIJE FISKALIZIRANI RAČUN' (law art. 29) wherever the page shows
 * the order's payment data while no invoice exists.
 */

type OrderFacts = Pick<OrderView, 'number' | 'payment_method' | 'payment_status' | 'fulfilment_status'>;

/**
 * The order's invoices, read in the browser. While the sale is complete (an invoice is due) but none has
 * arrived yet, asked again every INVOICE_POLL_MS for at most INVOICE_POLL_LIMIT_MS: the invoice is issued
 * by the server's event handler right after the payment or the hand-over, not in the same request.
 */
export function useOrderInvoices(order: OrderFacts, token: string | null): BrowserQuery<InvoiceSummary[]> {
  const { locale } = useT();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const [since] = useState(() => Date.now());
  const due = invoiceDue(order);
  return useBrowserQuery({
    ...invoicesQuery(api, locale, order.number, token),
    refetchInterval: (q) => (due && !hasInvoice(q.state.data) && Date.now() - since < INVOICE_POLL_LIMIT_MS ? INVOICE_POLL_MS : false),
    staleTime: 0,
  });
}

/**
 * 'OVO NIJE FISKALIZIRANI RAČUN', in Croatian in every language with the page's language beside it, shown
 * until the invoices are known to hold an invoice (while they load or fail to, it stays: the law asks for it
 * on every document with payment data before the invoice). Without `invoices` (an unpaid order, which has
 * none) it always shows.
 */
export function NotFiscalizedNotice({ invoices }: { invoices?: BrowserQuery<InvoiceSummary[]> }) {
  const { t, locale } = useT();
  if (hasInvoice(invoices?.data)) return null;
  return (
    <div className={styles.fiscalNotice} data-testid="not-fiscalized">
      <p className={styles.fiscalWords} lang={locale === 'hr' ? undefined : 'hr'}>
        {NOT_FISCALIZED_NOTICE}
      </p>
      <p>{t('invoices.notFiscalized')}</p>
    </div>
  );
}

/** The 'Invoices' section: every invoice and storno of the order, oldest first, with its files. */
export function OrderInvoices({
  order,
  token,
  invoices,
}: {
  order: OrderFacts;
  token: string | null;
  invoices: BrowserQuery<InvoiceSummary[]>;
}) {
  const { t } = useT();
  const list = invoices.data;
  let body;
  if (invoices.status === 'failed') {
    body = <p data-testid="invoices-unavailable">{t('invoices.loadFailed')}</p>;
  } else if (!list) {
    body = (
      <p className={styles.loading} aria-busy="true">
        {t('invoices.loading')}
      </p>
    );
  } else if (list.length === 0) {
    body = <p data-testid="invoices-empty">{t(emptyKey(order))}</p>;
  } else {
    body = (
      <ul className={styles.invoices}>
        {list.map((invoice) => (
          <InvoiceItem key={invoice.id} invoice={invoice} token={token} />
        ))}
      </ul>
    );
  }
  return (
    <section className={formStyles.panel} aria-labelledby="order-invoices-heading" data-testid="order-invoices">
      <h2 id="order-invoices-heading">{t('invoices.heading')}</h2>
      {body}
    </section>
  );
}

function emptyKey(order: OrderFacts): string {
  if (invoiceDue(order)) return 'invoices.issuing';
  if (order.fulfilment_status === 'cancelled') return 'invoices.noneCancelled';
  return order.payment_method === 'card' ? 'invoices.emptyCard' : 'invoices.emptyCod';
}

function InvoiceItem({ invoice, token }: { invoice: InvoiceSummary; token: string | null }) {
  const { t, locale } = useT();
  const storno = invoice.kind === 'storno';
  const title = t(storno ? 'invoices.stornoTitle' : 'invoices.invoiceTitle', { number: invoice.number });
  return (
    <li
      className={styles.invoice}
      data-invoice-number={invoice.number}
      data-invoice-kind={invoice.kind}
      data-fiscal-state={invoice.fiscal_state}
    >
      <h3>{title}</h3>
      <dl className={styles.invoiceFacts}>
        <div>
          <dt>{t('invoices.issuedAt')}</dt>
          <dd>
            <time dateTime={invoice.issued_at}>{formatDate(invoice.issued_at, locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('invoices.total')}</dt>
          <dd data-invoice-total>{formatEuro(invoice.total, locale)}</dd>
        </div>
        <div>
          <dt>{t('invoices.fiscalState')}</dt>
          {/* 'rejected' is the shop's to put right and deliver again (law art. 21): the buyer reads 'being fiscalized' */}
          <dd>{t(invoice.fiscal_state === 'fiscalized' ? 'invoices.fiscalized' : 'invoices.fiscalizing')}</dd>
        </div>
        {storno && invoice.storno_of ? (
          <div>
            <dt>{t('invoices.stornoOf')}</dt>
            <dd>{invoice.storno_of}</dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.invoiceFiles}>
        <a className={formStyles.inlineLink} href={invoiceFileHref(invoice.pdf_path, token)} download data-testid="invoice-pdf">
          {t('invoices.downloadPdf')} <span className="visually-hidden">{t('invoices.fileOf', { title })}</span>
        </a>
        {invoice.ubl_path ? (
          <a className={formStyles.inlineLink} href={invoiceFileHref(invoice.ubl_path, token)} download data-testid="invoice-ubl">
            {t('invoices.downloadUbl')} <span className="visually-hidden">{t('invoices.fileOf', { title })}</span>
          </a>
        ) : null}
      </p>
    </li>
  );
}
