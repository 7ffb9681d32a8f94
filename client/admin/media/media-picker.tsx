/**
 * A reusable picker of pictures for the back office (docs/admin.md 'Photos', 'MediaPicker'): 'take a
 * photo' (the phone's camera: `capture`) and 'choose files' (the gallery or the computer's disk, several
 * at once), each file uploaded in turn to `uploadUrl` with a progress bar and its refusal in words. The
 * screen that uses it says where to upload and what to do with each answer:
 *
 *   const picker = useMediaUpload<AdminPhotoList>(`/api/admin/products/${code}/photos`, (list) => ...);
 *   <MediaPicker state={picker} t={t} idPrefix="photos" />
 */
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { ApiError } from '../../src/api/http';
import { useAdmin } from '../app-context';
import { uploadMedia } from './upload';

/** One file on its way up, or refused. */
export interface UploadItem {
  key: string;
  name: string;
  /** 0..1 */
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  /** The API's (localized) refusal. */
  message?: string;
}

export interface MediaUploadState {
  items: UploadItem[];
  busy: boolean;
  /** Uploads the files one after the other. */
  add: (files: FileList | readonly File[]) => Promise<void>;
  /** Forgets finished and refused items. */
  clear: () => void;
}

/** Uploads pictures to `uploadUrl` one by one; `onUploaded` gets each answer's `data`. */
export function useMediaUpload<T>(uploadUrl: string, onUploaded: (answer: T) => void): MediaUploadState {
  const { api, language } = useAdmin();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const update = (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const add = async (files: FileList | readonly File[]) => {
    const list = Array.from(files);
    if (!list.length) return;
    const queued = list.map((file) => ({ file, key: `u${++seq.current}` }));
    setItems((all) => [
      ...all.filter((i) => i.state === 'sending' || i.state === 'waiting'),
      ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'waiting' as const })),
    ]);
    setBusy(true);
    try {
      const { token } = await api.get<{ token: string }>('/api/csrf');
      for (const { file, key } of queued) {
        update(key, { state: 'sending' });
        try {
          const answer = await uploadMedia<T>({
            url: uploadUrl,
            file,
            csrfToken: token,
            language,
            onProgress: (progress) => update(key, { progress }),
          });
          update(key, { state: 'done', progress: 1 });
          onUploaded(answer);
        } catch (error) {
          // The API's own words (localized); a lost connection gets the view's generic words.
          const said = error instanceof ApiError && error.status !== 0 && error.errors.length > 0;
          update(key, { state: 'refused', ...(said ? { message: error.message } : {}) });
        }
      }
    } finally {
      setBusy(false);
    }
  };
  return { items, busy, add, clear: () => setItems((all) => all.filter((i) => i.state === 'sending' || i.state === 'waiting')) };
}

/** The camera and file buttons and the list of uploads (pure: props in, markup out). */
export function MediaPickerView({
  idPrefix,
  items,
  busy,
  onFiles,
  t,
  hint,
}: {
  idPrefix: string;
  items: readonly UploadItem[];
  busy: boolean;
  onFiles: (files: FileList) => void;
  t: TFunction;
  hint?: string;
}) {
  const refused = items.filter((i) => i.state === 'refused');
  return (
    <div className="media-picker">
      <div className="media-picker-buttons">
        {/* Each input is visually hidden but stays focusable; its label, drawn as a button, opens it (and shows its focus). */}
        <input
          id={`${idPrefix}-camera`}
          className="visually-hidden-input"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={busy}
          onChange={(e) => {
            if (e.target.files?.length) onFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <label className="file-button primary" htmlFor={`${idPrefix}-camera`}>
          {t('media.takePhoto')}
        </label>
        <input
          id={`${idPrefix}-files`}
          className="visually-hidden-input"
          type="file"
          accept="image/*"
          multiple
          disabled={busy}
          aria-describedby={hint ? `${idPrefix}-hint` : undefined}
          onChange={(e) => {
            if (e.target.files?.length) onFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <label className="file-button" htmlFor={`${idPrefix}-files`}>
          {t('media.chooseFiles')}
        </label>
      </div>
      {hint ? (
        <p className="hint" id={`${idPrefix}-hint`}>
          {hint}
        </p>
      ) : null}
      {items.length ? (
        <ul className="uploads" aria-live="polite">
          {items.map((i) => (
            <li key={i.key} className={`upload ${i.state}`}>
              <span className="upload-name">{i.name}</span>{' '}
              {i.state === 'refused' ? null : (
                <progress max={1} value={i.progress} aria-label={t('media.progress', { name: i.name })}>
                  {Math.round(i.progress * 100)} %
                </progress>
              )}{' '}
              <span className="upload-state">{t(`media.state.${i.state}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length ? (
        <div role="alert" className="problem">
          {refused.map((i) => (
            <p key={i.key}>
              <strong>{i.name}</strong>: {i.message || t('media.failed')}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The picker wired to an upload hook's state. */
export function MediaPicker({ state, t, idPrefix, hint }: { state: MediaUploadState; t: TFunction; idPrefix: string; hint?: string }) {
  return (
    <MediaPickerView
      idPrefix={idPrefix}
      items={state.items}
      busy={state.busy}
      onFiles={(files) => void state.add(files)}
      t={t}
      hint={hint}
    />
  );
}
