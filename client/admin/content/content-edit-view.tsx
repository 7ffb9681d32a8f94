/**
 * The content editor (docs/admin.md 'Content in the back office'): what is the same in every language
 * (the picture, numbers, dates, codes) once, then the words in four language tabs with the Croatian
 * text beside, 'copy from hr', the list of what is missing before publishing, publishing per language,
 * the preview of the shop's real page, one save bar. Pure: state and handlers come in as props; the unit
 * tests render it as the browser does.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CONTENT_TYPE_SPECS, NUTRITION_FIELDS, type AdminContentImage, type ContentFieldSpec } from '../../../contract/api/admin-content';
import type { AdminEntryDetail, AdminTranslationView, ContentType } from '../../../contract/api/content';
import type { Locale } from '../../../contract/locales';
import { LanguageTabs, MissingTranslations, missingTranslations, SOURCE_LANGUAGE, TranslatedField } from '../kit/translations';
import { formKeys, SaveBar } from '../kit/save-bar';
import { REQUIRED_TEXTS, tabValues, type ContentValues, type FieldValue, type Ingredient, type LanguageValues } from './content-form';
import { IngredientsEditor, TextListEditor } from './list-editors';

export interface ContentEditViewProps {
  t: TFunction;
  type: ContentType;
  /** null: a new entry. */
  entry: AdminEntryDetail | null;
  values: ContentValues;
  changedCount: number;
  /** Messages by the API's field path ('shared.servings', 'translations.en.steps.1'). */
  errors: Record<string, string>;
  formErrors: readonly string[];
  notice: string | null;
  busy: boolean;
  active: Locale;
  images: readonly AdminContentImage[];
  onSelect: (locale: Locale) => void;
  onShared: (name: string, value: FieldValue) => void;
  onImage: (path: string) => void;
  onPosition: (text: string) => void;
  onLanguage: (locale: Locale, update: (lang: LanguageValues) => LanguageValues) => void;
  onSave: () => void;
  onDiscard: () => void;
  onPreview: () => void;
  /** The last preview's link (also when the browser kept the new tab from opening). */
  previewUrl?: string | null;
  onPublish: (locale: Locale, publish: boolean) => void;
  backLink: ReactNode;
  history?: ReactNode;
}

/** The translation's state in words: published, waiting for its date, draft, not written yet. */
export function languageState(t: TFunction, view: AdminTranslationView | undefined, entry: AdminEntryDetail | null): string {
  if (!view) return t('content.state.none');
  if (view.status === 'removed') return t('content.state.removed');
  if (view.status === 'draft') return t('content.state.draft');
  if (entry?.status === 'unpublished') return t('content.state.entryOff');
  if (!view.visible) return t('content.state.scheduled', { when: new Date(view.published_at).toLocaleString() });
  return t('content.state.published');
}

