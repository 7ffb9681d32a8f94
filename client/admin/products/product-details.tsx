/**
 * `/admin/products/new` and `/admin/products/$code/details` (docs/admin.md 'Products and
 * categories'): the product's texts in four languages and every field of it (details-view.tsx shows
 * them). One save bar; leaving with unsaved changes is asked about; Ctrl/Cmd+Enter saves; an edit
 * sends only what changed, with `expected_updated_at` (another save meanwhile: 409, nothing lost
 * silently). Staff see the screen read-only (the API refuses their changes).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminProductParams } from '../../../contract/api/admin-catalog';
import type { AdminCategory, AdminProductEditable } from '../../../contract/api/admin-products';
import type { UserView } from '../../../contract/api/identity';
import type { Locale } from '../../../contract/locales';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotFound } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { useLeaveGuard } from '../kit/save-bar';
import {
  apiErrors,
  changedFields,
  checkValues,
  createBody,
  fieldId,
  firstError,
  newValues,
  patchBody,
  typeText,
  valuesOf,
  type DetailsValues,
  type Errors,
} from './details-form';
import { DetailsView } from './details-view';
import { ProductTabs } from './product-tabs';
import { rememberedListSearch } from './search';

/** The product just created in this tab: its Details screen opens saying so. */
let justCreated: string | null = null;

/** `/admin/products/new` */
export function ProductNew() {
  return <DetailsEditor code={null} />;
}

/** `/admin/products/$code/details` (a malformed code is the not-found screen, never a call). */
export function ProductDetails() {
  const { code } = useParams({ from: '/products/$code/details' });
  return AdminProductParams.safeParse({ code }).success ? <DetailsEditor key={code} code={code} /> : <NotFound />;
}

function DetailsEditor({ code }: { code: string | null }) {
  const { api } = useAdmin();
  const { t } = useTranslation();
  const product = useQuery({
    queryKey: ['admin-product-details', code],
    queryFn: () => api.get<AdminProductEditable>(`/api/admin/products/${encodeURIComponent(code!)}/details`),
    enabled: code !== null,
  });
  const categories = useQuery({
    queryKey: ['admin-categories'],
    queryFn: () => api.get<{ categories: AdminCategory[] }>('/api/admin/categories'),
  });
  const title = t('details.title');
  const failed = product.error ?? categories.error;
  if (failed)
    return (
      <ApiProblem
        title={title}
        error={failed}
        onRetry={() => {
          void product.refetch();
          void categories.refetch();
        }}
      />
    );
  if ((code !== null && !product.data) || !categories.data) return <Loading title={title} />;
  return <DetailsForm code={code} product={product.data ?? null} categories={categories.data.categories} />;
}

