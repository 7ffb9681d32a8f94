/**
 * Form building blocks of the account screens (WCAG 2.2 AA): every control has a <label for>, a hint and an
 * error are tied to it with aria-describedby, an invalid control has aria-invalid, form-level messages are
 * role="alert" (errors) or role="status" (success), and after a submit the focus moves to the first invalid
 * field, the form's error or the success message.
 */
import { useCallback, useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { ApiError } from '../../api/http';
import { useT } from '../../hooks/use-locale';
import type { FieldErrors, ValidationKey } from './validation';
import styles from './account.module.css';

// ---------------------------------------------------------------------------------------------------
// State of one form

export interface FormMessages<F extends string> {
  /** Per field: the text shown under it. */
  fields: Partial<Record<F, string>>;
  /** Not tied to a field: shown at the top of the form. */
  form: string[];
}

type T = ReturnType<typeof useT>['t'];

/**
 * The visitor-facing texts of a failed call: API messages (already in the page language) next to the field
 * they name, or at the top; anything unexpected (no connection, a server failure, no API answer) as the
 * spec's 'Something went wrong, please try again'.
 */
export function apiErrorMessages<F extends string>(error: unknown, fields: readonly F[], t: T): FormMessages<F> {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.code === 'HTTP_ERROR') {
    return { fields: {}, form: [t('error.general')] };
  }
  const out: FormMessages<F> = { fields: {}, form: [] };
  for (const detail of error.errors) {
    const message = detail.message || t('error.general');
    const field = detail.field as F | undefined;
    if (field && fields.includes(field)) {
      if (!out.fields[field]) out.fields[field] = message;
    } else if (!out.form.includes(message)) {
      out.form.push(message);
    }
  }
  if (out.form.length === 0 && Object.keys(out.fields).length === 0) out.form.push(t('error.general'));
  return out;
}

export interface AccountForm<F extends string> {
  /** DOM id of a field's control. */
  idOf(field: F): string;
  /** DOM id of the form-level message (error or success). */
  messageId: string;
  errors: FormMessages<F>;
  busy: boolean;
  setBusy(busy: boolean): void;
  /** Shows client-side validation results (translated); false when there were errors (focus moved). */
  check(result: FieldErrors<F>, order: readonly F[]): boolean;
  /** Shows a failed call's messages and moves the focus to the first one. */
  fail(error: unknown, order: readonly F[]): void;
  /** Shows form-level messages (e.g. a message with an action) and focuses them. */
  failWith(messages: string[]): void;
  clearField(field: F): void;
  reset(): void;
  /** Moves the focus to an element by id after the next render (success messages). */
  focus(id: string): void;
}

export function useAccountForm<F extends string>(): AccountForm<F> {
  const { t } = useT();
  const formId = useId();
  const [errors, setErrors] = useState<FormMessages<F>>({ fields: {}, form: [] });
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ id: string; n: number } | null>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const element = document.getElementById(focusRequest.id);
    element?.focus();
  }, [focusRequest]);

  const idOf = useCallback((field: F) => `${formId}-${field}`, [formId]);
  const messageId = `${formId}-message`;
  const focus = useCallback((id: string) => setFocusRequest((r) => ({ id, n: (r?.n ?? 0) + 1 })), []);

  const show = useCallback(
    (next: FormMessages<F>, order: readonly F[]) => {
      setErrors(next);
      const first = order.find((f) => next.fields[f]);
      if (next.form.length > 0) focus(messageId);
      else if (first) focus(idOf(first));
    },
    [focus, idOf, messageId],
  );

  return {
    idOf,
    messageId,
    errors,
    busy,
    setBusy,
    check: (result, order) => {
      const fields: Partial<Record<F, string>> = {};
      for (const [field, key] of Object.entries(result) as Array<[F, ValidationKey | undefined]>) {
        if (key) fields[field] = t(`account.validation.${key}`);
      }
      if (Object.keys(fields).length === 0) {
        setErrors({ fields: {}, form: [] });
        return true;
      }
      show({ fields, form: [] }, order);
      return false;
    },
    fail: (error, order) => show(apiErrorMessages(error, order, t), order),
    failWith: (messages) => show({ fields: {}, form: messages }, []),
    clearField: (field) =>
      setErrors((e) => {
        if (!e.fields[field]) return e;
        const fields = { ...e.fields };
        delete fields[field];
        return { ...e, fields };
      }),
    reset: () => setErrors({ fields: {}, form: [] }),
    focus,
  };
}

// ---------------------------------------------------------------------------------------------------
// Controls

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface BaseFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Shows '(optional)' after the label; fields without it are required (aria-required via `required`). */
  optional?: boolean;
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

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={styles.fieldError}>
      {error}
    </p>
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

export function TextField({ id, label, error, hint, optional, name, value, onChange, type = 'text', ...input }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export interface SelectFieldProps extends BaseFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string; lang?: string }>;
  autoComplete?: string;
  /** A first, empty choice ('Choose a country'). */
  placeholder?: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  optional,
  name,
  value,
  onChange,
  options,
  autoComplete,
  placeholder,
}: SelectFieldProps) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        value={value}
        required={!optional}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
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

// ---------------------------------------------------------------------------------------------------
// Messages

/**
 * A message box. 'error' is role="alert", 'success' and 'info' role="status". Focusable (tabIndex -1) so a
 * form can move the focus to it.
 */
export function Notice({
  kind,
  id,
  children,
  ref,
  testId,
}: {
  kind: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  testId?: string;
}) {
  const className = kind === 'error' ? styles.noticeError : kind === 'success' ? styles.noticeSuccess : styles.noticeInfo;
  return (
    <div id={id} ref={ref} tabIndex={-1} role={kind === 'error' ? 'alert' : 'status'} className={className} data-testid={testId}>
      {children}
    </div>
  );
}

/** The form-level errors of a form (nothing when there are none). */
export function FormErrors({ form }: { form: AccountForm<string> }) {
  if (form.errors.form.length === 0) return null;
  return (
    <Notice kind="error" id={form.messageId}>
      {form.errors.form.map((m, i) => (
        <p key={i}>{m}</p>
      ))}
    </Notice>
  );
}

/**
 * The submit button. While a call is running it says so and is aria-disabled (not disabled: a disabled
 * button would drop the keyboard focus); the form's handler ignores submits while busy.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  secondary,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
  secondary?: boolean;
}) {
  return (
    <button type="submit" className={secondary ? styles.secondaryButton : styles.primaryButton} aria-disabled={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
