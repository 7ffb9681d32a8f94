/**
 * Four languages inside one form (docs/admin.md 'The form kit of the back office'): a tab per
 * language with a done/missing mark, the Croatian text beside the one being written, 'copy from hr',
 * and the list of what is missing before publishing. A missing translation stays missing: an empty or
 * blank field is sent as null (never an empty string), and the shop then does not show that language.
 */
import type { TFunction } from 'i18next';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LOCALES, type Locale } from '../../../contract/locales';

/** The content's languages, Croatian (the source every other is written from) first. */
export const CONTENT_LANGUAGES: readonly Locale[] = LOCALES;
export type ContentLanguage = Locale;
export const SOURCE_LANGUAGE: ContentLanguage = 'hr';

/** One record's translatable texts: per language, per field, the text (null or absent: missing). */
export type Translations<F extends string> = Partial<Record<ContentLanguage, Partial<Record<F, string | null>>>>;

/** A typed text as it is stored: blank is missing (null), anything else as typed. */
export function textOrMissing(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** The required fields of `language` that have no text. */
export function missingFields<F extends string>(values: Translations<F>, language: ContentLanguage, required: readonly F[]): F[] {
  const texts: Partial<Record<F, string | null>> = values[language] ?? {};
  return required.filter((f) => {
    const text = texts[f];
    return text == null || text.trim() === '';
  });
}

/** Every language with something missing, in the tabs' order (what the list before publishing shows). */
export function missingTranslations<F extends string>(
  values: Translations<F>,
  required: readonly F[],
): Array<{ language: ContentLanguage; fields: F[] }> {
  return CONTENT_LANGUAGES.map((language) => ({ language, fields: missingFields(values, language, required) })).filter(
    (m) => m.fields.length > 0,
  );
}

const tabId = (prefix: string, language: ContentLanguage) => `${prefix}-tab-${language}`;
const panelId = (prefix: string, language: ContentLanguage) => `${prefix}-panel-${language}`;

/**
 * The language tabs (WAI-ARIA tabs: arrow keys, Home and End move between them) and the active
 * language's panel. Each tab says in words whether its language is complete (not by colour alone).
 */
export function LanguageTabs<F extends string>({
  idPrefix,
  active,
  onSelect,
  values,
  required,
  t,
  children,
}: {
  idPrefix: string;
  active: ContentLanguage;
  onSelect: (language: ContentLanguage) => void;
  values: Translations<F>;
  required: readonly F[];
  t: TFunction;
  children: ReactNode;
}) {
  const tabs = useRef<Partial<Record<ContentLanguage, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = CONTENT_LANGUAGES.indexOf(active);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % CONTENT_LANGUAGES.length
        : event.key === 'ArrowLeft'
          ? (at + CONTENT_LANGUAGES.length - 1) % CONTENT_LANGUAGES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? CONTENT_LANGUAGES.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    const language = CONTENT_LANGUAGES[to]!;
    onSelect(language);
    tabs.current[language]?.focus();
  };
  return (
    <div className="language-tabs">
      <div role="tablist" aria-label={t('kit.languages')}>
        {CONTENT_LANGUAGES.map((language) => {
          const done = missingFields(values, language, required).length === 0;
          return (
            <button
              key={language}
              ref={(el) => {
                tabs.current[language] = el;
              }}
              type="button"
              role="tab"
              id={tabId(idPrefix, language)}
              aria-selected={language === active}
              aria-controls={panelId(idPrefix, language)}
              tabIndex={language === active ? 0 : -1}
              className={done ? 'tab done' : 'tab missing'}
              onClick={() => onSelect(language)}
              onKeyDown={move}
            >
              {t(`kit.language.${language}`)}
              <span className="tab-mark">{done ? t('kit.done') : t('kit.missing')}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(idPrefix, active)} aria-labelledby={tabId(idPrefix, active)}>
        {children}
      </div>
    </div>
  );
}

/**
 * One translatable field in the active language: the Croatian text beside it (when writing another
 * language) and 'copy from hr'. `value` null shows an empty control; what the person types goes back
 * through `onChange` as typed (store it with `textOrMissing`).
 */
export function TranslatedField({
  id,
  label,
  language,
  value,
  source,
  onChange,
  multiline = false,
  required = false,
  hint,
  error,
  t,
}: {
  id: string;
  label: string;
  language: ContentLanguage;
  value: string | null | undefined;
  /** The Croatian text of the same field. */
  source: string | null | undefined;
  onChange: (text: string) => void;
  multiline?: boolean;
  required?: boolean;
  hint?: string;
  error?: string;
  t: TFunction;
}) {
  const described = [hint ? `${id}-hint` : null, language !== SOURCE_LANGUAGE ? `${id}-source` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const control = {
    id,
    name: id,
    value: value ?? '',
    lang: language,
    'aria-describedby': described || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={error ? 'field translated invalid' : 'field translated'}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="optional"> {t('kit.optional')}</span>}
      </label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...control} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...control} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {language !== SOURCE_LANGUAGE ? (
        <div className="source-text" id={`${id}-source`}>
          <p>
            <span className="source-label">{t('kit.sourceText')}</span>{' '}
            <span lang={SOURCE_LANGUAGE}>{source?.trim() ? source : t('kit.sourceMissing')}</span>
          </p>
          {source?.trim() ? (
            <button type="button" className="link-button" onClick={() => onChange(source)}>
              {t('kit.copyFromHr', { field: label })}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What is missing, per language, shown before publishing (nothing when every language is complete). */
export function MissingTranslations<F extends string>({
  missing,
  fieldLabel,
  t,
}: {
  missing: Array<{ language: ContentLanguage; fields: F[] }>;
  fieldLabel: (field: F) => string;
  t: TFunction;
}) {
  if (missing.length === 0) return null;
  return (
    <div className="missing-translations" role="note" aria-labelledby="missing-translations-title">
      <h3 id="missing-translations-title">{t('kit.missingTitle')}</h3>
      <ul>
        {missing.map((m) => (
          <li key={m.language}>
            <strong>{t(`kit.language.${m.language}`)}</strong>: {m.fields.map(fieldLabel).join(', ')}
          </li>
        ))}
      </ul>
      <p>{t('kit.missingEffect')}</p>
    </div>
  );
}
