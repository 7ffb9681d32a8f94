import { useLeaveGuard } from '../kit/save-bar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CouponIdParams, type AdminCouponDetail } from '../../../contract/api/admin-coupons';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed, NotFound } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import {
  changedFields,
  convert,
  COUPON_FIELDS,
  createBody,
  EMPTY_COUPON,
  updateBody,
  valuesOf,
  type CouponField,
  type CouponValues,
} from './coupon-form';
import { CouponEditView } from './coupon-edit-view';
import { lastCouponSearch } from './coupon-search';

type Messages = Partial<Record<CouponField, string>>;

/** The coupon just created in this tab: its edit screen opens saying so. */
let justCreated: string | null = null;

/** `/admin/coupons/new` */
export function CouponNew() {
  return <CouponEditor id={null} />;
}

/** `/admin/coupons/$id` (a malformed id is the not-found screen, never a call). */
export function CouponEdit() {
  const { id } = useParams({ from: '/coupons/$id' });
  return CouponIdParams.safeParse({ id }).success ? <CouponEditor key={id} id={id} /> : <NotFound />;
}

function CouponEditor({ id }: { id: string | null }) {
  const { api } = useAdmin();
  const { t } = useTranslation();
  const coupon = useQuery({
    queryKey: ['coupon', id],
    queryFn: () => api.get<AdminCouponDetail>(`/api/admin/coupons/${id}`),
    enabled: id !== null,
  });
  if (id === null) return <CouponForm id={null} coupon={null} />;
  if (coupon.error instanceof ApiError && coupon.error.status === 403) return <NotAllowed title={t('coupons.title')} />;
  if (coupon.error) return <ApiProblem title={t('coupons.title')} error={coupon.error} onRetry={() => void coupon.refetch()} />;
  if (!coupon.data) return <Loading title={t('coupons.title')} />;
  return <CouponForm id={id} coupon={coupon.data} />;
}

/** The form, started from the coupon as it came (a refetch never overwrites what is being typed). */
function CouponForm({ id, coupon }: { id: string | null; coupon: AdminCouponDetail | null }) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const decimalComma = language !== 'en';
  const [saved, setSaved] = useState<CouponValues>(() => (coupon ? valuesOf(coupon, decimalComma) : EMPTY_COUPON));
  const [values, setValues] = useState<CouponValues>(saved);
  const [errors, setErrors] = useState<Messages>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(() => {
    if (id === null || justCreated !== id) return null;
    justCreated = null;
    return t('coupons.created');
  });
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  const changed = changedFields(values, saved);
  const dirty = id === null ? changedFields(values, EMPTY_COUPON).length > 0 : changed.length > 0;
  useLeaveGuard(dirty, t, () => leaving.current);

  const fail = (messages: Messages, form: string[]) => {
    setErrors(messages);
    setFormErrors(form);
    setNotice(null);
    const first = COUPON_FIELDS.find((f) => messages[f]);
    setFocusOn({ id: form.length > 0 ? 'coupon-form-error' : first === 'kind' ? 'coupon-kind-percent' : `coupon-${first}` });
  };
  const apiFail = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return fail({}, [t('coupons.errors.general')]);
    const messages: Messages = {};
    const form: string[] = [];
    for (const e of error.errors) {
      const field = e.field as CouponField | undefined;
      if (field && (COUPON_FIELDS as readonly string[]).includes(field)) messages[field] ??= e.message;
      else if (!form.includes(e.message)) form.push(e.message);
    }
    fail(messages, form);
  };

  const applied = (answer: AdminCouponDetail, message: string) => {
    client.setQueryData(['coupon', answer.id], answer);
    void client.invalidateQueries({ queryKey: ['coupons'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
    const next = valuesOf(answer, decimalComma);
    setSaved(next);
    setValues(next);
    setErrors({});
    setFormErrors([]);
    setNotice(message);
    setFocusOn({ id: 'coupon-notice' });
  };

  const save = useMutation({
    mutationFn: async (): Promise<AdminCouponDetail | null> => {
      const { problems, terms } = convert(values);
      if (!terms) {
        const messages: Messages = {};
        for (const [f, key] of Object.entries(problems)) messages[f as CouponField] = t(`coupons.errors.${key}`);
        fail(messages, []);
        return null;
      }
      if (id === null) return api.send<AdminCouponDetail>('POST', '/api/admin/coupons', createBody(terms));
      return api.send<AdminCouponDetail>('PATCH', `/api/admin/coupons/${id}`, updateBody(terms, changed));
    },
    onSuccess: (answer) => {
      if (!answer) return;
      if (id === null) {
        leaving.current = true;
        client.setQueryData(['coupon', answer.id], answer);
        void client.invalidateQueries({ queryKey: ['coupons'] });
        justCreated = answer.id;
        void navigate({ to: '/coupons/$id', params: { id: answer.id }, replace: true });
        return;
      }
      applied(answer, t('coupons.saved'));
    },
    onError: apiFail,
  });
  const toggle = useMutation({
    mutationFn: (action: 'disable' | 'enable') => api.send<AdminCouponDetail>('POST', `/api/admin/coupons/${id}/${action}`, {}),
    onSuccess: (answer) => {
      client.setQueryData(['coupon', answer.id], answer);
      void client.invalidateQueries({ queryKey: ['coupons'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
      setNotice(answer.state === 'disabled' ? t('coupons.switch.offDone') : t('coupons.switch.onDone'));
      setFocusOn({ id: 'coupon-notice' });
    },
    onError: apiFail,
  });

  const busy = save.isPending || toggle.isPending;
  return (
    <CouponEditView
      t={t}
      language={language}
      coupon={coupon}
      values={values}
      changed={changed}
      errors={errors}
      formErrors={formErrors}
      notice={notice}
      busy={busy}
      onChange={(field, value) => {
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      }}
      onSave={() => {
        if (!busy) save.mutate();
      }}
      onDiscard={() => {
        setValues(saved);
        setErrors({});
        setFormErrors([]);
      }}
      onSwitch={() => {
        if (!busy && coupon) toggle.mutate(coupon.state === 'disabled' ? 'enable' : 'disable');
      }}
      backLink={
        <Link to="/coupons" search={lastCouponSearch()}>
          {t('coupons.back')}
        </Link>
      }
      history={id !== null ? <HistoryPanel entityType="coupon" entityId={id} /> : undefined}
    />
  );
}
