/**
 * `/admin/orders/$number`: one order, its actions, refunds by line, notes, mails, invoices and
 * History (docs/admin.md 'Orders in the back office'). Calls the API, keeps the notice and the error
 * of the last call, and moves the focus to the field of an error.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACKING_NUMBER, type AdminOrderAction, type AdminOrderFull, type ResendMail } from '../../../contract/api/admin-orders';
import type { AdminInvoiceList } from '../../../contract/api/admin-invoices';
import { formatEuro } from '../../../contract/money';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { lastOrderSearch } from './order-search';
import { OrderView, type OrderForm, type OrderFormError, type RefundLinesInput } from './order-view';

type Call =
  | { form: AdminOrderAction; input: { tracking_number?: string; confirmed?: boolean } }
  | { form: 'note'; body: string }
  | { form: 'mail'; mail: ResendMail }
  | { form: 'lines'; input: RefundLinesInput };

export function OrderPage() {
  const { number } = useParams({ from: '/orders/$number' });
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<OrderFormError | null>(null);
  const [formKey, setFormKey] = useState(0);
  const key = ['admin-order', number, language];
  const order = useQuery({ queryKey: key, queryFn: () => api.get<AdminOrderFull>(`/api/admin/orders/${encodeURIComponent(number)}`) });
  const invoices = useQuery({
    queryKey: ['admin-order-invoices', number, language],
    queryFn: () => api.get<AdminInvoiceList>(`/api/admin/invoices${query({ q: number })}`),
    retry: false,
  });

  useEffect(() => {
    if (error) document.getElementById(`${error.form}-field`)?.focus();
  }, [error]);

  const call = useMutation({
    mutationFn: async (c: Call): Promise<string> => {
      const base = `/api/admin/orders/${encodeURIComponent(number)}`;
      switch (c.form) {
        case 'note':
          await api.send('POST', `${base}/notes`, { body: c.body });
          return t('orders.noteAdded');
        case 'mail':
          await api.send('POST', `${base}/resend-mail`, { mail: c.mail });
          return t('orders.mailSent', { email: order.data?.email ?? '' });
        case 'lines':
          await api.send('POST', `${base}/refund-lines`, c.input);
          return t('orders.refundDone', { amount: formatEuro(c.input.expected_amount, language) });
        default: {
          const body = c.form === 'ship' ? { tracking_number: c.input.tracking_number ?? '' } : {};
          await api.send('POST', `${base}/${c.form}`, body);
          return t(`orders.done.${c.form}`);
        }
      }
    },
    onMutate: () => {
      setNotice(null);
      setError(null);
    },
    onSuccess: async (message) => {
      setNotice(message);
      setFormKey((k) => k + 1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-order', number] }),
        queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin-order-invoices', number] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
    onError: (err, c) => setError({ form: c.form, message: err.message }),
  });

  const refuse = (form: OrderForm, message: string) => {
    setNotice(null);
    setError({ form, message });
  };

  if (order.error instanceof ApiError && order.error.status === 403) return <NotAllowed title={t('orders.title')} />;
  if (order.error)
    return <ApiProblem title={t('orders.orderHeading', { number })} error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Loading title={t('orders.orderHeading', { number })} />;
  const invoiceRows = invoices.data ? invoices.data.invoices.filter((i) => i.order_number === number) : null;
  return (
    <OrderView
      order={order.data}
      language={language}
      t={t}
      invoices={invoiceRows}
      notice={notice}
      error={error}
      busy={call.isPending ? (call.variables?.form ?? null) : null}
      formKey={formKey}
      backLink={
        <Link to="/orders" search={lastOrderSearch()}>
          ← {t('orders.backToList')}
        </Link>
      }
      history={<HistoryPanel entityType="order" entityId={number} />}
      onAction={(action, input) => {
        if (action === 'ship') {
          const tracking = (input.tracking_number ?? '').trim();
          if (!tracking) return refuse('ship', t('orders.trackingRequired'));
          if (!TRACKING_NUMBER.test(tracking)) return refuse('ship', t('orders.trackingInvalid'));
          return call.mutate({ form: 'ship', input: { tracking_number: tracking } });
        }
        if ((action === 'cancel' || action === 'refund') && !input.confirmed) return refuse(action, t('orders.confirmRequired'));
        call.mutate({ form: action, input });
      }}
      onNote={(body) => call.mutate({ form: 'note', body })}
      onMail={(mail) => call.mutate({ form: 'mail', mail })}
      onRefundLines={(input) => {
        if (input.lines.length === 0 && !input.shipping) return refuse('lines', t('orders.refundNothing'));
        call.mutate({ form: 'lines', input });
      }}
    />
  );
}
