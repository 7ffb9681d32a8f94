import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerIdParams, type AdminCustomerDetail } from '../../../contract/api/admin-customers';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed, NotFound } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { lastCustomerSearch } from './customer-search';
import { CustomerView } from './customer-view';
import { confirmsErasure, reasonProblem } from './customer-words';

/** `/admin/customers/$id` (a malformed id is the not-found screen, never a call). */
export function CustomerPage() {
  const { id } = useParams({ from: '/customers/$id' });
  return CustomerIdParams.safeParse({ id }).success ? <Customer key={id} id={id} /> : <NotFound />;
}

function Customer({ id }: { id: string }) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmEmail, setConfirmEmail] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);
  const customer = useQuery({
    queryKey: ['customer', id, language],
    queryFn: () => api.get<AdminCustomerDetail>(`/api/admin/customers/${id}`),
  });

  const failed = (error: unknown) => {
    setNotice(null);
    if (error instanceof ApiError && error.status > 0 && error.status < 500) {
      const first = error.errors[0];
      if (first?.field === 'reason') {
        setReasonError(first.message);
        return setFocusOn({ id: 'customer-reason' });
      }
      if (first?.field === 'confirm_email') {
        setConfirmError(first.message);
        return setFocusOn({ id: 'customer-confirm' });
      }
      setProblem(error.message);
    } else setProblem(t('customers.errors.general'));
    setFocusOn({ id: 'customer-problem' });
  };
  const action = useMutation({
    mutationFn: (what: 'block' | 'unblock' | 'erase') =>
      api
        .send<AdminCustomerDetail>(
          'POST',
          `/api/admin/customers/${id}/${what}`,
          what === 'erase' ? { confirm_email: confirmEmail.trim() } : { reason: reason.trim() },
        )
        .then((answer) => ({ what, answer })),
    onSuccess: ({ what, answer }) => {
      client.setQueryData(['customer', id, language], answer);
      void client.invalidateQueries({ queryKey: ['customers'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
      setReason('');
      setConfirmEmail('');
      setReasonError(null);
      setConfirmError(null);
      setProblem(null);
      setNotice(t(`customers.actions.${what}Done`));
      setFocusOn({ id: 'customer-notice' });
    },
    onError: failed,
  });
  const withReason = (what: 'block' | 'unblock') => {
    const problemKey = reasonProblem(reason);
    if (problemKey) {
      setReasonError(t(`customers.errors.${problemKey}`));
      setNotice(null);
      return setFocusOn({ id: 'customer-reason' });
    }
    action.mutate(what);
  };

  const title = t('customers.title');
  if (customer.error instanceof ApiError && customer.error.status === 403) return <NotAllowed title={title} />;
  if (customer.error instanceof ApiError && customer.error.status === 404) return <NotFound />;
  if (customer.error) return <ApiProblem title={title} error={customer.error} onRetry={() => void customer.refetch()} />;
  if (!customer.data) return <Loading title={title} />;
  const c = customer.data;
  return (
    <CustomerView
      customer={c}
      language={language}
      t={t}
      backLink={
        <Link to="/customers" search={lastCustomerSearch()}>
          {t('customers.back')}
        </Link>
      }
      reason={reason}
      reasonError={reasonError}
      confirmEmail={confirmEmail}
      confirmError={confirmError}
      notice={notice}
      problem={problem}
      busy={action.isPending}
      onReason={(v) => {
        setReason(v);
        setReasonError(null);
      }}
      onConfirmEmail={(v) => {
        setConfirmEmail(v);
        setConfirmError(null);
      }}
      onBlock={() => withReason('block')}
      onUnblock={() => withReason('unblock')}
      onErase={() => {
        if (!confirmsErasure(confirmEmail, c.email)) {
          setConfirmError(t('customers.errors.confirmMismatch'));
          setNotice(null);
          return setFocusOn({ id: 'customer-confirm' });
        }
        action.mutate('erase');
      }}
      history={<HistoryPanel entityType="customer" entityId={c.id} />}
    />
  );
}
