/**
 * `/admin/products/$code`: one product's stock and price (product-view.tsx shows it). One save bar
 * for the page; leaving with unsaved changes is asked about (the router's blocker and the browser's
 * beforeunload); Ctrl/Cmd+Enter saves; the stock is sent with `expected_stock`, so an order placed
 * meanwhile makes the API refuse (409) instead of the save overwriting the sale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProductDetail, OfferPreview } from '../../../contract/api/admin-catalog';
import type { UserView } from '../../../contract/api/identity';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { useLeaveGuard } from '../kit/save-bar';
import { ApiProblem, Loading } from '../frame/status';
import { parseCount, parseEuroInput } from './money-input';
import {
  changedParts,
  draftErrors,
  draftOf,
  ProductPageView,
  type DraftField,
  type OfferDraft,
  type OfferField,
  type StockDraft,
} from './product-view';
import { rememberedListSearch } from './search';

const route = getRouteApi('/products/$code');

/** A `datetime-local` value (the operator's clock) as an ISO instant, or null. */
function instant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The API's field names to the page's fields. */
const API_FIELDS: Record<string, DraftField | OfferField> = {
  stock: 'stock',
  expected_stock: 'stock',
  low_stock_threshold: 'threshold',
  price_cents: 'price',
  starts_at: 'starts_at',
  ends_at: 'ends_at',
};

