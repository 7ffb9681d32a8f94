/**
 * A bulk edit of the selected rows (issue 22: 'bulk price and stock edits show old -> new for every
 * row and a count before they apply'): the operator types each row's new value, the API's dry run
 * answers what would change, and only then 'Apply' writes them, all in one transaction or none.
 * Prices: role admin only (the button is not offered to staff; the server refuses them anyway).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProductRow, BulkEditResult } from '../../../contract/api/admin-catalog';
import { formatEuro } from '../../../contract/money';
import { useAdmin } from '../app-context';
import type { AdminLanguage } from '../i18n';
import { euroInputText, parseCount, parseEuroInput } from './money-input';

export type BulkKind = 'stock' | 'price';

/** The dry run's answer as the operator reads it: old -> new of every row, the count, what stays and what is refused. */
export function BulkPreviewView({
  kind,
  result,
  language,
  t,
}: {
  kind: BulkKind;
  result: BulkEditResult;
  language: AdminLanguage;
  t: TFunction;
}) {
  const value = (v: number | null) =>
    v === null ? t('products.notTracked') : kind === 'price' ? formatEuro(v, language) : t('products.packs', { count: v });
  return (
    <div className="bulk-preview">
      <p role="status">
        <strong>{t('bulk.willChange', { count: result.count })}</strong>
      </p>
      {result.rows.length > 0 ? (
        <table>
          <caption className="visually-hidden">{t('bulk.previewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('products.name')}</th>
              <th scope="col">{t('bulk.old')}</th>
              <th scope="col">{t('bulk.new')}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.code}>
                <th scope="row">
                  {row.name} <span className="mono">{row.code}</span>
                </th>
                <td data-label={t('bulk.old')}>{value(row.old)}</td>
                <td data-label={t('bulk.new')}>
                  <span aria-hidden="true">→ </span>
                  {value(row.new)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.unchanged.length > 0 ? (
        <p>{t('bulk.unchanged', { count: result.unchanged.length, codes: result.unchanged.join(', ') })}</p>
      ) : null}
      {result.refused.length > 0 ? (
        <ul role="alert" className="problem">
          {result.refused.map((r) => (
            <li key={`${r.row}-${r.code}`}>
              <span className="mono">{r.code}</span>: {r.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function BulkEdit({
  kind,
  rows,
  onClose,
  onApplied,
}: {
  kind: BulkKind;
  rows: AdminProductRow[];
  onClose: () => void;
  onApplied: (count: number) => void;
}) {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = (row: AdminProductRow) =>
    kind === 'price' ? euroInputText(row.price_cents, language) : row.stock === null ? '' : String(row.stock);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(rows.map((r) => [r.code, initial(r)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<BulkEditResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const path = kind === 'price' ? '/api/admin/products/bulk/prices' : '/api/admin/products/bulk/stock';

  const body = (dryRun: boolean) => ({
    dry_run: dryRun,
    rows: rows.map((r) => {
      const text = values[r.code] ?? '';
      return kind === 'price' ? { code: r.code, price_cents: parseEuroInput(text) } : { code: r.code, stock: parseCount(text) };
    }),
  });
  const check = useMutation({
    mutationFn: () => api.send<BulkEditResult>('POST', path, body(true)),
    onSuccess: (result) => setPreview(result),
  });
  const apply = useMutation({
    mutationFn: () => api.send<BulkEditResult>('POST', path, body(false)),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['admin-products'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-product'] });
      onApplied(result.count);
    },
  });

  const onCheck = () => {
    const found: Record<string, string> = {};
    for (const r of rows) {
      const text = values[r.code] ?? '';
      const ok = kind === 'price' ? (parseEuroInput(text) ?? 0) > 0 : parseCount(text) !== null;
      if (!ok) found[r.code] = kind === 'price' ? t('errors.price') : t('errors.stock');
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[data-code="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    check.mutate();
  };

  return (
    <section className="card bulk" aria-labelledby="bulk-title">
      <h2 id="bulk-title">{kind === 'price' ? t('bulk.pricesTitle') : t('bulk.stockTitle')}</h2>
      <p className="hint">{kind === 'price' ? t('bulk.pricesHint') : t('bulk.stockHint')}</p>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (preview && preview.count > 0 && preview.refused.length === 0) apply.mutate();
            else onCheck();
          }
        }}
      >
        <ul className="bulk-rows">
          {rows.map((r) => {
            const id = `bulk-${r.code}`;
            return (
              <li key={r.code}>
                <label htmlFor={id}>
                  {r.name} <span className="mono">{r.code}</span>
                </label>
                <input
                  id={id}
                  data-code={r.code}
                  inputMode={kind === 'price' ? 'decimal' : 'numeric'}
                  value={values[r.code] ?? ''}
                  aria-invalid={errors[r.code] ? true : undefined}
                  aria-describedby={errors[r.code] ? `${id}-error` : undefined}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setValues((prev) => ({ ...prev, [r.code]: v }));
                    setPreview(null);
                  }}
                />
                {kind === 'price' ? <span aria-hidden="true"> €</span> : null}
                {errors[r.code] ? (
                  <span id={`${id}-error`} className="field-error">
                    {errors[r.code]}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="actions">
          <button type="button" onClick={onCheck} disabled={check.isPending}>
            {t('bulk.check')}
          </button>
          {preview ? (
            <button
              type="button"
              className="primary"
              disabled={apply.isPending || preview.count === 0 || preview.refused.length > 0}
              onClick={() => apply.mutate()}
            >
              {t('bulk.apply', { count: preview.count })}
            </button>
          ) : null}
          <button type="button" onClick={onClose}>
            {t('bulk.cancel')}
          </button>
        </div>
      </form>
      {preview ? <BulkPreviewView kind={kind} result={preview} language={language} t={t} /> : null}
      {(check.error ?? apply.error) ? (
        <p role="alert" className="problem">
          {(check.error ?? apply.error)!.message}
        </p>
      ) : null}
    </section>
  );
}
