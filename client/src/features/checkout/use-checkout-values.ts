import { useQuery } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { binder, todayIso, type Binder } from '../../components/forms';
import { useT } from '../../hooks/use-locale';
import { meQuery } from '../account/loaders';
import { useSession, useSessionStore } from '../account/use-session';
import {
  EMPTY_VALUES,
  prefill,
  STEP_FIELDS,
  validateStep,
  type Attempt,
  type CheckoutField,
  type CheckoutValues,
  type FieldErrors,
  type Step,
} from './checkout-state';
import { ACCOUNT_FIELDS, validateAccount, type AccountField } from './checkout-account';
import { currentAccountSecrets, currentCheckout, saveCheckout, useStoredCheckout } from './checkout-store';

type T = ReturnType<typeof useT>['t'];

/** A field of the checkout's forms: a stored value, or the account password pair kept in memory. */
export type FormField = CheckoutField | AccountField;
export type FormErrors = Partial<Record<FormField, string>>;

/** Step 1's fields in the order they are shown: the account fields come after the e-mail address. */
export const DELIVERY_ORDER: readonly FormField[] = [
  'email',
  ...ACCOUNT_FIELDS,
  ...STEP_FIELDS.delivery.filter((f) => f !== 'email' && f !== 'birthday'),
];

// ---------------------------------------------------------------------------------------------------
// Values: sessionStorage, prefill, errors and focus

export interface CheckoutController {
  values: CheckoutValues;
  /** The stored values were read (always false during SSR and hydration). */
  loaded: boolean;
  attempt: Attempt | null;
  guest: boolean;
  change<K extends CheckoutField>(field: K, value: CheckoutValues[K]): void;
  setAttempt(attempt: Attempt | null): void;
  errors: FormErrors;
  /** Shows the step's check results, focusing the first problem; true when there is none. */
  check(step: Step): boolean;
  /** A guest ticked 'create an account' and its fields are not complete (after a reload: the password). */
  accountIncomplete(): boolean;
  showErrors(errors: FormErrors, order: readonly FormField[]): void;
  clearError(field: FormField): void;
  idOf(field: FormField): string;
  focus(id: string): void;
  /** The stored fields' bindings (the form kit's field blocks take them). */
  bind: Binder<CheckoutField>;
}

/** Translated texts of check results. */
function errorTexts(errors: FieldErrors, t: T): Partial<Record<CheckoutField, string>> {
  const out: Partial<Record<CheckoutField, string>> = {};
  for (const [field, key] of Object.entries(errors) as Array<[CheckoutField, string | undefined]>)
    if (key) out[field] = t(`checkout.validation.${key}`);
  return out;
}

export function useCheckoutValues(step: Step): CheckoutController {
  const { t, locale } = useT();
  const formId = useId();
  const session = useSession();
  const sessionStore = useSessionStore();
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const stored = useStoredCheckout();
  const values = stored?.values ?? EMPTY_VALUES;
  const attempt = stored?.attempt ?? null;
  const loaded = stored !== null;
  const [errors, setErrors] = useState<FormErrors>({});
  const [focusRequest, setFocusRequest] = useState<{ id: string; n: number } | null>(null);
  const guest = session.status !== 'authenticated';
  const me = useQuery({ ...meQuery(sessionStore, api(locale)), enabled: session.status === 'authenticated' });

  // A signed-in shopper's empty fields come from the profile (once per page; typed values stay).
  const prefilled = useRef(false);
  useEffect(() => {
    if (!stored || prefilled.current || !me.data) return;
    prefilled.current = true;
    const next = prefill(stored.values, me.data);
    if (JSON.stringify(next) !== JSON.stringify(stored.values)) saveCheckout({ ...stored, values: next });
  }, [stored, me.data]);

  // A focus request waits until its element is there (an API error on a field of another step: after the
  // step changed), then is done.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    pendingFocus.current = focusRequest?.id ?? null;
  }, [focusRequest]);
  useEffect(() => {
    const id = pendingFocus.current;
    const element = id ? document.getElementById(id) : null;
    if (!element) return;
    element.focus();
    pendingFocus.current = null;
  }, [focusRequest, step]);

  const idOf = useCallback((field: FormField) => `${formId}-${field}`, [formId]);
  const focus = useCallback((id: string) => setFocusRequest((r) => ({ id, n: (r?.n ?? 0) + 1 })), []);
  const showErrors = useCallback(
    (next: FormErrors, order: readonly FormField[]) => {
      setErrors(next);
      const first = order.find((f) => next[f]);
      if (first) focus(idOf(first));
    },
    [focus, idOf],
  );

  const clearError = (field: FormField) =>
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  // The account fields count for a guest only (a signed-in shopper never sees them).
  const accountErrors = (): FormErrors => {
    if (!guest) return {};
    const found: FormErrors = {};
    for (const [field, key] of Object.entries(validateAccount(values, currentAccountSecrets(), todayIso())))
      if (key) found[field as AccountField] = t(`account.validation.${key}`);
    return found;
  };

  const change = <K extends CheckoutField>(field: K, value: CheckoutValues[K]) => {
    const current = currentCheckout();
    saveCheckout({ ...current, values: { ...current.values, [field]: value } });
    clearError(field);
  };

  return {
    values,
    loaded,
    attempt,
    guest,
    change,
    clearError,
    setAttempt: (next) => saveCheckout({ ...currentCheckout(), attempt: next }),
    errors,
    check: (step) => {
      const found: FormErrors = { ...errorTexts(validateStep(step, values), t), ...(step === 'shipping' ? {} : accountErrors()) };
      showErrors(
        found,
        step === 'confirm' ? [...DELIVERY_ORDER, ...STEP_FIELDS.shipping] : step === 'delivery' ? DELIVERY_ORDER : STEP_FIELDS[step],
      );
      return Object.keys(found).length === 0;
    },
    accountIncomplete: () => Object.keys(accountErrors()).length > 0,
    showErrors,
    idOf,
    focus,
    bind: binder<CheckoutField>(idOf, values, errors, (field, value) => change(field, value as never)),
  };
}
