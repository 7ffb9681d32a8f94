/**
 * `/admin/categories`: the categories in the shop's order, moved one place at a time; a new category
 * and the names and slugs of an existing one (categories-view.tsx shows them). Reading: admin and
 * staff; changing: admin (the API refuses staff; their screen has no buttons).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '../../../contract/api/admin-products';
import type { UserView } from '../../../contract/api/identity';
import { LOCALES, type Locale } from '../../../contract/locales';
import { isSlug } from '../../../contract/slug';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading } from '../frame/status';
import { useLeaveGuard } from '../kit/save-bar';
import {
  categoryChanges,
  categoryFieldId,
  categoryValues,
  CategoriesView,
  emptyCategory,
  typeName,
  type CategoryValues,
} from './categories-view';

type List = { categories: AdminCategory[] };

export function Categories() {
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['admin-categories'], queryFn: () => api.get<List>('/api/admin/categories') });
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<CategoryValues>(emptyCategory);
  const [values, setValues] = useState<CategoryValues>(emptyCategory);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [editingSlug, setEditingSlug] = useState<Locale | null>(null);
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  const changes = categoryChanges(saved, values);
  useLeaveGuard(changes.length > 0, t);

  const fail = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setProblems([t('details.errors.general')]);
      setFocusOn({ id: 'categories-problem' });
      return;
    }
    const fields: Record<string, string> = {};
    const other: string[] = [];
    for (const e of error.errors)
      if (e.field && e.field !== 'direction') fields[e.field] ??= e.message;
      else other.push(e.message);
    setErrors(fields);
    setProblems(other);
    setNotice(null);
    const first = Object.keys(fields)[0];
    setFocusOn({ id: first ? categoryFieldId(first) : 'categories-problem' });
  };
  const done = (answer: List, message: string, focus = 'categories-notice') => {
    client.setQueryData(['admin-categories'], answer);
    void client.invalidateQueries({ queryKey: ['admin-categories-names'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
    setErrors({});
    setProblems([]);
    setNotice(message);
    setFocusOn({ id: focus });
  };
  const move = useMutation({
    mutationFn: ({ code, direction }: { code: string; direction: 'up' | 'down' }) =>
      api.send<List>('POST', `/api/admin/categories/${code}/move`, { direction }).then((a) => ({ a, code, direction })),
    onSuccess: ({ a, code, direction }) => {
      const at = a.categories.findIndex((c) => c.code === code);
      const name = a.categories[at]?.texts[language]?.name ?? code;
      // the focus stays on the moved category's button (or its other one at the top or bottom)
      const edge = direction === 'up' ? at === 0 : at === a.categories.length - 1;
      const focus = `move-${edge ? (direction === 'up' ? 'down' : 'up') : direction}-${code}`;
      done(a, t('categories.moved', { name, position: at + 1 }), focus);
    },
    onError: fail,
  });
  const save = useMutation({
    mutationFn: async () => {
      const found: Record<string, string> = {};
      if (editing === null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(values.code.trim())) found.code = t('categories.codeHint');
      for (const l of LOCALES) {
        if (!values.texts[l].name.trim()) found[`texts.${l}.name`] = t('categories.nameRequired');
        const slug = values.texts[l].slug.trim();
        if (slug && !isSlug(slug)) found[`texts.${l}.slug`] = t('details.errors.slug');
      }
      if (Object.keys(found).length)
        throw new ApiError(
          422,
          Object.entries(found).map(([field, message]) => ({ code: 'X', field, message })),
        );
      const texts = Object.fromEntries(
        LOCALES.map((l) => [
          l,
          { name: values.texts[l].name.trim(), ...(values.texts[l].slug.trim() ? { slug: values.texts[l].slug.trim() } : {}) },
        ]),
      );
      if (editing === null) return api.send<AdminCategory>('POST', '/api/admin/categories', { code: values.code.trim(), texts });
      return api.send<AdminCategory>('PATCH', `/api/admin/categories/${editing}`, { texts });
    },
    onSuccess: async (answer) => {
      const fresh = await api.get<List>('/api/admin/categories');
      const next = categoryValues(answer);
      setEditing(answer.code);
      setSaved(next);
      setValues(next);
      setEditingSlug(null);
      done(fresh, t('categories.saved', { name: answer.texts[language]?.name ?? answer.code }));
    },
    onError: fail,
  });

  if (list.error) return <ApiProblem title={t('categories.title')} error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Loading title={t('categories.title')} />;
  const categories = list.data.categories;
  const current = editing === null ? null : (categories.find((c) => c.code === editing) ?? null);
  const busy = move.isPending || save.isPending;
  return (
    <CategoriesView
      t={t}
      language={language}
      categories={categories}
      canEdit={me.data?.role === 'admin'}
      editing={current}
      values={values}
      changes={changes.length}
      errors={errors}
      problems={problems}
      notice={notice}
      busy={busy}
      editingSlug={editingSlug}
      onMove={(code, direction) => {
        if (!busy) move.mutate({ code, direction });
      }}
      onEdit={(code) => {
        if (changes.length > 0 && !window.confirm(t('kit.leaveQuestion'))) return;
        const chosen = code === null ? null : categories.find((c) => c.code === code);
        const next = chosen ? categoryValues(chosen) : emptyCategory();
        setEditing(chosen ? chosen.code : null);
        setSaved(next);
        setValues(next);
        setErrors({});
        setProblems([]);
        setEditingSlug(null);
        setFocusOn({ id: 'category-form-title' });
      }}
      onCode={(code) => setValues((v) => ({ ...v, code }))}
      onName={(l, name) => setValues((v) => typeName(v, l, name, editing === null))}
      onSlug={(l, slug) => setValues((v) => ({ ...v, texts: { ...v.texts, [l]: { ...v.texts[l], slug } } }))}
      onEditSlug={(l) => {
        setEditingSlug(l);
        setFocusOn({ id: categoryFieldId(`texts.${l}.slug`) });
      }}
      onSave={() => {
        if (!busy && changes.length > 0) save.mutate();
      }}
      onDiscard={() => {
        setValues(saved);
        setErrors({});
        setProblems([]);
        setEditingSlug(null);
      }}
    />
  );
}
