/**
 * The state of one form (WCAG 2.2 AA, docs/forms.md): its field ids, the messages per field and for the whole
 * form, the busy flag while a call runs, and the focus: after a submit it moves to the first invalid field,
 * the form's error or the success message.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/http';
import { useT } from '../../hooks/use-locale';
import type { FieldErrors, ValidationKey } from './validation';

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

export interface FormState<F extends string> {
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
  /** The fields' bindings to `values`: a change calls `set` and clears the field's error. */
  bind(values: { readonly [K in F]?: unknown }, set: (field: F, value: string | boolean) => void): Binder<F>;
}

export function useForm<F extends string>(): FormState<F> {
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

  const clearField = (field: F) =>
    setErrors((e) => {
      if (!e.fields[field]) return e;
      const fields = { ...e.fields };
      delete fields[field];
      return { ...e, fields };
    });

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
    clearField,
    reset: () => setErrors({ fields: {}, form: [] }),
    focus,
    bind: (values, set) =>
      binder(idOf, values, errors.fields, (field, value) => {
        set(field, value);
        clearField(field);
      }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Binding fields to a form's values

/** What a text field or select needs of its form: spread it into TextField or SelectField. */
export interface TextBinding {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** What a tick box needs of its form: spread it into CheckboxField. */
export interface CheckBinding {
  id: string;
  name: string;
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}

export interface Binder<F extends string> {
  text(field: F): TextBinding;
  check(field: F): CheckBinding;
}

/**
 * The bindings of a form's fields: each control's id (`idOf`), its name (the field's), its value, its error
 * and its change handler. The field blocks (AddressFields, CompanyFields...) take a binder.
 */
export function binder<F extends string>(
  idOf: (field: F) => string,
  values: { readonly [K in F]?: unknown },
  errors: Partial<Record<F, string>>,
  change: (field: F, value: string | boolean) => void,
): Binder<F> {
  const base = (field: F) => ({ id: idOf(field), name: field, error: errors[field] });
  return {
    text: (field) => ({ ...base(field), value: String(values[field] ?? ''), onChange: (value) => change(field, value) }),
    check: (field) => ({ ...base(field), checked: Boolean(values[field]), onChange: (checked) => change(field, checked) }),
  };
}
