import { useQuery } from '@tanstack/react-query';
import { Link, rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, type ApiErrorDetail } from '../../api/http';
import { Breadcrumb } from '../../components/breadcrumb';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { formatEuro } from '../../../../contract/money';
import { publicPath, routePath } from '../../../../contract/paths';
import { CheckboxField, NewTabLink, Notice, SelectField, SubmitButton, TextField } from '../account/form';
import { meQuery } from '../account/loaders';
import { useSession, useSessionStore } from '../account/use-session';
import { countryName, sortedCountries } from '../cart/cart-helpers';
import type { CartView } from '../cart/cart-types';
import { useCartMutation, useCartQuery } from '../cart/use-cart';
import { usePlaceOrder } from './checkout-api';
import { register } from '../account/account-api';
import { NewPasswordFields } from '../account/shared';
import { todayIso } from '../account/validation';
import {
  ACCOUNT_FIELDS,
  attemptFor,
  EMPTY_VALUES,
  fieldOfApiPath,
  firstInvalidStep,
  newIdempotencyKey,
  orderBody,
  prefill,
  registrationBody,
  STEP_FIELDS,
  STEPS,
  stepOf,
  validateAccount,
  validateStep,
  type AccountField,
  type Attempt,
  type CheckoutField,
  type CheckoutValues,
  type FieldErrors,
  type Step,
} from './checkout-state';
import {
  currentAccountSecrets,
  clearAccountResult,
  currentCheckout,
  saveAccountResult,
  saveCheckout,
  setAccountSecrets,
  useAccountSecrets,
  useStoredCheckout,
} from './checkout-store';
import type { PaymentForm } from './checkout-types';
import { PaymentHandoff } from './pending-order/payment-handoff';
import { PendingOrderSection } from './pending-order/pending-order-section';
import { EmptyCheckout } from './pending-order/empty-checkout';
import accountStyles from '../account/account.module.css';
import styles from './checkout.module.css';
import { TotalsList } from '../cart/totals-list';

type T = ReturnType<typeof useT>['t'];

/** A field of the checkout's forms: a stored value, or the account password pair kept in memory. */
type FormField = CheckoutField | AccountField;
type FormErrors = Partial<Record<FormField, string>>;

/** Step 1's fields in the order they are shown: the account fields come after the e-mail address. */
const DELIVERY_ORDER: readonly FormField[] = [
  'email',
  ...ACCOUNT_FIELDS,
  ...STEP_FIELDS.delivery.filter((f) => f !== 'email' && f !== 'birthday'),
];

/**
 * The checkout (issue 10): (1) delivery data, (2) delivery and payment, (3) confirmation, then the order is
 * placed (cash on delivery: the success page) or handed to the card provider's hosted page. The step is in
 * the URL (`?step=`), the values in sessionStorage (a reload loses nothing); the cart is read in the browser
 * (features/cart), so the server renders the same frame for everybody.
 */
