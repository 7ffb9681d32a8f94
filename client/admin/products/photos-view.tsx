/**
 * `/admin/products/$code/photos` as markup (photos.tsx fetches and saves): the camera and file
 * buttons, then every photo as a card: the whole picture with its centre of interest (a click or a tap
 * sets it, the arrow keys move it, two number fields type it), how the shop shows it (cut to 4:3
 * around that point), move up / down, remove, and its alt text in the language of the tabs above. One
 * save bar for the order, the alt texts and the centres.
 */
import type { TFunction } from 'i18next';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { PRODUCT_PHOTO_ASPECT, type AdminPhoto, type AdminPhotoList } from '../../../contract/api/admin-photos';
import { focalObjectPosition, type FocalPoint } from '../../../contract/media';
import { SaveBar } from '../kit/save-bar';
import { LanguageTabs, SOURCE_LANGUAGE, TranslatedField, type ContentLanguage, type Translations } from '../kit/translations';
import { nudgeFocal, type PhotosDraft } from './photos-model';

export interface PhotosViewProps {
  t: TFunction;
  list: AdminPhotoList;
  draft: PhotosDraft;
  changes: number;
  backLink: ReactNode;
  /** The product's tabs (product-tabs.tsx). */
  tabs?: ReactNode;
  /** The MediaPicker (camera, files, progress). */
  picker: ReactNode;
  /** The language of the alt texts being written. */
  altLanguage: ContentLanguage;
  onAltLanguage: (language: ContentLanguage) => void;
  onAlt: (id: string, language: ContentLanguage, text: string) => void;
  onFocal: (id: string, focal: FocalPoint) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
  removing: string | null;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  problem: string | null;
  /** Field errors by the field's element id (`alt-<id>`, `focal-x-<id>`, ...). */
  errors: Record<string, string>;
  saved: boolean;
  history?: ReactNode;
}

const percent = (v: number) => Math.round(v * 100);

/** Where a click or tap landed on the picture, as a focal point. */
function pointOf(event: MouseEvent<HTMLElement>): FocalPoint {
  const box = event.currentTarget.getBoundingClientRect();
  const x = box.width > 0 ? (event.clientX - box.left) / box.width : 0.5;
  const y = box.height > 0 ? (event.clientY - box.top) / box.height : 0.5;
  const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  return { x: round(x), y: round(y) };
}

