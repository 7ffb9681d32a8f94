/**
 * `/admin/categories` (docs/admin.md 'Products and categories'), pure: the categories in the shop's
 * order with 'move up' / 'move down' buttons (keyboard: they are buttons; the focus stays on the
 * moved category's button), and one form for a new category or the chosen one: a name per language,
 * the slug following the name for a new category and locked for an existing one ('change the address').
 */
import type { TFunction } from 'i18next';
import type { AdminCategory } from '../../../contract/api/admin-products';
import { LOCALES, type Locale } from '../../../contract/locales';
import { publicPath } from '../../../contract/paths';
import { slugify } from '../../../contract/slug';
import type { AdminLanguage } from '../i18n';
import { formKeys, SaveBar } from '../kit/save-bar';

export interface CategoryValues {
  code: string;
  texts: Record<Locale, { name: string; slug: string }>;
}

export function emptyCategory(): CategoryValues {
  return { code: '', texts: Object.fromEntries(LOCALES.map((l) => [l, { name: '', slug: '' }])) as CategoryValues['texts'] };
}

export function categoryValues(c: AdminCategory): CategoryValues {
  return {
    code: c.code,
    texts: Object.fromEntries(
      LOCALES.map((l) => [l, { name: c.texts[l].name ?? '', slug: c.texts[l].slug ?? '' }]),
    ) as CategoryValues['texts'],
  };
}

/** A typed name: a new category's slug follows it (unless the slug was written by hand). */
export function typeName(v: CategoryValues, l: Locale, name: string, isNew: boolean): CategoryValues {
  const before = v.texts[l];
  const follows = isNew && (before.slug === '' || before.slug === slugify(before.name));
  return { ...v, texts: { ...v.texts, [l]: { name, slug: follows ? slugify(name) : before.slug } } };
}

/** Field names that differ (`code`, `texts.en.name`, ...). */
export function categoryChanges(a: CategoryValues, b: CategoryValues): string[] {
  const out: string[] = [];
  if (a.code.trim() !== b.code.trim()) out.push('code');
  for (const l of LOCALES)
    for (const f of ['name', 'slug'] as const) if (a.texts[l][f].trim() !== b.texts[l][f].trim()) out.push(`texts.${l}.${f}`);
  return out;
}

export const categoryFieldId = (name: string) => `category-${name.replace(/\./g, '-')}`;

export interface CategoriesViewProps {
  t: TFunction;
  language: AdminLanguage;
  categories: readonly AdminCategory[];
  canEdit: boolean;
  /** The category being edited (null: the new-category form). */
  editing: AdminCategory | null;
  values: CategoryValues;
  changes: number;
  errors: Record<string, string>;
  problems: readonly string[];
  notice: string | null;
  busy: boolean;
  editingSlug: Locale | null;
  onMove: (code: string, direction: 'up' | 'down') => void;
  onEdit: (code: string | null) => void;
  onCode: (code: string) => void;
  onName: (l: Locale, name: string) => void;
  onSlug: (l: Locale, slug: string) => void;
  onEditSlug: (l: Locale) => void;
  onSave: () => void;
  onDiscard: () => void;
}