export function CheckoutScreen({ step }: { step: Step }) {
  const { t, locale } = useT();
  const cartState = useCartQuery(locale);
  const cart = cartState.data ?? null;
  const checkout = useCheckoutValues(step);
  const navigate = useNavigate();
  const goTo = useCallback(
    (next: Step) => void navigate({ to: routePath('checkout') as never, params: { locale } as never, search: { step: next } as never }),
    [navigate, locale],
  );

  // A later step opened (bookmark, reload, back button) before an earlier one is complete: back to that one.
  useEffect(() => {
    if (!checkout.loaded || step === 'delivery') return;
    const invalid = firstInvalidStep(checkout.values);
    if (invalid && STEPS.indexOf(invalid) < STEPS.indexOf(step)) goTo(invalid);
  }, [checkout.loaded, checkout.values, step, goTo]);

  const status = cartState.status;
  return (
    <div className={accountStyles.page} data-checkout-step={step}>
      <Breadcrumb screen="checkout" name="" />
      <h1>{t('screens.checkout.heading')}</h1>
      <p className={accountStyles.lead}>{t('screens.checkout.intro')}</p>
      {/* Without JavaScript there is no cart to check out (docs/checkout.md, 'Without JavaScript'). */}
      <noscript>
        <div className={accountStyles.noticeInfo} data-testid="checkout-noscript">
          <p>{t('checkout.noScript')}</p>
        </div>
      </noscript>
      {/* The steps are the way through a cart; with none (a pending order, or nothing) they would say step 1 of nothing. */}
      {status === 'ready' && cart?.lines.length === 0 ? null : <StepList step={step} />}
      {/* At least a screen tall (checkout.module.css): the footer stays below the fold when the cart arrives. */}
      <div className={styles.region} aria-busy={status === 'loading'} data-checkout-status={status}>
        {status === 'loading' ? (
          <p role="status" className={styles.loading}>
            {t('checkout.loading')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <Notice kind="error">
            <p>{t('checkout.loadFailed')}</p>
            <button type="button" className={accountStyles.secondaryButton} onClick={() => void cartState.refetch()}>
              {t('checkout.retry')}
            </button>
          </Notice>
        ) : null}
        {status === 'ready' && cart ? (
          cart.lines.length === 0 ? (
            // An empty cart with an unpaid card order of this visitor: that order, not 'Your cart is empty'.
            <PendingOrderSection fallback={<EmptyCheckout />} />
          ) : step === 'delivery' ? (
            <DeliveryStep checkout={checkout} onDone={() => goTo('shipping')} />
          ) : step === 'shipping' ? (
            <ShippingStep checkout={checkout} cart={cart} onDone={() => goTo('confirm')} />
          ) : (
            <ConfirmStep checkout={checkout} cart={cart} onFix={goTo} reloadCart={() => cartState.refetch()} />
          )
        ) : null}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Values: sessionStorage, prefill, errors and focus

interface CheckoutController {
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
}

/** Translated texts of check results. */
export function errorTexts(errors: FieldErrors, t: T): Partial<Record<CheckoutField, string>> {
  const out: Partial<Record<CheckoutField, string>> = {};
  for (const [field, key] of Object.entries(errors) as Array<[CheckoutField, string | undefined]>)
    if (key) out[field] = t(`checkout.validation.${key}`);
  return out;
}

function useCheckoutValues(step: Step): CheckoutController {
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

  return {
    values,
    loaded,
    attempt,
    guest,
    change: (field, value) => {
      const current = currentCheckout();
      saveCheckout({ ...current, values: { ...current.values, [field]: value } });
      clearError(field);
    },
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
  };
}

// ---------------------------------------------------------------------------------------------------
// Steps

function StepList({ step }: { step: Step }) {
  const { t } = useT();
  const current = STEPS.indexOf(step);
  return (
    <nav aria-label={t('checkout.steps.label')} className={styles.steps}>
      <ol>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < current ? '' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <span>
              <span className="visually-hidden">{t('checkout.steps.stepOf', { n: i + 1, total: STEPS.length })}: </span>
              {t(`checkout.steps.${s}`)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StepLink({ step, children, className }: { step: Step; children: ReactNode; className?: string }) {
  const { locale } = useT();
  return (
    <Link to={routePath('checkout') as never} params={{ locale } as never} search={{ step } as never} className={className}>
      {children}
    </Link>
  );
}

/** A form's error summary: how many fields need attention (the focus goes to the first of them). */
function ErrorSummary({ errors }: { errors: FormErrors }) {
  const { t } = useT();
  const count = Object.values(errors).filter(Boolean).length;
  if (count === 0) return null;
  return (
    <Notice kind="error" testId="checkout-errors">
      <p>{t('checkout.validation.summary')}</p>
    </Notice>
  );
}

// ----- step 1 --------------------------------------------------------------------------------------

function DeliveryStep({ checkout, onDone }: { checkout: CheckoutController; onDone: () => void }) {
  const { t, locale } = useT();
  const { values: v, change, errors: err, idOf } = checkout;
  const destination = useCartMutation(locale);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const countries = useMemo(
    () => sortedCountries(locale, (c) => countryName(c, locale)).map((c) => ({ value: c.code, label: c.name })),
    [locale],
  );
  const checkoutPath = publicPath('checkout', locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!checkout.check('delivery')) return;
    setBusy(true);
    try {
      // The delivery price is the cart's for this address (PUT /api/cart/destination).
      await destination.mutateAsync({ kind: 'destination', country: v.country, postalCode: v.postal_code.trim() });
      onDone();
    } catch (error) {
      const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.errors[0] : undefined;
      if (detail?.field === 'postal_code' || detail?.field === 'country')
        checkout.showErrors({ [detail.field]: detail.message }, DELIVERY_ORDER);
      else setFailure(detail?.message || t('checkout.errors.general'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: CheckoutField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={idOf(name)}
      name={name}
      label={label}
      value={String(v[name])}
      error={err[name]}
      onChange={(value) => change(name, value as never)}
      {...extra}
    />
  );

  return (
    <form className={accountStyles.form} method="post" onSubmit={submit} noValidate data-testid="checkout-delivery">
      <ErrorSummary errors={err} />
      {failure ? (
        <Notice kind="error">
          <p>{failure}</p>
        </Notice>
      ) : null}
      {checkout.guest ? (
        <section className={accountStyles.panel} aria-labelledby="checkout-account-heading" data-testid="checkout-login">
          <h2 id="checkout-account-heading">{t('checkout.account.heading')}</h2>
          <p>{t('checkout.account.text')}</p>
          <div className={accountStyles.actions}>
            <Link
              to={routePath('login') as never}
              params={{ locale } as never}
              search={{ redirect: `${checkoutPath}?step=delivery` } as never}
              className={accountStyles.secondaryButton}
            >
              {t('checkout.account.login')}
            </Link>
          </div>
        </section>
      ) : null}
      <fieldset className={accountStyles.fieldset}>
        <legend>{t('checkout.delivery.contact')}</legend>
        {field('email', t('account.common.email'), {
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          spellCheck: false,
          autoCapitalize: 'none',
          hint: t('checkout.delivery.emailHint'),
        })}
        {field('phone', t('checkout.delivery.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          hint: t('checkout.delivery.phoneHint'),
        })}
      </fieldset>
      {checkout.guest ? <CreateAccountFields checkout={checkout} /> : null}
      <fieldset className={accountStyles.fieldset}>
        <legend>{t('checkout.delivery.address')}</legend>
        <div className={accountStyles.fieldGrid}>
          {field('first_name', t('account.common.firstName'), { autoComplete: 'shipping given-name', maxLength: 100 })}
          {field('last_name', t('account.common.lastName'), { autoComplete: 'shipping family-name', maxLength: 100 })}
        </div>
        {field('street', t('checkout.delivery.street'), { autoComplete: 'shipping street-address', maxLength: 200 })}
        <div className={accountStyles.fieldGrid}>
          {field('postal_code', t('checkout.delivery.postalCode'), { autoComplete: 'shipping postal-code', maxLength: 16 })}
          {field('city', t('checkout.delivery.city'), { autoComplete: 'shipping address-level2', maxLength: 100 })}
        </div>
        <SelectField
          id={idOf('country')}
          name="country"
          label={t('checkout.delivery.country')}
          value={v.country}
          options={countries}
          autoComplete="shipping country"
          error={err.country}
          onChange={(value) => change('country', value)}
        />
        <CheckboxField
          id={idOf('billing_differs')}
          name="billing_differs"
          checked={v.billing_differs}
          onChange={(c) => change('billing_differs', c)}
        >
          {t('checkout.delivery.billingDiffers')}
        </CheckboxField>
      </fieldset>
      {v.billing_differs ? (
        <fieldset className={accountStyles.fieldset} data-testid="checkout-billing">
          <legend>{t('checkout.delivery.billingHeading')}</legend>
          <div className={accountStyles.fieldGrid}>
            {field('billing_first_name', t('account.common.firstName'), { autoComplete: 'billing given-name', maxLength: 100 })}
            {field('billing_last_name', t('account.common.lastName'), { autoComplete: 'billing family-name', maxLength: 100 })}
          </div>
          {field('billing_street', t('checkout.delivery.street'), { autoComplete: 'billing street-address', maxLength: 200 })}
          <div className={accountStyles.fieldGrid}>
            {field('billing_postal_code', t('checkout.delivery.postalCode'), { autoComplete: 'billing postal-code', maxLength: 16 })}
            {field('billing_city', t('checkout.delivery.city'), { autoComplete: 'billing address-level2', maxLength: 100 })}
          </div>
          <SelectField
            id={idOf('billing_country')}
            name="billing_country"
            label={t('checkout.delivery.country')}
            value={v.billing_country}
            options={countries}
            autoComplete="billing country"
            error={err.billing_country}
            onChange={(value) => change('billing_country', value)}
          />
        </fieldset>
      ) : null}
      <fieldset className={accountStyles.fieldset}>
        <legend>{t('checkout.delivery.r1Heading')}</legend>
        <CheckboxField id={idOf('r1')} name="r1" checked={v.r1} onChange={(c) => change('r1', c)}>
          {t('checkout.delivery.r1')}
        </CheckboxField>
        {v.r1 ? (
          <div className={styles.subFields} data-testid="checkout-r1">
            {field('company_name', t('checkout.delivery.companyName'), { autoComplete: 'organization', maxLength: 200 })}
            {field('tax_id', t('checkout.delivery.taxId'), { hint: t('checkout.delivery.taxIdHint'), spellCheck: false, maxLength: 20 })}
            {field('company_street', t('checkout.delivery.street'), { maxLength: 200 })}
            <div className={accountStyles.fieldGrid}>
              {field('company_postal_code', t('checkout.delivery.postalCode'), { maxLength: 16 })}
              {field('company_city', t('checkout.delivery.city'), { maxLength: 100 })}
            </div>
            <SelectField
              id={idOf('company_country')}
              name="company_country"
              label={t('checkout.delivery.country')}
              value={v.company_country}
              options={countries}
              error={err.company_country}
              onChange={(value) => change('company_country', value)}
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className={accountStyles.fieldset}>
        <legend>{t('checkout.delivery.notes')}</legend>
        <TextArea
          id={idOf('courier_note')}
          name="courier_note"
          label={t('checkout.delivery.courierNote')}
          value={v.courier_note}
          error={err.courier_note}
          onChange={(x) => change('courier_note', x)}
        />
        <TextArea
          id={idOf('remark')}
          name="remark"
          label={t('checkout.delivery.remark')}
          value={v.remark}
          error={err.remark}
          onChange={(x) => change('remark', x)}
        />
      </fieldset>
      <div className={accountStyles.actions}>
        <SubmitButton busy={busy} busyLabel={t('account.common.saving')}>
          {t('checkout.delivery.submit')}
        </SubmitButton>
        <ScreenLink screen="cart" className={accountStyles.inlineLink}>
          {t('checkout.backToCart')}
        </ScreenLink>
      </div>
    </form>
  );
}

/**
 * A guest's 'create an account': the tick reveals what registration needs beyond the order's own fields (name
 * and e-mail): the date of birth (stored with the values) and the password pair (in memory only).
 */
function CreateAccountFields({ checkout }: { checkout: CheckoutController }) {
  const { t } = useT();
  const { values: v, change, errors: err, idOf } = checkout;
  const secrets = useAccountSecrets();
  const hintId = `${idOf('create_account')}-hint`;
  return (
    <fieldset className={accountStyles.fieldset} data-testid="checkout-create-account" aria-describedby={hintId}>
      <legend>{t('checkout.account.createLegend')}</legend>
      <CheckboxField
        id={idOf('create_account')}
        name="create_account"
        checked={v.create_account}
        onChange={(c) => change('create_account', c)}
      >
        {t('checkout.account.create')}
      </CheckboxField>
      <p id={hintId} className={accountStyles.hint}>
        {t('checkout.account.createHint')}
      </p>
      {v.create_account ? (
        <div className={styles.subFields}>
          <TextField
            id={idOf('birthday')}
            name="birthday"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={todayIso()}
            label={t('account.common.birthday')}
            hint={t('account.register.birthdayHint')}
            value={v.birthday}
            error={err.birthday}
            onChange={(value) => change('birthday', value)}
          />
          <div className={accountStyles.fieldGrid}>
            <NewPasswordFields
              ids={{ password: idOf('password'), password_confirmation: idOf('password_confirmation') }}
              values={secrets}
              errors={err}
              onChange={(field, value) => {
                setAccountSecrets({ ...currentAccountSecrets(), [field]: value });
                checkout.clearError(field);
              }}
              labels={{ password: t('account.common.password'), confirmation: t('account.common.passwordConfirmation') }}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

function TextArea({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  return (
    <div className={accountStyles.field}>
      <label htmlFor={id}>
        {label}
        <span className={accountStyles.optional}> ({t('account.common.optional')})</span>
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={500}
        value={value}
        className={accountStyles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={accountStyles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// ----- step 2 --------------------------------------------------------------------------------------

function ShippingStep({ checkout, cart, onDone }: { checkout: CheckoutController; cart: CartView; onDone: () => void }) {
  const { t, locale } = useT();
  const { values: v, change, errors: err, idOf } = checkout;
  const legendId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkout.check('shipping')) onDone();
  };

  const methodError = err.payment_method;
  return (
    <form className={accountStyles.form} method="post" onSubmit={submit} noValidate data-testid="checkout-shipping">
      <ErrorSummary errors={err} />
      <section className={accountStyles.panel} aria-labelledby="checkout-carrier-heading">
        <h2 id="checkout-carrier-heading">{t('checkout.shipping.deliveryHeading')}</h2>
        <p data-testid="checkout-carrier">
          {t('checkout.shipping.carrier', {
            carrier: cart.shipping.carrier,
            min: cart.shipping.delivery_days.min,
            max: cart.shipping.delivery_days.max,
          })}
        </p>
        <p data-testid="checkout-delivery-price">
          {t('checkout.shipping.price', {
            country: countryName(cart.destination.country, locale),
            price: cart.delivery === 0 ? t('cartPage.free') : formatEuro(cart.delivery, locale),
          })}
        </p>
      </section>
      <fieldset
        className={accountStyles.fieldset}
        aria-describedby={methodError ? `${idOf('payment_method')}-error` : undefined}
        aria-labelledby={legendId}
      >
        <legend id={legendId}>{t('checkout.shipping.paymentHeading')}</legend>
        {(['card', 'cod'] as const).map((method, i) => (
          <div key={method} className={styles.radio}>
            <input
              type="radio"
              id={i === 0 ? idOf('payment_method') : `${idOf('payment_method')}-${method}`}
              name="payment_method"
              value={method}
              checked={v.payment_method === method}
              required
              aria-invalid={methodError ? true : undefined}
              aria-describedby={`${idOf('payment_method')}-${method}-hint`}
              onChange={() => change('payment_method', method)}
            />
            <label htmlFor={i === 0 ? idOf('payment_method') : `${idOf('payment_method')}-${method}`}>
              {t(`checkout.method.${method}`)}
            </label>
            <p id={`${idOf('payment_method')}-${method}-hint`} className={accountStyles.hint}>
              {t(`checkout.shipping.${method}Hint`)}
            </p>
          </div>
        ))}
        {methodError ? (
          <p id={`${idOf('payment_method')}-error`} className={accountStyles.fieldError}>
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <CheckboxField
        id={idOf('terms_accepted')}
        name="terms_accepted"
        checked={v.terms_accepted}
        error={err.terms_accepted}
        required
        onChange={(c) => change('terms_accepted', c)}
        extra={<NewTabLink href={publicPath('general_terms', locale)}>{t('checkout.shipping.termsLink')}</NewTabLink>}
      >
        {t('checkout.shipping.terms')}
      </CheckboxField>
      <div className={accountStyles.actions}>
        <SubmitButton busy={false} busyLabel="">
          {t('checkout.shipping.submit')}
        </SubmitButton>
        <StepLink step="delivery" className={accountStyles.inlineLink}>
          {t('checkout.shipping.back')}
        </StepLink>
      </div>
    </form>
  );
}

// ----- step 3 --------------------------------------------------------------------------------------

/** A postal address as lines: the name (when it has one), street, postal code and town, country. */
export function AddressLines({
  a,
}: {
  a: { first_name?: string; last_name?: string; street: string; postal_code: string; city: string; country: string };
}) {
  const { locale } = useT();
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return (
    <p className={styles.address}>
      {name ? (
        <>
          {name}
          <br />
        </>
      ) : null}
      {a.street}
      <br />
      {a.postal_code} {a.city}
      <br />
      {countryName(a.country, locale)}
    </p>
  );
}

function Part({ title, step, testId, children }: { title: string; step: Step; testId: string; children: ReactNode }) {
  const { t } = useT();
  const id = useId();
  return (
    <section className={accountStyles.panel} aria-labelledby={id} data-testid={testId}>
      <div className={styles.partHead}>
        <h2 id={id}>{title}</h2>
        <StepLink step={step} className={accountStyles.inlineLink}>
          {t('checkout.confirm.edit')}
          <span className="visually-hidden">: {title}</span>
        </StepLink>
      </div>
      {children}
    </section>
  );
}

function ConfirmStep({
  checkout,
  cart,
  onFix,
  reloadCart,
}: {
  checkout: CheckoutController;
  cart: CartView;
  onFix: (step: Step) => void;
  reloadCart: () => Promise<unknown>;
}) {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const place = usePlaceOrder(locale);
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const messageId = useId();
  const [problem, setProblem] = useState<{ kind: 'total' | 'error'; messages: string[] } | null>(null);
  const [payment, setPayment] = useState<PaymentForm | null>(null);
  const { values: v } = checkout;
  const money = (cents: number) => formatEuro(cents, locale);

  const send = async () => {
    if (place.isPending) return;
    setProblem(null);
    if (!checkout.check('confirm')) {
      const invalid = firstInvalidStep(v) ?? (checkout.accountIncomplete() ? 'delivery' : null);
      if (invalid) onFix(invalid);
      return;
    }
    const body = orderBody(v, cart.total);
    const attempt = attemptFor(body, checkout.attempt, newIdempotencyKey);
    checkout.setAttempt(attempt);
    try {
      const answer = await place.mutateAsync({ body, key: attempt.key });
      // The order is placed; now the account a guest asked for (cash: before the success page, card: before
      // the hand-off). Its failure never touches the order: logged, and the success page says so.
      clearAccountResult();
      if (checkout.guest && v.create_account) {
        try {
          await register(api(locale), registrationBody(v, currentAccountSecrets(), locale));
          saveAccountResult('created');
        } catch (error) {
          console.warn('The account could not be created after the order', error);
          saveAccountResult('failed');
        }
      }
      // The stored values are cleared by the success page (cash on delivery now, card after the payment).
      if (answer.payment) {
        setPayment(answer.payment);
        return;
      }
      await navigate({
        to: routePath('payment_success') as never,
        params: { locale } as never,
        search: { order: answer.order.number, token: answer.view_token } as never,
      });
    } catch (error) {
      const details: ApiErrorDetail[] =
        error instanceof ApiError && error.status > 0 && error.status < 500 && error.code !== 'HTTP_ERROR' ? error.errors : [];
      if (details.some((d) => d.code === 'ORDER_TOTAL_CHANGED')) {
        // New prices or delivery: the cart is read again (new totals on screen) and the shopper confirms again.
        checkout.setAttempt(null);
        place.reset();
        await reloadCart();
        setProblem({ kind: 'total', messages: details.filter((d) => d.code === 'ORDER_TOTAL_CHANGED').map((d) => d.message) });
        checkout.focus(messageId);
        return;
      }
      const fieldErrors: Partial<Record<CheckoutField, string>> = {};
      const other: string[] = [];
      for (const d of details) {
        const field = fieldOfApiPath(d.field);
        if (field && stepOf(field)) fieldErrors[field] ??= d.message;
        else other.push(d.message || t('checkout.errors.general'));
      }
      const fields = Object.keys(fieldErrors) as CheckoutField[];
      if (fields.length > 0) {
        const steps = fields.map((f) => stepOf(f) as Step);
        const target = STEPS.find((s) => steps.includes(s)) ?? 'delivery';
        onFix(target);
        checkout.showErrors(fieldErrors, STEP_FIELDS[target]);
        return;
      }
      setProblem({ kind: 'error', messages: other.length > 0 ? other : [t('checkout.errors.general')] });
      checkout.focus(messageId);
    }
  };

  if (payment) return <PaymentHandoff payment={payment} />;

  const billing = v.billing_differs
    ? {
        first_name: v.billing_first_name,
        last_name: v.billing_last_name,
        street: v.billing_street,
        postal_code: v.billing_postal_code,
        city: v.billing_city,
        country: v.billing_country,
      }
    : null;
  return (
    <div className={styles.confirm} data-testid="checkout-confirm">
      {problem ? (
        <Notice kind="error" id={messageId} testId={problem.kind === 'total' ? 'checkout-total-changed' : 'checkout-failed'}>
          {problem.messages.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
          {problem.kind === 'total' ? <p>{t('checkout.confirm.totalChanged', { total: money(cart.total) })}</p> : null}
        </Notice>
      ) : null}
      <div className={styles.parts}>
        <Part title={t('checkout.delivery.contact')} step="delivery" testId="confirm-contact">
          <p>
            {v.email}
            <br />
            {v.phone}
          </p>
        </Part>
        <Part title={t('checkout.delivery.address')} step="delivery" testId="confirm-address">
          <AddressLines a={v} />
        </Part>
        <Part title={t('checkout.delivery.billingHeading')} step="delivery" testId="confirm-billing">
          {billing ? <AddressLines a={billing} /> : <p>{t('checkout.confirm.billingSame')}</p>}
        </Part>
        <Part title={t('checkout.delivery.r1Heading')} step="delivery" testId="confirm-r1">
          {v.r1 ? (
            <>
              <p>
                {v.company_name}
                <br />
                {t('checkout.delivery.taxId')}: {v.tax_id}
              </p>
              <AddressLines
                a={{
                  street: v.company_street,
                  postal_code: v.company_postal_code,
                  city: v.company_city,
                  country: v.company_country,
                }}
              />
            </>
          ) : (
            <p>{t('checkout.confirm.noR1')}</p>
          )}
        </Part>
        <Part title={t('checkout.delivery.notes')} step="delivery" testId="confirm-notes">
          <dl className={styles.facts}>
            <dt>{t('checkout.delivery.courierNote')}</dt>
            <dd>{v.courier_note.trim() || t('checkout.confirm.none')}</dd>
            <dt>{t('checkout.delivery.remark')}</dt>
            <dd>{v.remark.trim() || t('checkout.confirm.none')}</dd>
          </dl>
        </Part>
        <Part title={t('checkout.steps.shipping')} step="shipping" testId="confirm-shipping">
          <p>
            {t('checkout.shipping.carrier', {
              carrier: cart.shipping.carrier,
              min: cart.shipping.delivery_days.min,
              max: cart.shipping.delivery_days.max,
            })}
          </p>
          <p>
            {t('checkout.confirm.payment')}:{' '}
            <strong>{v.payment_method ? t(`checkout.method.${v.payment_method}`) : t('checkout.confirm.none')}</strong>
          </p>
        </Part>
      </div>
      <OrderLinesAndTotals
        lines={cart.lines.map((l) => ({
          product_code: l.product_code,
          name: l.name,
          unit_price: l.unit_price,
          quantity: l.quantity,
          line_total: l.line_total,
        }))}
        totals={{ ...cart, coupon_code: cart.coupon?.valid ? cart.coupon.code : null }}
      />
      <div className={accountStyles.actions}>
        <button
          type="button"
          className={accountStyles.primaryButton}
          aria-disabled={place.isPending || undefined}
          onClick={() => void send()}
          data-testid="checkout-send"
        >
          {place.isPending
            ? t('checkout.confirm.sending')
            : v.payment_method === 'card'
              ? t('checkout.confirm.sendCard')
              : t('checkout.confirm.sendCod')}
        </button>
        <StepLink step="shipping" className={accountStyles.inlineLink}>
          {t('checkout.confirm.back')}
        </StepLink>
      </div>
    </div>
  );
}

export interface TotalsView {
  subtotal: number;
  discount: number;
  coupon_code: string | null;
  delivery: number;
  total: number;
  vat_base: number;
  vat_by_rate: Array<{ rate: number; base: number; vat: number }>;
}

/** The order's lines (code, unit price, quantity, line total) and its totals with the VAT per rate. */
export function OrderLinesAndTotals({
  lines,
  totals,
}: {
  lines: Array<{ product_code: string; name: string; unit_price: number; quantity: number; line_total: number }>;
  totals: TotalsView;
}) {
  const { t, locale } = useT();
  const money = (cents: number) => formatEuro(cents, locale);
  return (
    <section className={accountStyles.panel} aria-labelledby="order-lines-heading" data-testid="order-lines">
      <h2 id="order-lines-heading">{t('checkout.confirm.lines')}</h2>
      {/* scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too */}
      <div className={styles.tableWrap} role="region" aria-labelledby="order-lines-heading" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('checkout.confirm.product')}</th>
              <th scope="col">{t('checkout.confirm.code')}</th>
              <th scope="col">{t('cartPage.unitPrice')}</th>
              <th scope="col">{t('checkout.confirm.quantity')}</th>
              <th scope="col">{t('cartPage.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.product_code} data-product-code={l.product_code}>
                <th scope="row">{l.name}</th>
                <td>{l.product_code}</td>
                <td>{money(l.unit_price)}</td>
                <td>{l.quantity}</td>
                <td>{money(l.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TotalsList
        totals={totals}
        money={money}
        className={styles.totals}
        discountLabel={totals.coupon_code ? t('checkout.confirm.couponDiscount', { code: totals.coupon_code }) : undefined}
      />
    </section>
  );
}

// The hand-off lives with the pending order (its failure shows that order); the result screens import it from here.
export { PaymentHandoff };