function SharedField({
  spec,
  value,
  error,
  onChange,
  t,
}: {
  spec: ContentFieldSpec;
  value: FieldValue;
  error: (path: string) => string | undefined;
  onChange: (value: FieldValue) => void;
  t: TFunction;
}) {
  const id = `content-shared-${spec.name}`;
  const label = t(`content.fields.${spec.name}`);
  const optional = spec.required ? null : <span className="optional"> {t('kit.optional')}</span>;
  if (spec.kind === 'nutrition') {
    const v = value as Record<string, string>;
    return (
      <fieldset className="nutrition">
        <legend id={id} tabIndex={-1}>
          {label}
        </legend>
        {NUTRITION_FIELDS.map((n) => {
          const e = error(`shared.${spec.name}.${n}`);
          return (
            <div key={n} className={e ? 'field invalid' : 'field'}>
              <label htmlFor={`${id}-${n}`}>{t(`content.nutrition.${n}`)}</label>
              <input
                id={`${id}-${n}`}
                type="text"
                inputMode="decimal"
                value={v[n] ?? ''}
                onChange={(ev) => onChange({ ...v, [n]: ev.target.value })}
                aria-invalid={e ? true : undefined}
                aria-describedby={e ? `${id}-${n}-error` : undefined}
              />
              {e ? (
                <p className="field-error" id={`${id}-${n}-error`}>
                  {e}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
    );
  }
  const e = error(`shared.${spec.name}`);
  const hint = ['keys', 'codes'].includes(spec.kind) ? t(`content.hints.${spec.kind}`) : null;
  const described = [hint ? `${id}-hint` : null, e ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: spec.name,
    'aria-invalid': e ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={e ? 'field invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional}
      </label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {spec.kind === 'choice' ? (
        <select {...common} value={value as string} onChange={(ev) => onChange(ev.target.value)}>
          <option value="">{t('content.choose')}</option>
          {spec.choices!.map((c) => (
            <option key={c} value={c}>
              {t(`content.choices.${spec.name}.${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={spec.kind === 'date' ? 'date' : 'text'}
          inputMode={['whole', 'year'].includes(spec.kind) ? 'numeric' : ['decimal', 'eur'].includes(spec.kind) ? 'decimal' : undefined}
          className={['codes', 'keys', 'key'].includes(spec.kind) ? 'mono' : undefined}
          value={value as string}
          onChange={(ev) => onChange(ev.target.value)}
        />
      )}
      {e ? (
        <p className="field-error" id={`${id}-error`}>
          {e}
        </p>
      ) : null}
    </div>
  );
}

function LanguagePanel(props: ContentEditViewProps & { locale: Locale }) {
  const { t, type, entry, values, locale, errors } = props;
  const spec = CONTENT_TYPE_SPECS[type];
  const lang = values.languages[locale];
  const source = values.languages[SOURCE_LANGUAGE];
  const view = entry?.translations.find((tr) => tr.locale === locale);
  const err = (path: string) => errors[`translations.${locale}.${path}`];
  const update = (fn: (l: LanguageValues) => LanguageValues) => props.onLanguage(locale, fn);
  const common = (k: keyof LanguageValues['common'], text: string) => update((l) => ({ ...l, common: { ...l.common, [k]: text } }));
  const texts = (name: string, value: FieldValue) => update((l) => ({ ...l, texts: { ...l.texts, [name]: value } }));
  const field = (k: 'title' | 'summary' | 'seo_title' | 'seo_description' | 'image_alt' | 'body_markdown', opts: { multiline?: boolean; required?: boolean; hint?: string } = {}) => (
    <TranslatedField
      id={`content-${locale}-${k}`}
      label={t(`content.fields.${k}`)}
      language={locale}
      value={lang?.common[k] ?? ''}
      source={source?.common[k]}
      onChange={(text) => (k === 'title' ? props.onLanguage(locale, (l) => ({ ...l, common: { ...l.common, title: text } })) : common(k, text))}
      multiline={opts.multiline ?? false}
      required={opts.required ?? false}
      {...(opts.hint ? { hint: opts.hint } : {})}
      {...(err(k) ? { error: err(k)! } : {})}
      t={t}
    />
  );
  const slugId = `content-${locale}-slug`;
  const dateId = `content-${locale}-published_at`;
  return (
    <div className="language-panel">
      <div className="language-state">
        <p>
          <strong>{t('content.state.label')}</strong> {languageState(t, view, entry)}
        </p>
        {entry && view && view.status !== 'removed' ? (
          <button
            type="button"
            onClick={() => props.onPublish(locale, view.status !== 'published')}
            disabled={props.busy || props.changedCount > 0}
            aria-describedby={props.changedCount > 0 ? 'content-save-first' : undefined}
          >
            {view.status === 'published'
              ? t('content.unpublishIn', { language: t(`kit.language.${locale}`) })
              : t('content.publishIn', { language: t(`kit.language.${locale}`) })}
          </button>
        ) : null}
        {entry ? (
          <button type="button" className="secondary" onClick={props.onPreview} disabled={props.busy}>
            {t('content.preview')}
          </button>
        ) : null}
      </div>
      {props.changedCount > 0 && entry ? (
        <p className="hint" id="content-save-first">
          {t('content.saveFirst')}
        </p>
      ) : null}
      {field('title', { required: true })}
      {spec.page ? (
        <div className={err('slug') ? 'field invalid' : 'field'}>
          <label htmlFor={slugId}>{t('content.fields.slug')}</label>
          <p className="hint" id={`${slugId}-hint`}>
            {view?.slug_locked ? t('content.hints.slugLocked') : t('content.hints.slug')}
          </p>
          <input
            id={slugId}
            type="text"
            className="mono"
            value={lang?.common.slug ?? ''}
            readOnly={view?.slug_locked ?? false}
            onChange={(e) => update((l) => ({ ...l, slugTouched: true, common: { ...l.common, slug: e.target.value } }))}
            aria-invalid={err('slug') ? true : undefined}
            aria-describedby={[`${slugId}-hint`, err('slug') ? `${slugId}-error` : null].filter(Boolean).join(' ')}
          />
          {err('slug') ? (
            <p className="field-error" id={`${slugId}-error`}>
              {err('slug')}
            </p>
          ) : null}
        </div>
      ) : null}
      {field('summary', { multiline: true, required: true, hint: t('content.hints.summary') })}
      {spec.texts.map((f) => {
        const value = lang?.texts[f.name];
        const id = `content-${locale}-${f.name}`;
        const label = t(`content.fields.${f.name}`);
        if (f.kind === 'list')
          return (
            <TextListEditor
              key={f.name}
              id={id}
              label={label}
              itemLabel={t(`content.items.${f.name}`)}
              values={(value as string[] | undefined) ?? ['']}
              source={locale !== SOURCE_LANGUAGE ? (source?.texts[f.name] as string[] | undefined) : undefined}
              onChange={(v) => texts(f.name, v)}
              error={err(f.name)}
              errors={(i) => err(`${f.name}.${i}`)}
              t={t}
              lang={locale}
            />
          );
        if (f.kind === 'ingredients')
          return (
            <IngredientsEditor
              key={f.name}
              id={id}
              values={(value as Ingredient[] | undefined) ?? []}
              onChange={(v) => texts(f.name, v)}
              error={err(f.name)}
              errors={(i, part) => err(part ? `${f.name}.${i}.${part}` : `${f.name}.${i}`)}
              t={t}
              lang={locale}
            />
          );
        if (f.kind === 'book') {
          const b = (value as Record<string, string> | undefined) ?? { title: '', pages: '', year: '' };
          return (
            <fieldset key={f.name} className="book">
              <legend id={id} tabIndex={-1}>
                {label} <span className="optional">{t('kit.optional')}</span>
              </legend>
              {(['title', 'pages', 'year'] as const).map((part) => (
                <div key={part} className={err(`${f.name}.${part}`) ? 'field invalid' : 'field'}>
                  <label htmlFor={`${id}-${part}`}>{t(`content.book.${part}`)}</label>
                  <input
                    id={`${id}-${part}`}
                    type="text"
                    inputMode={part === 'title' ? undefined : 'numeric'}
                    value={b[part] ?? ''}
                    onChange={(e) => texts(f.name, { ...b, [part]: e.target.value })}
                  />
                </div>
              ))}
            </fieldset>
          );
        }
        return (
          <TranslatedField
            key={f.name}
            id={id}
            label={label}
            language={locale}
            value={(value as string | undefined) ?? ''}
            source={source?.texts[f.name] as string | undefined}
            onChange={(text) => texts(f.name, text)}
            multiline={f.kind === 'longtext' || f.kind === 'markdown'}
            required={f.required}
            {...(f.kind === 'markdown' ? { hint: t('content.hints.markdown') } : f.kind === 'video' ? { hint: t('content.hints.video') } : {})}
            {...(err(f.name) ? { error: err(f.name)! } : {})}
            t={t}
          />
        );
      })}
      {spec.body !== 'none' ? field('body_markdown', { multiline: true, required: spec.body === 'required', hint: t('content.hints.markdown') }) : null}
      {field('image_alt', { hint: t('content.hints.imageAlt'), required: spec.image === 'required' })}
      <div className={err('published_at') ? 'field invalid' : 'field'}>
        <label htmlFor={dateId}>
          {t('content.fields.published_at')}
          {spec.dated ? null : <span className="optional"> {t('kit.optional')}</span>}
        </label>
        <p className="hint" id={`${dateId}-hint`}>
          {t('content.hints.publishedAt')}
        </p>
        <input
          id={dateId}
          type="datetime-local"
          value={lang?.common.published_at ?? ''}
          onChange={(e) => common('published_at', e.target.value)}
          aria-invalid={err('published_at') ? true : undefined}
          aria-describedby={[`${dateId}-hint`, err('published_at') ? `${dateId}-error` : null].filter(Boolean).join(' ')}
        />
        {err('published_at') ? (
          <p className="field-error" id={`${dateId}-error`}>
            {err('published_at')}
          </p>
        ) : null}
      </div>
      <details className="seo">
        <summary>{t('content.seo')}</summary>
        {field('seo_title', { hint: t('content.hints.seoTitle') })}
        {field('seo_description', { multiline: true, hint: t('content.hints.seoDescription') })}
      </details>
    </div>
  );
}

export function ContentEditView(props: ContentEditViewProps) {
  const { t, type, entry, values, errors } = props;
  const spec = CONTENT_TYPE_SPECS[type];
  const title = entry
    ? (entry.translations.find((tr) => tr.locale === 'hr')?.title ?? entry.translations[0]?.title ?? entry.key)
    : t('content.newTitle', { type: t(`content.types.${type}`) });
  const imageError = errors['shared.image'];
  const chosen = props.images.find((i) => i.path === values.image);
  const missing = missingTranslations(tabValues(values), REQUIRED_TEXTS);
  return (
    <>
      <div className="screen-head">
        <h1>{title}</h1>
        {props.backLink}
      </div>
      <p className="hint">
        {t(`content.types.${type}`)}
        {entry ? <span className="mono"> · {entry.key}</span> : null}
      </p>
      {props.notice ? (
        <p role="status" id="content-notice" tabIndex={-1} className="notice">
          {props.notice}
          {props.previewUrl ? (
            <>
              {' '}
              <a href={props.previewUrl} target="_blank" rel="noopener">
                {t('content.previewLink')}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {props.formErrors.length ? (
        <div role="alert" id="content-form-error" tabIndex={-1} className="problem">
          {props.formErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <form
        className="content-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave();
        }}
        onKeyDown={(e) => formKeys(e, props.onSave)}
      >
        <section aria-labelledby="content-shared-title" className="panel">
          <h2 id="content-shared-title">{t('content.sharedTitle')}</h2>
          <p className="hint">{t('content.sharedHint')}</p>
          <div className={imageError ? 'field invalid' : 'field'}>
            <label htmlFor="content-shared-image">
              {t('content.fields.image')}
              {spec.image === 'required' ? null : <span className="optional"> {t('kit.optional')}</span>}
            </label>
            <p className="hint" id="content-shared-image-hint">
              {t('content.hints.image')}
            </p>
            <select
              id="content-shared-image"
              value={values.image}
              onChange={(e) => props.onImage(e.target.value)}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={['content-shared-image-hint', imageError ? 'content-shared-image-error' : null].filter(Boolean).join(' ')}
            >
              <option value="">{t('content.noImage')}</option>
              {props.images.map((i) => (
                <option key={i.path} value={i.path}>
                  {i.path}
                </option>
              ))}
            </select>
            {chosen ? <img className="content-picture" src={chosen.url} width={chosen.width} height={chosen.height} alt="" /> : null}
            {imageError ? (
              <p className="field-error" id="content-shared-image-error">
                {imageError}
              </p>
            ) : null}
          </div>
          {spec.shared.map((f) => (
            <SharedField
              key={f.name}
              spec={f}
              value={values.shared[f.name]!}
              error={(path) => errors[path]}
              onChange={(v) => props.onShared(f.name, v)}
              t={t}
            />
          ))}
          <div className={errors['shared.position'] ? 'field invalid' : 'field'}>
            <label htmlFor="content-shared-position">
              {t('content.fields.position')}
              <span className="optional"> {t('kit.optional')}</span>
            </label>
            <input
              id="content-shared-position"
              type="text"
              inputMode="numeric"
              value={values.position}
              onChange={(e) => props.onPosition(e.target.value)}
              aria-invalid={errors['shared.position'] ? true : undefined}
            />
          </div>
        </section>
        <section aria-labelledby="content-texts-title" className="panel">
          <h2 id="content-texts-title">{t('content.textsTitle')}</h2>
          <LanguageTabs
            idPrefix="content"
            active={props.active}
            onSelect={props.onSelect}
            values={tabValues(values)}
            required={REQUIRED_TEXTS}
            t={t}
          >
            <LanguagePanel {...props} locale={props.active} />
          </LanguageTabs>
          <MissingTranslations missing={missing} fieldLabel={(f) => t(`content.fields.${f}`)} t={t} />
        </section>
      </form>
      <SaveBar count={props.changedCount} saving={props.busy} onSave={props.onSave} onDiscard={props.onDiscard} t={t} />
      {props.history}
    </>
  );
}
