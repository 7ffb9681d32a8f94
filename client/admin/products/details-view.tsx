/**
 * The 'Details' and 'New product' screens (docs/admin.md 'Products and categories'), pure: the
 * texts in four languages (LanguageTabs, TranslatedField, the Croatian text beside), the slug (follows
 * the name until first published, then read-only with 'change the address'), the product's own
 * fields, nutrition per 100 g, what is missing before publishing, the state with publish / archive
 * switches and one save bar. State and handlers come in as props; the unit tests render it.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  CROATIAN_VAT_RATES,
  NUTRITION_FIELDS,
  PRODUCT_LINES,
  PRODUCT_PACKS,
  PRODUCT_TEXT_FIELDS,
  type AdminCategory,
  type AdminProductEditable,
  type ProductTextField,
} from '../../../contract/api/admin-products';
import type { Locale } from '../../../contract/locales';
import { publicPath } from '../../../contract/paths';
import { VAT_CLASSES } from '../../../contract/vat';
import type { AdminLanguage } from '../i18n';
import { formKeys, SaveBar } from '../kit/save-bar';
import { LanguageTabs, MissingTranslations, TranslatedField, missingTranslations, type Translations } from '../kit/translations';
import { fieldId, type DetailsValues, type Errors, type PlainField } from './details-form';

const MULTILINE: ReadonlySet<ProductTextField> = new Set(['description', 'ingredients', 'allergens', 'cooking_tips']);
const TEXT_FIELDS_SHOWN = PRODUCT_TEXT_FIELDS.filter((f) => f !== 'slug');

export interface DetailsViewProps {
  t: TFunction;
  language: AdminLanguage;
  /** null: a new product. */
  product: AdminProductEditable | null;
  categories: readonly AdminCategory[];
  values: DetailsValues;
  changes: number;
  errors: Errors;
  problems: readonly string[];
  notice: string | null;
  busy: boolean;
  canEdit: boolean;
  activeLanguage: Locale;
  onLanguage: (l: Locale) => void;
  onField: (field: PlainField, value: string) => void;
  onNutrition: (field: (typeof NUTRITION_FIELDS)[number], value: string) => void;
  onText: (locale: Locale, field: ProductTextField, value: string) => void;
  /** The slug of `locale` is being changed on purpose (a live product's address). */
  editingSlug: Locale | null;
  onEditSlug: (l: Locale | null) => void;
  onSave: () => void;
  onDiscard: () => void;
  onState: (action: 'publish' | 'unpublish' | 'archive' | 'unarchive') => void;
  backLink: ReactNode;
  tabs?: ReactNode;
  history?: ReactNode;
}

