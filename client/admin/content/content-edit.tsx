import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminContentImage, AdminPreview } from '../../../contract/api/admin-content';
import { AdminEntryParams, type AdminEntryDetail, type ContentType } from '../../../contract/api/content';
import type { Locale } from '../../../contract/locales';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { ApiProblem, Loading, NotAllowed, NotFound } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { useLeaveGuard } from '../kit/save-bar';
import { changedFields, emptyLanguage, emptyValues, inputIdOf, previewBody, saveBody, valuesOf, withTitle, type ContentValues } from './content-form';
import { ContentEditView } from './content-edit-view';
import { lastContentSearch } from './content-search';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The entry just created in this tab: its editor opens saying so. */
let justCreated: string | null = null;

/** `/admin/content/$id` (a malformed id is the not-found screen, never a call). */
export function ContentEdit() {
  const { id } = useParams({ from: '/content/$id' });
  return AdminEntryParams.safeParse({ id }).success && UUID.test(id) ? <ContentLoader key={id} id={id} /> : <NotFound />;
}

/** `/admin/content/new?type=recipes` */
export function ContentNew() {
  const { type } = useSearch({ from: '/content/new' });
  return <ContentForm key={type} type={type} entry={null} />;
}

function ContentLoader({ id }: { id: string }) {
  const { api } = useAdmin();
  const { t } = useTranslation();
  const entry = useQuery({ queryKey: ['content-entry', id], queryFn: () => api.get<AdminEntryDetail>(`/api/admin/content/entries/${id}`) });
  if (entry.error instanceof ApiError && entry.error.status === 403) return <NotAllowed title={t('content.title')} />;
  if (entry.error instanceof ApiError && entry.error.status === 404) return <NotFound />;
  if (entry.error) return <ApiProblem title={t('content.title')} error={entry.error} onRetry={() => void entry.refetch()} />;
  if (!entry.data) return <Loading title={t('content.title')} />;
  return <ContentForm type={entry.data.type} entry={entry.data} />;
}

