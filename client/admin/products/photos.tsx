/**
 * `/admin/products/$code/photos`: a product's photos (docs/admin.md 'Photos'). Uploads go up at once
 * (each is its own change, in the History); the order, alt texts and centres of interest wait for the
 * one save bar. Leaving with unsaved changes is asked about; Ctrl/Cmd+Enter saves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPhotoList } from '../../../contract/api/admin-photos';
import { ApiError } from '../../src/api/http';
import type { UserView } from '../../../contract/api/identity';
import { useAdmin } from '../app-context';
import { ProductTabs } from './product-tabs';
import { rememberedListSearch } from './search';
import { ApiProblem, Loading } from '../frame/status';
import { HistoryPanel } from '../history/history-panel';
import { useLeaveGuard } from '../kit/save-bar';
import { SOURCE_LANGUAGE, type ContentLanguage } from '../kit/translations';
import { MediaPicker, useMediaUpload } from '../media/media-picker';
import { moveItem, photoChanges, reconcile, type PhotosDraft } from './photos-model';
import { PhotosView } from './photos-view';

const route = getRouteApi('/products/$code/photos');

export function ProductPhotos() {
  const { code } = route.useParams();
  const { api, language } = useAdmin();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.get<UserView>('/api/users/me'), staleTime: 5 * 60_000 });
  const key = ['admin-photos', code, language];
  const base = `/api/admin/products/${encodeURIComponent(code)}/photos`;
  const photos = useQuery({ queryKey: key, queryFn: () => api.get<AdminPhotoList>(`${base}`) });
  const [draft, setDraft] = useState<PhotosDraft | null>(null);
  const [altLanguage, setAltLanguage] = useState<ContentLanguage>(SOURCE_LANGUAGE);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);

  const list = photos.data;
  const current = list ? reconcile(draft, list) : null;
  const { body, count } = list && current ? photoChanges(list, current) : { body: null, count: 0 };
  useLeaveGuard(count > 0, t);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const stored = async (answer: AdminPhotoList) => {
    queryClient.setQueryData(key, answer);
    await queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
  const picker = useMediaUpload<AdminPhotoList>(base, (answer) => {
    setSaved(false);
    void stored(answer);
  });

  const save = useMutation({
    mutationFn: (changes: NonNullable<typeof body>) => api.send<AdminPhotoList>('PATCH', base, changes),
    onSuccess: async (answer) => {
      await stored(answer);
      setDraft(null);
      setErrors({});
      setSaved(true);
    },
    onError: (error) => {
      setProblem(error.message);
      const found: Record<string, string> = {};
      if (error instanceof ApiError && current && body?.photos)
        for (const e of error.errors) {
          // photos.<n>.alt.<language>: the n-th photo sent
          const m = /^photos\.(\d+)\.(alt|focal)/.exec(e.field ?? '');
          const photo = m ? body.photos[Number(m[1])] : undefined;
          if (photo) found[m![2] === 'alt' ? `alt-${photo.id}` : `focal-x-${photo.id}`] ??= e.message;
        }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) focusNext.current = first;
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.send<AdminPhotoList>('DELETE', `${base}/${encodeURIComponent(id)}`),
    onMutate: (id) => setRemoving(id),
    onSettled: () => setRemoving(null),
    onSuccess: async (answer) => {
      await stored(answer);
      focusNext.current = 'add-photos';
    },
    onError: (error) => setProblem(error.message),
  });

  if (!list || !current) {
    if (photos.error) return <ApiProblem title={t('photos.title')} error={photos.error} onRetry={() => void photos.refetch()} />;
    return <Loading title={t('photos.title')} />;
  }
  const change = (next: PhotosDraft) => {
    setSaved(false);
    setDraft(next);
  };
  return (
    <PhotosView
      t={t}
      list={list}
      draft={current}
      changes={count}
      backLink={
        <Link to="/products" search={rememberedListSearch()}>
          {t('product.back')}
        </Link>
      }
      tabs={
        <ProductTabs
          current="photos"
          t={t}
          showPrices={me.data?.role === 'admin'}
          link={(tab, label, current) => (
            <Link to={tab.to} params={{ code }} aria-current={current ? 'page' : undefined}>
              {label}
            </Link>
          )}
        />
      }
      picker={<MediaPicker state={picker} t={t} idPrefix="photo-upload" hint={t('photos.pickHint')} />}
      altLanguage={altLanguage}
      onAltLanguage={setAltLanguage}
      onAlt={(id, l, text) => change({ ...current, alt: { ...current.alt, [id]: { ...current.alt[id]!, [l]: text } } })}
      onFocal={(id, focal) => change({ ...current, focal: { ...current.focal, [id]: focal } })}
      onMove={(id, by) => {
        const from = current.order.indexOf(id);
        const order = moveItem(current.order, from, by);
        change({ ...current, order });
        // Keep the focus on the photo that moved: its own button, or the other one at an end.
        const at = order.indexOf(id);
        focusNext.current = (by < 0 && at > 0) || at === order.length - 1 ? `up-${id}` : `down-${id}`;
        if (at === 0) focusNext.current = `down-${id}`;
      }}
      onRemove={(id) => {
        if (window.confirm(t('photos.removeQuestion'))) remove.mutate(id);
      }}
      removing={removing}
      saving={save.isPending}
      onSave={() => {
        if (!body || save.isPending) return;
        setProblem(null);
        setSaved(false);
        save.mutate(body);
      }}
      onDiscard={() => {
        setDraft(null);
        setErrors({});
        setProblem(null);
      }}
      problem={problem}
      errors={errors}
      saved={saved}
      history={<HistoryPanel entityType="product_photo" entityId={list.code} />}
    />
  );
}
