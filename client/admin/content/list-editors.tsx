/**
 * Structured editors for the lists of an entry (a recipe's steps and ingredients, an EU project's
 * objectives): one row per item with its own labelled inputs, and buttons to move it up or down, remove
 * it and add one after the last; every button is a 44 px target and works by keyboard and by touch
 * (no dragging needed). After a move, the focus follows the moved item. Pure: values in, changes out.
 */
import type { TFunction } from 'i18next';
import type { Ingredient } from './content-form';

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const focusSoon = (id: string) => {
  if (typeof window !== 'undefined') window.requestAnimationFrame(() => document.getElementById(id)?.focus());
};

function RowButtons({
  t,
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  t: TFunction;
  index: number;
  count: number;
  label: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <span className="row-buttons">
      <button type="button" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t('content.list.up', { item: label })}>
        ↑
      </button>
      <button type="button" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={t('content.list.down', { item: label })}>
        ↓
      </button>
      <button type="button" onClick={onRemove} disabled={count === 1} aria-label={t('content.list.remove', { item: label })}>
        ✕
      </button>
    </span>
  );
}

/** A list of texts (steps, objectives, results): numbered rows. */
export function TextListEditor({
  id,
  label,
  itemLabel,
  values,
  source,
  onChange,
  error,
  errors,
  t,
  lang,
}: {
  id: string;
  label: string;
  /** 'Step', 'Objective': each row's label with its number. */
  itemLabel: string;
  values: string[];
  /** The Croatian list, shown beside when writing another language. */
  source?: string[] | undefined;
  onChange: (values: string[]) => void;
  error?: string | undefined;
  errors: (index: number) => string | undefined;
  t: TFunction;
  lang: string;
}) {
  const set = (i: number, text: string) => onChange(values.map((v, j) => (j === i ? text : v)));
  return (
    <fieldset className={error ? 'list-editor invalid' : 'list-editor'} aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={id} tabIndex={-1}>
        {label}
      </legend>
      <ol>
        {values.map((v, i) => {
          const rowId = `${id}-${i}`;
          const rowError = errors(i);
          const name = `${itemLabel} ${i + 1}`;
          return (
            <li key={i} className={rowError ? 'invalid' : undefined}>
              <label htmlFor={rowId}>{name}</label>
              <div className="row">
                <textarea
                  id={rowId}
                  lang={lang}
                  rows={2}
                  value={v}
                  onChange={(e) => set(i, e.target.value)}
                  aria-invalid={rowError ? true : undefined}
                  aria-describedby={[rowError ? `${rowId}-error` : null, source?.[i] ? `${rowId}-source` : null].filter(Boolean).join(' ') || undefined}
                />
                <RowButtons
                  t={t}
                  index={i}
                  count={values.length}
                  label={name}
                  onMove={(to) => {
                    onChange(move(values, i, to));
                    focusSoon(`${id}-${to}`);
                  }}
                  onRemove={() => {
                    onChange(values.filter((_, j) => j !== i));
                    focusSoon(`${id}-${Math.max(0, i - 1)}`);
                  }}
                />
              </div>
              {source?.[i] ? (
                <p className="source-text" id={`${rowId}-source`}>
                  <span className="source-label">{t('kit.sourceText')}</span> <span lang="hr">{source[i]}</span>
                </p>
              ) : null}
              {rowError ? (
                <p className="field-error" id={`${rowId}-error`}>
                  {rowError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => {
          onChange([...values, '']);
          focusSoon(`${id}-${values.length}`);
        }}
      >
        {t('content.list.add', { item: itemLabel })}
      </button>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A recipe's ingredients: amount as written ('400 g'), what, and optionally the catalogue code. */
export function IngredientsEditor({
  id,
  values,
  onChange,
  error,
  errors,
  t,
  lang,
}: {
  id: string;
  values: Ingredient[];
  onChange: (values: Ingredient[]) => void;
  error?: string | undefined;
  errors: (index: number, part?: keyof Ingredient) => string | undefined;
  t: TFunction;
  lang: string;
}) {
  const set = (i: number, part: keyof Ingredient, text: string) => onChange(values.map((v, j) => (j === i ? { ...v, [part]: text } : v)));
  return (
    <fieldset className={error ? 'list-editor invalid' : 'list-editor'} aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={id} tabIndex={-1}>
        {t('content.fields.ingredients')}
      </legend>
      <ol>
        {values.map((v, i) => {
          const name = `${t('content.list.ingredient')} ${i + 1}`;
          const input = (part: keyof Ingredient, mono = false) => {
            const inputId = `${id}-${i}-${part}`;
            const e = errors(i, part);
            return (
              <div className={e ? 'field invalid' : 'field'}>
                <label htmlFor={inputId}>
                  {t(`content.ingredient.${part}`)}
                  {part === 'product' ? <span className="optional"> {t('kit.optional')}</span> : null}
                </label>
                <input
                  id={inputId}
                  type="text"
                  lang={mono ? undefined : lang}
                  className={mono ? 'mono' : undefined}
                  value={v[part]}
                  onChange={(ev) => set(i, part, ev.target.value)}
                  aria-invalid={e ? true : undefined}
                  aria-describedby={e ? `${inputId}-error` : undefined}
                />
                {e ? (
                  <p className="field-error" id={`${inputId}-error`}>
                    {e}
                  </p>
                ) : null}
              </div>
            );
          };
          return (
            <li key={i}>
              <p className="row-title">{name}</p>
              <div className="ingredient">
                {input('amount')}
                {input('item')}
                {input('product', true)}
              </div>
              <RowButtons
                t={t}
                index={i}
                count={values.length}
                label={name}
                onMove={(to) => {
                  onChange(move(values, i, to));
                  focusSoon(`${id}-${to}-amount`);
                }}
                onRemove={() => {
                  onChange(values.filter((_, j) => j !== i));
                  focusSoon(`${id}-${Math.max(0, i - 1)}-amount`);
                }}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => {
          onChange([...values, { amount: '', item: '', product: '' }]);
          focusSoon(`${id}-${values.length}-amount`);
        }}
      >
        {t('content.list.add', { item: t('content.list.ingredient') })}
      </button>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
