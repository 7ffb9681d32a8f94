/**
 * `/admin/products`: the products with their stock (and, for role admin, prices). The filters, sort
 * and page live in the URL (search.ts); rows can be selected for a bulk edit (bulk-edit.tsx).
 */
import { Pager } from '../kit/pager';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PRODUCT_SORTS, type AdminProductList, type AdminProductRow } from '../../../contract/api/admin-catalog';
import type { CategoryView } from '../../../contract/api/catalog';
import type { UserView } from '../../../contract/api/identity';
import { useAdmin } from '../app-context';
import { BulkEdit } from './bulk-edit';
import { ProductListView } from './product-list-view';
import { currentView, LIST_VIEWS, listQuery, rememberListSearch, type ProductListSearch } from './search';

const route = getRouteApi('/products');

export function ProductList() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = useNavigate();
  const query = listQuery(search, language);
  const list = useQuery({
    queryKey: ['admin-products', query],
    queryFn: () => api.get<AdminProductList>(`/api/admin/products?${query}`),
    placeholderData: (previous) => previous,
  });
  const categories = useQuery({
    queryKey: ['categories', language],
    queryFn: () => api.get<CategoryView[]>(`/api/catalog/categories?locale=${language}`),
    staleTime: 10 * 60_000,
  });
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const isAdmin = me.data?.role === 'admin';
  const [selected, setSelected] = useState<Map<string, AdminProductRow>>(new Map());
  const [bulk, setBulk] = useState<'stock' | 'price' | null>(null);
  const [bulkDone, setBulkDone] = useState<number | null>(null);
  useEffect(() => rememberListSearch(search), [search]);

  const go = (next: ProductListSearch) => void navigate({ to: '/products', search: next });
  const onFilter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    go({
      q: value('q'),
      category: value('category'),
      availability: value('availability') as ProductListSearch['availability'],
      low_stock: form.get('low_stock') === 'on' ? true : undefined,
      sort: value('sort') as ProductListSearch['sort'],
    });
  };
  const select = (rows: AdminProductRow[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const row of rows) {
        if (on) next.set(row.code, row);
        else next.delete(row.code);
      }
      return next;
    });
  const view = currentView(search);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const page = search.page ?? 1;

  return (
    <>
      <div className="screen-head">
        <h1>{t('products.title')}</h1>
        {isAdmin ? (
          <Link to="/products/new" className="button-link">
            {t('details.newTitle')}
          </Link>
        ) : null}
      </div>
      <nav aria-label={t('products.views')} className="views">
        <ul>
          {LIST_VIEWS.map((v) => (
            <li key={v.key}>
              <Link to="/products" search={v.search} aria-current={view === v.key ? 'page' : undefined}>
                {t(`products.view.${v.key}`)}
                {v.key === 'lowStock' && data ? ` (${data.low_stock_count})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form className="card filters" role="search" aria-label={t('products.filters')} onSubmit={onFilter} key={JSON.stringify(search)}>
        <label>
          <span>{t('products.search')}</span>
          <input name="q" type="search" defaultValue={search.q ?? ''} maxLength={100} />
        </label>
        <label>
          <span>{t('products.category')}</span>
          <select name="category" defaultValue={search.category ?? ''}>
            <option value="">{t('products.allCategories')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
            {search.category && !categories.data?.some((c) => c.code === search.category) ? (
              <option value={search.category}>{search.category}</option>
            ) : null}
          </select>
        </label>
        <label>
          <span>{t('products.availability')}</span>
          <select name="availability" defaultValue={search.availability ?? ''}>
            <option value="">{t('products.anyAvailability')}</option>
            <option value="available">{t('products.available')}</option>
            <option value="soon_available_again">{t('products.soonAvailable')}</option>
          </select>
        </label>
        <label>
          <span>{t('products.sort')}</span>
          <select name="sort" defaultValue={search.sort ?? 'position'}>
            {ADMIN_PRODUCT_SORTS.filter((s) => isAdmin || !s.endsWith('price')).map((s) => (
              <option key={s} value={s}>
                {t(`products.sorts.${s.replace('-', 'desc_')}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input name="low_stock" type="checkbox" defaultChecked={search.low_stock === true} />
          <span>{t('products.view.lowStock')}</span>
        </label>
        <button type="submit">{t('products.show')}</button>
      </form>
      {selected.size > 0 ? (
        <div className="card bulk-bar" role="region" aria-label={t('bulk.title')}>
          <p>{t('bulk.selected', { count: selected.size })}</p>
          <button type="button" onClick={() => (setBulk('stock'), setBulkDone(null))} aria-pressed={bulk === 'stock'}>
            {t('bulk.editStock')}
          </button>
          {isAdmin ? (
            <button type="button" onClick={() => (setBulk('price'), setBulkDone(null))} aria-pressed={bulk === 'price'}>
              {t('bulk.editPrices')}
            </button>
          ) : null}
          <button type="button" onClick={() => (setSelected(new Map()), setBulk(null))}>
            {t('bulk.clear')}
          </button>
        </div>
      ) : null}
      {bulk && selected.size > 0 ? (
        <BulkEdit
          kind={bulk}
          rows={[...selected.values()]}
          onClose={() => setBulk(null)}
          onApplied={(count) => (setSelected(new Map()), setBulk(null), setBulkDone(count))}
        />
      ) : null}
      {bulkDone !== null ? (
        <p role="status" className="notice">
          {t('bulk.applied', { count: bulkDone })}
        </p>
      ) : null}
      {data ? (
        <>
          <p role="status" className="hint">
            {t('products.count', { count: data.total })}
          </p>
          <ProductListView
            t={t}
            language={language}
            data={data}
            showPrices={isAdmin}
            selected={new Set(selected.keys())}
            onSelect={(row, on) => select([row], on)}
            onSelectPage={(on) => select(data.items, on)}
            productLink={(row) => (
              <Link to="/products/$code" params={{ code: row.code }}>
                {row.name}
              </Link>
            )}
          />
          <Pager
            page={page}
            pages={pages}
            t={t}
            link={(p, label) => (
              <Link to="/products" search={{ ...search, page: p }}>
                {label}
              </Link>
            )}
          />
        </>
      ) : list.error ? (
        <>
          <p role="alert" className="problem">
            {list.error.message}
          </p>
          <button type="button" onClick={() => void list.refetch()}>
            {t('frame.retry')}
          </button>
        </>
      ) : (
        <p role="status">{t('frame.loading')}</p>
      )}
    </>
  );
}