export function DetailsView(props: DetailsViewProps) {
  const { t, product, values, errors, activeLanguage: lang } = props;
  const isNew = product === null;
  const locked = product?.slugs_locked ?? false;
  const ro = !props.canEdit;
  const described = (name: string, hint?: boolean) =>
    [hint ? `${fieldId(name)}-hint` : null, errors[name] ? `${fieldId(name)}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const input = (name: PlainField, opts: { hint?: string; inputMode?: 'decimal' | 'numeric'; optional?: boolean } = {}) => (
    <div className={`field${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={fieldId(name)}>
        {t(`details.fields.${name}`)}
        {opts.optional ? <span className="optional"> {t('kit.optional')}</span> : null}
      </label>
      {opts.hint ? (
        <p id={`${fieldId(name)}-hint`} className="hint">
          {opts.hint}
        </p>
      ) : null}
      <input
        id={fieldId(name)}
        name={name}
        type="text"
        value={values[name]}
        inputMode={opts.inputMode}
        readOnly={ro}
        required={!opts.optional}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, !!opts.hint)}
        onChange={(e) => props.onField(name, e.currentTarget.value)}
      />
      {error(name)}
    </div>
  );
  const select = (name: PlainField, options: ReadonlyArray<{ value: string; label: string }>, hint?: string) => (
    <div className={`field${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={fieldId(name)}>{t(`details.fields.${name}`)}</label>
      {hint ? (
        <p id={`${fieldId(name)}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <select
        id={fieldId(name)}
        name={name}
        value={values[name]}
        disabled={ro}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, !!hint)}
        onChange={(e) => props.onField(name, e.currentTarget.value)}
      >
        {values[name] === '' ? <option value="">{t('details.choose')}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error(name)}
    </div>
  );

  const translations: Translations<ProductTextField> = values.texts;
  const missing = missingTranslations(translations, PRODUCT_TEXT_FIELDS);
  const slugName = `texts.${lang}.slug`;
  const slug = values.texts[lang].slug;
  const slugEditable = !ro && (!locked || props.editingSlug === lang);
  const address = slug ? publicPath('product', lang, { slug }) : null;
  const categoryName = (c: AdminCategory) => c.texts[props.language]?.name ?? c.texts.hr.name ?? c.code;
  const title = isNew ? t('details.newTitle') : (product.texts[props.language].name ?? product.texts.hr.name ?? product.code);

  return (
    <>
      <p className="back">{props.backLink}</p>
      <div className="screen-head">
        <h1>{title}</h1>
        {product ? <span className={`state state-${product.state}`}>{t(`details.states.${product.state}`)}</span> : null}
      </div>
      {props.tabs}
      {product ? <p className="hint">{t('details.code', { code: product.code })}</p> : null}
      {props.notice ? (
        <p role="status" className="notice" id="details-notice" tabIndex={-1}>
          {props.notice}
        </p>
      ) : null}
      {props.problems.length ? (
        <div role="alert" className="problem" id="details-problem" tabIndex={-1}>
          {props.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      {ro ? <p className="hint">{t('details.readOnly')}</p> : null}

      {product ? (
        <section className="card publish" aria-labelledby="publish-title">
          <h2 id="publish-title">{t('details.publishTitle')}</h2>
          <p>{t(`details.stateText.${product.state}`)}</p>
          <MissingTranslations missing={missing} fieldLabel={(f) => t(`details.fields.${f}`)} t={t} />
          {props.canEdit ? (
            <div className="switch">
              {product.archived_at ? (
                <button type="button" className="secondary" disabled={props.busy} onClick={() => props.onState('unarchive')}>
                  {t('details.unarchive')}
                </button>
              ) : (
                <>
                  {product.published ? (
                    <button type="button" className="secondary" disabled={props.busy} onClick={() => props.onState('unpublish')}>
                      {t('details.unpublish')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="primary"
                      disabled={props.busy || missing.length > 0 || props.changes > 0}
                      aria-describedby="publish-why"
                      onClick={() => props.onState('publish')}
                    >
                      {t('details.publish')}
                    </button>
                  )}
                  <button type="button" className="secondary" disabled={props.busy} onClick={() => props.onState('archive')}>
                    {t('details.archive')}
                  </button>
                </>
              )}
              {!product.published && !product.archived_at ? (
                <p className="hint" id="publish-why">
                  {props.changes > 0 ? t('details.saveFirst') : missing.length > 0 ? t('details.fillFirst') : t('details.publishHint')}
                </p>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      <form
        className="details-form"
        aria-labelledby="details-texts-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave();
        }}
        onKeyDown={(e) => formKeys(e, props.onSave)}
      >
        {isNew ? (
          <section className="card" aria-labelledby="details-new-title">
            <h2 id="details-new-title">{t('details.newPart')}</h2>
            {input('code', { hint: t('details.hints.code') })}
            {input('price', { hint: t('details.hints.price'), inputMode: 'decimal' })}
          </section>
        ) : null}

        <section className="card" aria-labelledby="details-texts-title">
          <h2 id="details-texts-title">{t('details.textsTitle')}</h2>
          <LanguageTabs
            idPrefix="details"
            active={lang}
            onSelect={props.onLanguage}
            values={translations}
            required={PRODUCT_TEXT_FIELDS}
            t={t}
          >
            {TEXT_FIELDS_SHOWN.slice(0, 1).map((f) => (
              <TranslatedField
                key={`${lang}-${f}`}
                id={fieldId(`texts.${lang}.${f}`)}
                label={t(`details.fields.${f}`)}
                language={lang}
                value={values.texts[lang][f]}
                source={values.texts.hr[f]}
                onChange={(text) => props.onText(lang, f, text)}
                required
                error={errors[`texts.${lang}.${f}`]}
                t={t}
              />
            ))}
            <div className={`field slug${errors[slugName] ? ' invalid' : ''}`}>
              <label htmlFor={fieldId(slugName)}>{t('details.fields.slug')}</label>
              <p className="hint" id={`${fieldId(slugName)}-hint`}>
                {locked ? (props.editingSlug === lang ? t('details.slugChangeHint') : t('details.slugLocked')) : t('details.slugFollows')}
                {address ? (
                  <>
                    {' '}
                    <span className="address">{address}</span>
                  </>
                ) : null}
              </p>
              <input
                id={fieldId(slugName)}
                name={slugName}
                type="text"
                lang="en"
                value={slug}
                readOnly={!slugEditable}
                autoComplete="off"
                aria-invalid={errors[slugName] ? true : undefined}
                aria-describedby={described(slugName, true)}
                onChange={(e) => props.onText(lang, 'slug', e.currentTarget.value)}
              />
              {locked && !ro && props.editingSlug !== lang ? (
                <button type="button" className="link-button" onClick={() => props.onEditSlug(lang)}>
                  {t('details.changeAddress')}
                </button>
              ) : null}
              {product && product.old_slugs.some((o) => o.locale === lang) ? (
                <p className="hint">
                  {t('details.oldSlugs', {
                    slugs: product.old_slugs
                      .filter((o) => o.locale === lang)
                      .map((o) => o.slug)
                      .join(', '),
                  })}
                </p>
              ) : null}
              {error(slugName)}
            </div>
            {TEXT_FIELDS_SHOWN.slice(1).map((f) => (
              <TranslatedField
                key={`${lang}-${f}`}
                id={fieldId(`texts.${lang}.${f}`)}
                label={t(`details.fields.${f}`)}
                language={lang}
                value={values.texts[lang][f]}
                source={values.texts.hr[f]}
                onChange={(text) => props.onText(lang, f, text)}
                multiline={MULTILINE.has(f)}
                required
                error={errors[`texts.${lang}.${f}`]}
                t={t}
              />
            ))}
          </LanguageTabs>
        </section>

        <section className="card" aria-labelledby="details-product-title">
          <h2 id="details-product-title">{t('details.productTitle')}</h2>
          <div className="field-pair">
            {select(
              'category',
              props.categories.map((c) => ({ value: c.code, label: categoryName(c) })),
            )}
            {select(
              'line',
              PRODUCT_LINES.map((l) => ({ value: l, label: t(`details.lines.${l}`) })),
            )}
          </div>
          <div className="field-pair">
            {select(
              'pack',
              PRODUCT_PACKS.map((p) => ({ value: p, label: t(`details.packs.${p}`) })),
            )}
            {input('pieces_per_carton', { inputMode: 'numeric', hint: t('details.hints.pieces_per_carton') })}
          </div>
          <div className="field-pair">
            {input('net_weight_grams', { inputMode: 'numeric' })}
            {input('shipping_weight_grams', { inputMode: 'numeric', hint: t('details.hints.shipping_weight_grams') })}
          </div>
          <div className="field-pair">
            {input('cooking_time_minutes', { inputMode: 'numeric' })}
            {input('related', { hint: t('details.hints.related'), optional: true })}
          </div>
        </section>

        <section className="card" aria-labelledby="details-tax-title">
          <h2 id="details-tax-title">{t('details.taxTitle')}</h2>
          <div className="field-pair">
            {select(
              'vat_rate',
              CROATIAN_VAT_RATES.map((r) => ({ value: String(r), label: `${r} %` })),
            )}
            {select(
              'vat_class',
              VAT_CLASSES.map((c) => ({ value: c, label: t(`details.vatClasses.${c}`) })),
              t('details.hints.vat_class'),
            )}
          </div>
          {input('kpd_code', { hint: t('details.hints.kpd_code') })}
        </section>

        <section className="card" aria-labelledby="details-nutrition-title">
          <h2 id="details-nutrition-title">{t('details.nutritionTitle')}</h2>
          <div className="nutrition-grid">
            {NUTRITION_FIELDS.map((f) => {
              const name = `nutrition.${f}`;
              return (
                <div key={f} className={`field${errors[name] ? ' invalid' : ''}`}>
                  <label htmlFor={fieldId(name)}>{t(`details.nutrition.${f}`)}</label>
                  <input
                    id={fieldId(name)}
                    name={name}
                    type="text"
                    inputMode="decimal"
                    value={values.nutrition[f]}
                    readOnly={ro}
                    required
                    autoComplete="off"
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={described(name)}
                    onChange={(e) => props.onNutrition(f, e.currentTarget.value)}
                  />
                  {error(name)}
                </div>
              );
            })}
          </div>
        </section>
        {props.canEdit ? (
          <SaveBar count={props.changes} saving={props.busy} onSave={props.onSave} onDiscard={props.onDiscard} t={t} />
        ) : null}
      </form>
      {props.history}
    </>
  );
}