export function CategoriesView(p: CategoriesViewProps) {
  const { t, values, errors } = p;
  const nameOf = (c: AdminCategory) => c.texts[p.language]?.name ?? c.texts.hr.name ?? c.code;
  const isNew = p.editing === null;
  const described = (name: string, hint?: boolean) =>
    [hint ? `${categoryFieldId(name)}-hint` : null, errors[name] ? `${categoryFieldId(name)}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${categoryFieldId(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
      <h1>{t('categories.title')}</h1>
      <p className="hint">{t('categories.intro')}</p>
      {p.notice ? (
        <p role="status" className="notice" id="categories-notice" tabIndex={-1}>
          {p.notice}
        </p>
      ) : null}
      {p.problems.length ? (
        <div role="alert" className="problem" id="categories-problem" tabIndex={-1}>
          {p.problems.map((x) => (
            <p key={x}>{x}</p>
          ))}
        </div>
      ) : null}
      <ol className="category-order card">
        {p.categories.map((c, i) => (
          <li key={c.code}>
            <span className="category-name">
              <strong>{nameOf(c)}</strong> <span className="mono">{c.code}</span>
              <span className="hint"> {t('categories.count', { count: c.product_count })}</span>
            </span>
            {p.canEdit ? (
              <span className="category-actions">
                <button
                  type="button"
                  id={`move-up-${c.code}`}
                  disabled={p.busy || i === 0}
                  aria-label={t('categories.moveUp', { name: nameOf(c) })}
                  onClick={() => p.onMove(c.code, 'up')}
                >
                  ↑ <span aria-hidden="true">{t('categories.up')}</span>
                </button>
                <button
                  type="button"
                  id={`move-down-${c.code}`}
                  disabled={p.busy || i === p.categories.length - 1}
                  aria-label={t('categories.moveDown', { name: nameOf(c) })}
                  onClick={() => p.onMove(c.code, 'down')}
                >
                  ↓ <span aria-hidden="true">{t('categories.down')}</span>
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-pressed={p.editing?.code === c.code}
                  aria-label={t('categories.editOne', { name: nameOf(c) })}
                  onClick={() => p.onEdit(c.code)}
                >
                  {t('categories.edit')}
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {p.canEdit ? (
        <form
          className="card category-form"
          aria-labelledby="category-form-title"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            p.onSave();
          }}
          onKeyDown={(e) => formKeys(e, p.onSave)}
        >
          <h2 id="category-form-title">
            {p.editing === null ? t('categories.newTitle') : t('categories.editTitle', { name: nameOf(p.editing) })}
          </h2>
          {!isNew ? (
            <button type="button" className="link-button" onClick={() => p.onEdit(null)}>
              {t('categories.newInstead')}
            </button>
          ) : null}
          {isNew ? (
            <div className={`field${errors.code ? ' invalid' : ''}`}>
              <label htmlFor={categoryFieldId('code')}>{t('categories.code')}</label>
              <p className="hint" id={`${categoryFieldId('code')}-hint`}>
                {t('categories.codeHint')}
              </p>
              <input
                id={categoryFieldId('code')}
                value={values.code}
                autoComplete="off"
                required
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={described('code', true)}
                onChange={(e) => p.onCode(e.currentTarget.value)}
              />
              {error('code')}
            </div>
          ) : null}
          {LOCALES.map((l) => {
            const name = `texts.${l}.name`;
            const slug = `texts.${l}.slug`;
            const slugLocked = !isNew && p.editingSlug !== l;
            return (
              <fieldset key={l} className="category-language">
                <legend>{t(`kit.language.${l}`)}</legend>
                <div className={`field${errors[name] ? ' invalid' : ''}`}>
                  <label htmlFor={categoryFieldId(name)}>{t('categories.name')}</label>
                  <input
                    id={categoryFieldId(name)}
                    lang={l}
                    value={values.texts[l].name}
                    required
                    autoComplete="off"
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={described(name)}
                    onChange={(e) => p.onName(l, e.currentTarget.value)}
                  />
                  {error(name)}
                </div>
                <div className={`field${errors[slug] ? ' invalid' : ''}`}>
                  <label htmlFor={categoryFieldId(slug)}>{t('details.fields.slug')}</label>
                  <p className="hint" id={`${categoryFieldId(slug)}-hint`}>
                    {isNew ? t('categories.slugFollows') : slugLocked ? t('categories.slugLocked') : t('categories.slugChangeHint')}{' '}
                    {values.texts[l].slug ? (
                      <span className="address">{`${publicPath('products', l)}?category=${values.texts[l].slug}`}</span>
                    ) : null}
                  </p>
                  <input
                    id={categoryFieldId(slug)}
                    lang="en"
                    value={values.texts[l].slug}
                    readOnly={slugLocked}
                    autoComplete="off"
                    aria-invalid={errors[slug] ? true : undefined}
                    aria-describedby={described(slug, true)}
                    onChange={(e) => p.onSlug(l, e.currentTarget.value)}
                  />
                  {slugLocked ? (
                    <button type="button" className="link-button" onClick={() => p.onEditSlug(l)}>
                      {t('details.changeAddress')}
                    </button>
                  ) : null}
                  {error(slug)}
                </div>
              </fieldset>
            );
          })}
          <SaveBar count={p.changes} saving={p.busy} onSave={p.onSave} onDiscard={p.onDiscard} t={t} />
        </form>
      ) : null}
    </>
  );
}