export function ProductPage() {
  const { code } = route.useParams();
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['admin-product', code, language];
  const product = useQuery({
    queryKey: key,
    queryFn: () => api.get<AdminProductDetail>(`/api/admin/products/${encodeURIComponent(code)}?locale=${language}`),
  });
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const isAdmin = me.data?.role === 'admin';

  const [draft, setDraft] = useState<StockDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const [offer, setOffer] = useState<OfferDraft>({ price: '', starts: '', ends: '' });
  const [offerErrors, setOfferErrors] = useState<Partial<Record<OfferField, string>>>({});
  const [preview, setPreview] = useState<{ of: OfferDraft; answer: OfferPreview } | null>(null);
  const [offerProblem, setOfferProblem] = useState<string | null>(null);
  const [offerSaved, setOfferSaved] = useState(false);
  const focusFirst = useRef<string | null>(null);

  const loaded = product.data;
  const initial = loaded ? draftOf(loaded, language) : null;
  const current = draft ?? initial;
  const parts = initial && current ? changedParts(initial, current, isAdmin) : [];
  const dirty = parts.length > 0;

  useLeaveGuard(dirty, t);

  useEffect(() => {
    if (!focusFirst.current) return;
    document.getElementById(focusFirst.current)?.focus();
    focusFirst.current = null;
  });

  const fieldErrorsOf = (error: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    if (error instanceof ApiError)
      for (const e of error.errors) {
        const field = e.field ? API_FIELDS[e.field.split('.')[0]!] : undefined;
        if (field && !out[field]) out[field] = e.message;
      }
    return out;
  };

  const save = useMutation({
    mutationFn: async ({ draft: d, product: p }: { draft: StockDraft; product: AdminProductDetail }) => {
      const changed = changedParts(draftOf(p, language), d, isAdmin);
      let answer = p;
      if (changed.some((c) => c !== 'price')) {
        const body: Record<string, unknown> = { expected_stock: p.stock };
        if (changed.includes('stock')) body.stock = d.tracked ? parseCount(d.stock) : null;
        if (changed.includes('availability')) body.availability = d.soon ? 'soon_available_again' : 'available';
        if (changed.includes('threshold')) body.low_stock_threshold = parseCount(d.threshold);
        answer = await api.send<AdminProductDetail>('PATCH', `/api/admin/products/${encodeURIComponent(p.code)}/stock`, body);
      }
      if (changed.includes('price'))
        answer = await api.send<AdminProductDetail>('PUT', `/api/admin/products/${encodeURIComponent(p.code)}/price`, {
          price_cents: parseEuroInput(d.price),
        });
      return answer;
    },
    onSuccess: async (answer) => {
      // The page shows what is stored now at once (the form does not flash back to the old values).
      queryClient.setQueryData(key, answer);
      setDraft(null);
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin-product', code], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: ['admin-products'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: async (error) => {
      const conflict = error instanceof ApiError && error.status === 409;
      setProblem({ message: error.message, conflict });
      const fields = fieldErrorsOf(error) as Partial<Record<DraftField, string>>;
      setErrors(fields);
      const first = (['stock', 'threshold', 'price'] as const).find((f) => fields[f]);
      if (first) focusFirst.current = first;
      // A part may have been saved before the refusal (stock, then price): show what is stored now.
      await queryClient.invalidateQueries({ queryKey: ['admin-products'] });
    },
  });

  const onSave = () => {
    if (!loaded || !current || !dirty || save.isPending) return;
    setSaved(false);
    setProblem(null);
    const found = draftErrors(current, isAdmin, t);
    setErrors(found);
    const first = (['stock', 'threshold', 'price'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    save.mutate({ draft: current, product: loaded });
  };

  const offerBody = (d: OfferDraft) => {
    const found: Partial<Record<OfferField, string>> = {};
    const price = parseEuroInput(d.price);
    if (price === null || price < 1) found.offer_price = t('errors.price');
    const starts = instant(d.starts);
    const ends = instant(d.ends);
    if (!starts) found.starts_at = t('errors.instant');
    if (!ends) found.ends_at = t('errors.instant');
    else if (starts && Date.parse(ends) <= Date.parse(starts)) found.ends_at = t('errors.endsBeforeStart');
    setOfferErrors(found);
    const first = (['offer_price', 'starts_at', 'ends_at'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(first)?.focus();
      return null;
    }
    return { price_cents: price!, starts_at: starts!, ends_at: ends! };
  };
  const offerFailed = (error: Error) => {
    setOfferProblem(error.message);
    const fields = fieldErrorsOf(error);
    const mapped: Partial<Record<OfferField, string>> = {};
    if (fields.price) mapped.offer_price = fields.price;
    if (fields.starts_at) mapped.starts_at = fields.starts_at;
    if (fields.ends_at) mapped.ends_at = fields.ends_at;
    setOfferErrors(mapped);
  };
  const previewOffer = useMutation({
    mutationFn: (v: { of: OfferDraft; body: object }) =>
      api
        .send<OfferPreview>('POST', `/api/admin/products/${encodeURIComponent(code)}/offers/preview`, v.body)
        .then((answer) => ({ of: v.of, answer })),
    onSuccess: (result) => setPreview(result),
    onError: offerFailed,
  });
  const saveOffer = useMutation({
    mutationFn: (body: object) => api.send<unknown>('POST', `/api/admin/products/${encodeURIComponent(code)}/offers`, body),
    onSuccess: async () => {
      setOffer({ price: '', starts: '', ends: '' });
      setPreview(null);
      setOfferSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin-product', code] });
      await queryClient.invalidateQueries({ queryKey: ['admin-products'] });
    },
    onError: offerFailed,
  });

  if (!loaded || !current) {
    if (product.error) return <ApiProblem title={t('product.title')} error={product.error} onRetry={() => void product.refetch()} />;
    return <Loading title={t('product.title')} />;
  }
  const previewMatches = preview && JSON.stringify(preview.of) === JSON.stringify(offer);
  return (
    <ProductPageView
      t={t}
      language={language}
      product={loaded}
      showPrices={isAdmin}
      backLink={
        <Link to="/products" search={rememberedListSearch()}>
          {t('product.back')}
        </Link>
      }
      photosLink={
        <Link to="/products/$code/photos" params={{ code }}>
          {t('photos.link')}
        </Link>
      }
      draft={current}
      changes={parts.length}
      errors={errors}
      onDraft={(patch) => {
        setSaved(false);
        setDraft({ ...current, ...patch });
      }}
      saving={save.isPending}
      onSave={onSave}
      onDiscard={() => {
        setDraft(null);
        setErrors({});
        setProblem(null);
      }}
      problem={problem?.message ?? null}
      conflict={problem?.conflict ?? false}
      onReload={() => {
        setDraft(null);
        setErrors({});
        setProblem(null);
        void product.refetch();
      }}
      saved={saved}
      offer={offer}
      offerErrors={offerErrors}
      onOffer={(patch) => {
        setOfferSaved(false);
        setOffer({ ...offer, ...patch });
      }}
      preview={previewMatches ? preview.answer : null}
      previewing={previewOffer.isPending}
      onPreview={() => {
        setOfferProblem(null);
        setOfferSaved(false);
        const body = offerBody(offer);
        if (body) previewOffer.mutate({ of: offer, body });
      }}
      savingOffer={saveOffer.isPending}
      onSaveOffer={() => {
        setOfferProblem(null);
        const body = previewMatches ? offerBody(offer) : null;
        if (body) saveOffer.mutate(body);
      }}
      offerProblem={offerProblem}
      offerSaved={offerSaved}
    />
  );
}