/** The form, started from the entry as it came (a refetch never overwrites what is being typed). */
function ContentForm({ type, entry }: { type: ContentType; entry: AdminEntryDetail | null }) {
  const { api } = useAdmin();
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<ContentValues>(() => (entry ? valuesOf(entry) : emptyValues(type)));
  const [values, setValues] = useState<ContentValues>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [active, setActive] = useState<Locale>('hr');
  const [notice, setNotice] = useState<string | null>(() => {
    if (!entry || justCreated !== entry.id) return null;
    justCreated = null;
    return t('content.created');
  });
  const [focusOn, setFocusOn] = useState<{ id: string } | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const leaving = useRef(false);
  const images = useQuery({ queryKey: ['content-images'], queryFn: () => api.get<AdminContentImage[]>('/api/admin/content/images') });

  useEffect(() => {
    if (focusOn) document.getElementById(focusOn.id)?.focus();
  }, [focusOn]);

  const changed = changedFields(values, saved);
  const dirty = entry === null ? changedFields(values, emptyValues(type)).length > 0 : changed.length > 0;
  useLeaveGuard(dirty, t, () => leaving.current);

  const apiFail = (error: unknown) => {
    setNotice(null);
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setErrors({});
      setFormErrors([t('content.errors.general')]);
      setFocusOn({ id: 'content-form-error' });
      return;
    }
    const byField: Record<string, string> = {};
    const form: string[] = [];
    for (const e of error.errors) {
      if (e.field && (e.field.startsWith('shared') || e.field.startsWith('translations.'))) byField[e.field] ??= e.message;
      else if (!form.includes(e.message)) form.push(e.message);
    }
    setErrors(byField);
    setFormErrors(form);
    const first = Object.keys(byField)[0];
    if (first) {
      // The first problem's language tab opens, and the focus goes to its field.
      const locale = /^translations\.(hr|en|de|sl)\./.exec(first)?.[1] as Locale | undefined;
      if (locale) setActive(locale);
      setFocusOn({ id: inputIdOf(first) });
    } else setFocusOn({ id: 'content-form-error' });
  };

  const applied = (answer: AdminEntryDetail, message: string) => {
    client.setQueryData(['content-entry', answer.id], answer);
    void client.invalidateQueries({ queryKey: ['content'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
    const next = valuesOf(answer);
    setSaved(next);
    setValues(next);
    setErrors({});
    setFormErrors([]);
    setNotice(message);
    setFocusOn({ id: 'content-notice' });
  };

  const save = useMutation({
    mutationFn: () =>
      entry === null
        ? api.send<AdminEntryDetail>('POST', '/api/admin/content/entries', { type, ...saveBody(type, values, null) })
        : api.send<AdminEntryDetail>('PATCH', `/api/admin/content/entries/${entry.id}`, saveBody(type, values, saved)),
    onSuccess: (answer) => {
      if (entry === null) {
        leaving.current = true;
        client.setQueryData(['content-entry', answer.id], answer);
        void client.invalidateQueries({ queryKey: ['content'] });
        justCreated = answer.id;
        void navigate({ to: '/content/$id', params: { id: answer.id }, replace: true });
        return;
      }
      applied(answer, t('content.saved'));
    },
    onError: apiFail,
  });
  const publish = useMutation({
    mutationFn: ({ locale, on }: { locale: Locale; on: boolean }) =>
      api.send<AdminEntryDetail>('POST', `/api/admin/content/entries/${entry!.id}/${on ? 'publish' : 'unpublish'}`, { locale }),
    onSuccess: (answer, { locale, on }) =>
      applied(answer, t(on ? 'content.publishedIn' : 'content.unpublishedIn', { language: t(`kit.language.${locale}`) })),
    onError: apiFail,
  });
  const preview = useMutation({
    mutationFn: (_tab: Window | null) =>
      api.send<AdminPreview>('POST', `/api/admin/content/entries/${entry!.id}/preview`, previewBody(type, values, active)),
    onSuccess: (answer, tab) => {
      setErrors({});
      setFormErrors([]);
      // The shop's real page in the tab opened on the click (the draft only there, for 15 minutes).
      if (tab && !tab.closed) tab.location.href = answer.url;
      setPreviewUrl(answer.url);
      setNotice(t('content.previewOpened'));
    },
    onError: (error, tab) => {
      tab?.close();
      apiFail(error);
    },
  });

  const busy = save.isPending || publish.isPending || preview.isPending;
  return (
    <ContentEditView
      t={t}
      type={type}
      entry={entry}
      values={values}
      changedCount={changed.length}
      errors={errors}
      formErrors={formErrors}
      notice={notice}
      busy={busy}
      active={active}
      images={images.data ?? []}
      onSelect={setActive}
      onShared={(name, value) => {
        setValues((v) => ({ ...v, shared: { ...v.shared, [name]: value } }));
        setErrors((e) => (e[`shared.${name}`] ? { ...e, [`shared.${name}`]: '' } : e));
      }}
      onImage={(path) => setValues((v) => ({ ...v, image: path }))}
      onPosition={(text) => setValues((v) => ({ ...v, position: text }))}
      onLanguage={(locale, update) =>
        setValues((v) => {
          const before = v.languages[locale] ?? emptyLanguage(type);
          let next = update(before);
          if (next.common.title !== before.common.title) {
            const locked = entry?.translations.find((tr) => tr.locale === locale)?.slug_locked ?? false;
            next = withTitle({ ...next, common: { ...next.common, title: before.common.title } }, next.common.title, locked);
          }
          return { ...v, languages: { ...v.languages, [locale]: next } };
        })
      }
      onSave={() => {
        if (!busy && (dirty || entry === null)) save.mutate();
      }}
      onDiscard={() => {
        setValues(saved);
        setErrors({});
        setFormErrors([]);
      }}
      onPreview={() => {
        if (busy) return;
        // Opened during the click (a tab opened after the answer would be blocked as a pop-up).
        const tab = window.open('about:blank', '_blank');
        if (tab) tab.opener = null;
        preview.mutate(tab);
      }}
      previewUrl={previewUrl}
      onPublish={(locale, on) => {
        if (!busy && entry) publish.mutate({ locale, on });
      }}
      backLink={
        <Link to="/content" search={lastContentSearch()}>
          {t('content.back')}
        </Link>
      }
      history={entry ? <HistoryPanel entityType="content_entry" entityId={entry.id} /> : undefined}
    />
  );
}
