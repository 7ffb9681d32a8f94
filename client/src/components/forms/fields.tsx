/**
 * The form kit's controls (WCAG 2.2 AA, docs/forms.md): every control has a <label for>, a hint and an error
 * are tied to it with aria-describedby, an invalid control has aria-invalid, a required one `required`.
 */
import type { ReactNode } from 'react';
import { useT } from '../../hooks/use-locale';
import styles from './forms.module.css';

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface BaseFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Shows '(optional)' after the label; fields without it are required (aria-required via `required`). */
  optional?: boolean;
  /** In a FieldGrid: spans both columns. */
  wide?: boolean;
}

function Label({ id, label, optional }: Pick<BaseFieldProps, 'id' | 'label' | 'optional'>) {
  const { t } = useT();
  return (
    <label htmlFor={id}>
      {label}
      {optional ? <span className={styles.optional}> ({t('account.common.optional')})</span> : null}
    </label>
  );
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  );
}

/** A field's error, under it (`${id}-error`, which the control's aria-describedby names). */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
  );
}

/** A field's frame: label, hint, the control (`children`), error. */
function Field({ id, label, optional, hint, error, wide, children }: BaseFieldProps & { children: ReactNode }) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <Label id={id} label={label} optional={optional} />
      <Hint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A control's required state and the ARIA attributes that tie its hint and error to it. */
function controlAttributes({ id, error, hint, optional }: Pick<BaseFieldProps, 'id' | 'error' | 'hint' | 'optional'>) {
  return {
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
  };
}

/** Two columns from 40rem (one on phones); a field with `wide` spans both. */
export function FieldGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.fieldGrid} data-testid={testId}>
      {children}
    </div>
  );
}

export interface TextFieldProps extends BaseFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'date' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  min?: string;
  max?: string;
  spellCheck?: boolean;
  autoCapitalize?: string;
}

export function TextField({ name, value, onChange, type = 'text', wide, label, hint, error, optional, id, ...input }: TextFieldProps) {
  const field = { id, label, hint, error, optional };
  return (
    <Field {...field} wide={wide}>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        {...controlAttributes(field)}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </Field>
  );
}

export interface TextAreaFieldProps extends BaseFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength: number;
  className?: string;
}

/** A multi-line text (the checkout's courier note and remark, the contact message). */
export function TextAreaField({ name, value, onChange, rows, maxLength, className, wide, ...field }: TextAreaFieldProps) {
  return (
    <Field {...field} wide={wide}>
      <textarea
        id={field.id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        value={value}
        className={className ? `${styles.textarea} ${className}` : styles.textarea}
        {...controlAttributes(field)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  lang?: string;
}

export interface SelectFieldProps extends BaseFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  autoComplete?: string;
  /** A first, empty choice ('Choose a country'). */
  placeholder?: string;
}

export function SelectField({ name, value, onChange, options, autoComplete, placeholder, wide, ...field }: SelectFieldProps) {
  return (
    <Field {...field} wide={wide}>
      <select
        id={field.id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        {...controlAttributes(field)}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export interface CheckboxFieldProps {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label's content (may contain a link). */
  children: ReactNode;
  error?: string;
  required?: boolean;
  /** Shown under the checkbox, outside its label (e.g. a link to the terms). */
  extra?: ReactNode;
}

export function CheckboxField({ id, name, checked, onChange, children, error, required, extra }: CheckboxFieldProps) {
  return (
    <div className={styles.checkboxField}>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {extra ? <div className={styles.checkboxExtra}>{extra}</div> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A link that opens a page (the terms, the privacy policy) in a new tab beside a form, so what the visitor
 * typed stays; screen readers hear that it opens a new tab. Usually a CheckboxField's `extra`.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <a href={href} target="_blank" rel="noopener" className={styles.inlineLink}>
      {children}
      <span className="visually-hidden"> {t('account.common.newTab')}</span>
    </a>
  );
}