function DetailsForm({
  code,
  product,
  categories,
}: {
  code: string | null;
  product: AdminProductEditable | null;
  categories: AdminCategory[];
}) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const canEdit = me.data?.role === 'admin';
  const [loaded, setLoaded] = useState<AdminProductEditable | null>(product);
  const [saved, setSaved] = useState<DetailsValues>(() => (product ? valuesOf(product, language) : newValues(categories[0]?.code ?? '')));
  const [values, setValues] = useState<DetailsValues>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(() => {
    if (code === null || justCreated !== code) return null;
    justCreated = null;
    return t('details.created');
  });
  const [active, setActive] = useState<Locale>('hr');
  const [editingSlug, setEditingSlug] = useState<Locale | null>(null);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  const changed = changedFields(saved, values);
  useLeaveGuard(changed.length > 0, t, () => leaving.current);

  const fail = (fields: Errors, other: string[]) => {
    setErrors(fields);
    setProblems(other);
    setNotice(null);
    const first = firstError(fields);
    const lang = first?.startsWith('texts.') ? (first.split('.')[1] as Locale) : null;
    if (lang) setActive(lang);
    setFocusOn({ id: other.length ? 'details-problem' : first ? fieldId(first) : 'details-problem' });
  };
  const apiFail = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return fail({}, [t('details.errors.general')]);
    const { fields, other } = apiErrors(error.errors);
    // the list of what is missing names each text: say it once above, mark each field
    fail(fields, other.length ? other : Object.keys(fields).length ? [] : [error.message]);
  };
  const applied = (answer: AdminProductEditable, message: string) => {
    client.setQueryData(['admin-product-details', answer.code], answer);
    void client.invalidateQueries({ queryKey: ['admin-products'] });
    void client.invalidateQueries({ queryKey: ['admin-product', answer.code] });
    void client.invalidateQueries({ queryKey: ['audit'] });
    const next = valuesOf(answer, language);
    setLoaded(answer);
    setSaved(next);
    setValues(next);
    setErrors({});
    setProblems([]);
    setEditingSlug(null);
    setNotice(message);
    setFocusOn({ id: 'details-notice' });
  };

  const save = useMutation({
    mutationFn: async (): Promise<AdminProductEditable | null> => {
      const found = checkValues(values, code === null, t);
      if (Object.keys(found).length) {
        fail(found, []);
        return null;
      }
      if (code === null) return api.send<AdminProductEditable>('POST', '/api/admin/products', createBody(values));
      return api.send<AdminProductEditable>(
        'PATCH',
        `/api/admin/products/${encodeURIComponent(code)}/details`,
        patchBody(saved, values, loaded!.updated_at),
      );
    },
    onSuccess: (answer) => {
      if (!answer) return;
      if (code === null) {
        leaving.current = true;
        client.setQueryData(['admin-product-details', answer.code], answer);
        void client.invalidateQueries({ queryKey: ['admin-products'] });
        justCreated = answer.code;
        void navigate({ to: '/products/$code/details', params: { code: answer.code }, replace: true });
        return;
      }
      applied(answer, t('details.saved'));
    },
    onError: apiFail,
  });
  const switchState = useMutation({
    mutationFn: (action: 'publish' | 'unpublish' | 'archive' | 'unarchive') =>
      api.send<AdminProductEditable>('POST', `/api/admin/products/${encodeURIComponent(code!)}/${action}`, {}).then((a) => ({ a, action })),
    onSuccess: ({ a, action }) => applied(a, t(`details.done.${action}`)),
    onError: apiFail,
  });

  const busy = save.isPending || switchState.isPending;
  return (
    <DetailsView
      t={t}
      language={language}
      product={loaded}
      categories={categories}
      values={values}
      changes={code === null ? changedFields(newValues(categories[0]?.code ?? ''), values).length : changed.length}
      errors={errors}
      problems={problems}
      notice={notice}
      busy={busy}
      canEdit={code === null || canEdit}
      activeLanguage={active}
      onLanguage={setActive}
      onField={(field, value) => {
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
      }}
      onNutrition={(field, value) => setValues((v) => ({ ...v, nutrition: { ...v.nutrition, [field]: value } }))}
      onText={(locale, field, text) => setValues((v) => typeText(v, locale, field, text, loaded?.slugs_locked ?? false))}
      editingSlug={editingSlug}
      onEditSlug={(l) => {
        setEditingSlug(l);
        setFocusOn({ id: fieldId(`texts.${l}.slug`) });
      }}
      onSave={() => {
        if (!busy && (code === null || changed.length > 0)) save.mutate();
      }}
      onDiscard={() => {
        setValues(saved);
        setErrors({});
        setProblems([]);
        setEditingSlug(null);
      }}
      onState={(action) => {
        if (!busy) switchState.mutate(action);
      }}
      backLink={
        <Link to="/products" search={rememberedListSearch()}>
          {t('product.back')}
        </Link>
      }
      tabs={
        code !== null ? (
          <ProductTabs
            current="details"
            t={t}
            showPrices={canEdit}
            link={(tab, label, current) => (
              <Link to={tab.to} params={{ code }} aria-current={current ? 'page' : undefined}>
                {label}
              </Link>
            )}
          />
        ) : undefined
      }
      history={code !== null ? <HistoryPanel entityType="product" entityId={code} /> : undefined}
    />
  );
}
