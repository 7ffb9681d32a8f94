import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCustomerList, AdminInvitationList } from '../../../contract/api/admin-customers';
import { ApiError, query } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed } from '../frame/status';
import { CustomerListView, CustomerRows, InvitationsView, type InviteField, type InviteValues } from './customer-list-view';
import { apiQuery, rememberCustomerSearch, type CustomerSearch } from './customer-search';

/** `/admin/customers`: the accounts (search, view, page in the URL), or the pending business invitations. */
export function CustomerList() {
  const { language } = useAdmin();
  const { t } = useTranslation();
  const search = useSearch({ from: '/customers' });
  const navigate = useNavigate({ from: '/customers' });
  useEffect(() => rememberCustomerSearch(search), [search]);
  return (
    <CustomerListView
      search={search}
      language={language}
      t={t}
      listLink={(next: CustomerSearch, children, current) => (
        <Link to="/customers" search={next} aria-current={current ? 'page' : undefined}>
          {children}
        </Link>
      )}
      onSearch={(q) =>
        void navigate({ search: { ...(q.trim() ? { q: q.trim().slice(0, 100) } : {}), ...(search.view ? { view: search.view } : {}) } })
      }
    >
      {search.view === 'invited' ? <Invitations /> : <Accounts search={search} />}
    </CustomerListView>
  );
}

function Accounts({ search }: { search: CustomerSearch }) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['customers', language, search],
    queryFn: () => api.get<AdminCustomerList>(`/api/admin/customers${query(apiQuery(search))}`),
    placeholderData: keepPreviousData,
  });
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={t('customers.title')} />;
  if (list.data)
    return (
      <CustomerRows
        data={list.data}
        search={search}
        language={language}
        t={t}
        listLink={(next, children) => (
          <Link to="/customers" search={next}>
            {children}
          </Link>
        )}
        customerLink={(row, text) => (
          <Link to="/customers/$id" params={{ id: row.id }}>
            {text}
          </Link>
        )}
      />
    );
  if (list.error) return <ApiProblem title={t('customers.title')} error={list.error} onRetry={() => void list.refetch()} />;
  return <p role="status">{t('frame.loading')}</p>;
}

const EMPTY_INVITE: InviteValues = { email: '', company_name: '', vat_number: '', locale: 'hr' };
const INVITE_FIELDS: readonly InviteField[] = ['email', 'company_name', 'vat_number'];

function Invitations() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState<InviteValues>(EMPTY_INVITE);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);
  const list = useQuery({
    queryKey: ['customer-invitations', language],
    queryFn: () => api.get<AdminInvitationList>('/api/admin/customer-invitations'),
    // a new invitation's link is made by the worker a moment after the answer
    refetchInterval: (q) => (q.state.data && notice ? 2000 : false),
  });
  const failed = (error: unknown) => {
    setNotice(null);
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setErrors({});
      setProblem(t('customers.errors.general'));
      return setFocusOn({ id: 'invite-problem' });
    }
    const byField: Partial<Record<InviteField, string>> = {};
    const other: string[] = [];
    for (const e of error.errors) {
      if (e.field && (INVITE_FIELDS as readonly string[]).includes(e.field)) byField[e.field as InviteField] ??= e.message;
      else other.push(e.message);
    }
    setErrors(byField);
    setProblem(other.length ? other.join(' ') : null);
    const first = INVITE_FIELDS.find((f) => byField[f]);
    setFocusOn({ id: other.length ? 'invite-problem' : `invite-${first}` });
  };
  const done = (message: string) => {
    setErrors({});
    setProblem(null);
    setNotice(message);
    setFocusOn({ id: 'invite-notice' });
    void client.invalidateQueries({ queryKey: ['customer-invitations'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
  };
  const invite = useMutation({
    mutationFn: () =>
      api.send('POST', '/api/admin/customer-invitations', {
        email: values.email.trim(),
        company_name: values.company_name.trim(),
        ...(values.vat_number.trim() ? { vat_number: values.vat_number.trim() } : {}),
        locale: values.locale,
      }),
    onSuccess: () => {
      done(t('customers.invite.sentNotice', { email: values.email.trim() }));
      setValues(EMPTY_INVITE);
    },
    onError: failed,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      api.send('POST', `/api/admin/customer-invitations/${id}/${action}`, {}).then(() => action),
    onSuccess: (action) => done(t(action === 'resend' ? 'customers.invite.resentNotice' : 'customers.invite.revokedNotice')),
    onError: failed,
  });
  if (list.error instanceof ApiError && list.error.status === 403) return <NotAllowed title={t('customers.invite.title')} />;
  if (list.error) return <ApiProblem title={t('customers.invite.title')} error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loading title={t('customers.invite.title')} />;
  return (
    <InvitationsView
      invitations={list.data.invitations}
      language={language}
      t={t}
      values={values}
      errors={errors}
      problem={problem}
      notice={notice}
      busy={invite.isPending || act.isPending}
      onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))}
      onInvite={() => {
        const missing: Partial<Record<InviteField, string>> = {};
        if (!values.email.trim()) missing.email = t('customers.errors.emailRequired');
        if (!values.company_name.trim()) missing.company_name = t('customers.errors.companyRequired');
        if (Object.keys(missing).length) {
          setErrors(missing);
          setProblem(null);
          setNotice(null);
          return setFocusOn({ id: `invite-${INVITE_FIELDS.find((f) => missing[f])}` });
        }
        invite.mutate();
      }}
      onResend={(id) => act.mutate({ id, action: 'resend' })}
      onRevoke={(id) => {
        if (window.confirm(t('customers.invite.revokeConfirm'))) act.mutate({ id, action: 'revoke' });
      }}
    />
  );
}