function PhotoCard({ photo, index, p }: { photo: AdminPhoto; index: number; p: PhotosViewProps }) {
  const { t, draft } = p;
  const focal = draft.focal[photo.id] ?? photo.focal;
  const alt = draft.alt[photo.id] ?? photo.alt;
  const count = draft.order.length;
  const number = index + 1;
  const full = photo.full;
  const altId = `alt-${photo.id}`;
  const nudge = (event: KeyboardEvent<HTMLElement>) => {
    const moved = nudgeFocal(focal, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    p.onFocal(photo.id, moved);
  };
  const typed = (axis: 'x' | 'y', value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return;
    p.onFocal(photo.id, { ...focal, [axis]: Math.min(100, Math.max(0, n)) / 100 });
  };
  const description = alt[p.altLanguage]?.trim() || t('photos.noAlt');
  return (
    <li className="card photo-card" aria-labelledby={`photo-title-${photo.id}`}>
      <h2 id={`photo-title-${photo.id}`}>
        {t('photos.photoN', { n: number, count })}
        {index === 0 ? <span className="tag">{t('photos.first')}</span> : null}
      </h2>
      <div className="photo-body">
        <div className="photo-focal">
          <p className="hint" id={`focal-hint-${photo.id}`}>
            {t('photos.focalHint')}
          </p>
          {full ? (
            <button
              type="button"
              className="focal-frame"
              id={`focal-${photo.id}`}
              aria-describedby={`focal-hint-${photo.id} focal-now-${photo.id}`}
              aria-label={t('photos.focalButton', { n: number })}
              onClick={(e) => p.onFocal(photo.id, pointOf(e))}
              onKeyDown={nudge}
            >
              <img src={full.url} width={full.width} height={full.height} alt="" loading="lazy" decoding="async" />
              <span className="focal-mark" aria-hidden="true" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} />
            </button>
          ) : null}
          <p className="hint" id={`focal-now-${photo.id}`}>
            {t('photos.focalNow', { x: percent(focal.x), y: percent(focal.y) })}
          </p>
          <div className="field-pair">
            <div className="field">
              <label htmlFor={`focal-x-${photo.id}`}>{t('photos.focalX')}</label>
              <input
                id={`focal-x-${photo.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={percent(focal.x)}
                onChange={(e) => typed('x', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`focal-y-${photo.id}`}>{t('photos.focalY')}</label>
              <input
                id={`focal-y-${photo.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={percent(focal.y)}
                onChange={(e) => typed('y', e.target.value)}
              />
            </div>
          </div>
        </div>
        <figure className="photo-shop">
          {full ? (
            <img
              className="shop-crop"
              src={full.url}
              width={4}
              height={3}
              loading="lazy"
              alt={t('photos.shopPreviewAlt', { text: description })}
              style={{ objectPosition: focalObjectPosition(full, PRODUCT_PHOTO_ASPECT, focal) }}
            />
          ) : (
            <img
              className="shop-crop"
              src={photo.preview_url}
              width={4}
              height={3}
              loading="lazy"
              alt={t('photos.shopPreviewAlt', { text: description })}
            />
          )}
          <figcaption className="hint">{t('photos.shopPreview')}</figcaption>
        </figure>
      </div>
      <TranslatedField
        id={altId}
        label={t('photos.alt')}
        hint={t('photos.altHint')}
        language={p.altLanguage}
        value={alt[p.altLanguage]}
        source={alt[SOURCE_LANGUAGE]}
        onChange={(text) => p.onAlt(photo.id, p.altLanguage, text)}
        error={p.errors[altId]}
        t={t}
      />
      <div className="photo-actions">
        <button
          type="button"
          className="secondary"
          id={`up-${photo.id}`}
          disabled={index === 0}
          aria-label={t('photos.moveUpN', { n: number })}
          onClick={() => p.onMove(photo.id, -1)}
        >
          {t('photos.moveUp')}
        </button>
        <button
          type="button"
          className="secondary"
          id={`down-${photo.id}`}
          disabled={index === count - 1}
          aria-label={t('photos.moveDownN', { n: number })}
          onClick={() => p.onMove(photo.id, 1)}
        >
          {t('photos.moveDown')}
        </button>
        <button
          type="button"
          className="secondary danger"
          disabled={p.removing === photo.id}
          aria-label={t('photos.removeN', { n: number })}
          onClick={() => p.onRemove(photo.id)}
        >
          {p.removing === photo.id ? t('photos.removing') : t('photos.remove')}
        </button>
      </div>
    </li>
  );
}

export function PhotosView(p: PhotosViewProps) {
  const { t, list, draft } = p;
  const byId = new Map(list.photos.map((ph) => [ph.id, ph]));
  const photos = draft.order.map((id) => byId.get(id)).filter((ph): ph is AdminPhoto => !!ph);
  // The alt texts as the kit's translations: one 'field' per photo, so the tabs mark a language missing
  // while any photo lacks its text, and the list before publishing names the photos.
  const values: Translations<string> = Object.fromEntries(
    (['hr', 'en', 'de', 'sl'] as const).map((l) => [l, Object.fromEntries(photos.map((ph) => [ph.id, draft.alt[ph.id]?.[l] ?? null]))]),
  );
  const required = photos.map((ph) => ph.id);
  const missing = (['hr', 'en', 'de', 'sl'] as const)
    .map((language) => ({ language, fields: required.filter((id) => !(values[language]?.[id] ?? '').trim()) }))
    .filter((m) => m.fields.length > 0);
  return (
    <>
      <p className="back">{p.backLink}</p>
      <h1>
        {t('photos.title')}: {list.name} <span className="mono">{list.code}</span>
      </h1>
      {p.tabs}
      <p className="hint">{t('photos.intro', { max: list.max_photos })}</p>
      {p.saved ? (
        <p role="status" className="notice">
          {t('photos.saved')}
        </p>
      ) : null}
      {p.problem ? (
        <div role="alert" className="problem">
          <p>{p.problem}</p>
        </div>
      ) : null}
      <section className="card" aria-labelledby="add-photos">
        <h2 id="add-photos">{t('photos.add')}</h2>
        {photos.length >= list.max_photos ? <p>{t('photos.full', { max: list.max_photos })}</p> : p.picker}
      </section>
      {photos.length === 0 ? (
        <p className="card">{t('photos.none')}</p>
      ) : (
        <form
          noValidate
          aria-label={t('photos.title')}
          onSubmit={(e) => e.preventDefault()}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            if (e.ctrlKey || e.metaKey) {
              e.preventDefault();
              p.onSave();
            } else if (e.target instanceof HTMLInputElement) e.preventDefault();
          }}
        >
          <LanguageTabs idPrefix="alt" active={p.altLanguage} onSelect={p.onAltLanguage} values={values} required={required} t={t}>
            <ol className="photo-list">
              {photos.map((photo, index) => (
                <PhotoCard key={photo.id} photo={photo} index={index} p={p} />
              ))}
            </ol>
          </LanguageTabs>
          {missing.length ? (
            <div className="missing-translations" role="note" aria-labelledby="missing-alt-title">
              <h3 id="missing-alt-title">{t('photos.missingTitle')}</h3>
              <ul>
                {missing.map((m) => (
                  <li key={m.language}>
                    <strong>{t(`kit.language.${m.language}`)}</strong>:{' '}
                    {m.fields.map((id) => t('photos.photoN', { n: draft.order.indexOf(id) + 1, count: photos.length })).join(', ')}
                  </li>
                ))}
              </ul>
              <p>{t('photos.missingEffect')}</p>
            </div>
          ) : null}
        </form>
      )}
      {p.history}
      <SaveBar count={p.changes} saving={p.saving} onSave={p.onSave} onDiscard={p.onDiscard} t={t} />
    </>
  );
}
