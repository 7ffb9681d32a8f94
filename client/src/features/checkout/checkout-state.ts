/**
 * The checkout's state, pure (no React, no router; tested in checkout-state.spec.ts): the steps, the form
 * values of all three steps, their checks, the order body they become, what survives a reload
 * (sessionStorage) and the idempotency key of a placement attempt.
 *
 * The values are flat (one per form field); `orderBody` turns them into `POST /api/orders`'s body. The checks
 * are the API's own schema (`PlaceOrderBody`, contract/api/order.ts) run on that body, its error codes mapped
 * to message keys under `checkout.validation.*`, plus what only the form knows (which step a field is on).
 */
import { PlaceOrderBody } from '../../../../contract/api/order';
import { DELIVERY_COUNTRIES, HOME_COUNTRY } from '../../../../contract/countries';
import { STORAGE_ENTRIES } from '../../../../contract/cookies';

export const STEPS = ['delivery', 'shipping', 'confirm'] as const;
export type Step = (typeof STEPS)[number];

/** The step a `?step=` value names; the first step for anything else (a hostile or stale URL). */
export function parseStep(value: unknown): Step {
  return typeof value === 'string' && (STEPS as readonly string[]).includes(value) ? (value as Step) : 'delivery';
}

export type PaymentChoice = 'card' | 'cod';

export interface CheckoutValues {
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  billing_differs: boolean;
  billing_first_name: string;
  billing_last_name: string;
  billing_street: string;
  billing_postal_code: string;
  billing_city: string;
  billing_country: string;
  r1: boolean;
  company_name: string;
  tax_id: string;
  company_street: string;
  company_postal_code: string;
  company_city: string;
  company_country: string;
  courier_note: string;
  remark: string;
  payment_method: PaymentChoice | '';
  terms_accepted: boolean;
  /** A guest's 'create an account' tick, and the birthday registration needs (the password is never stored). */
  create_account: boolean;
  birthday: string;
}

export type CheckoutField = keyof CheckoutValues;

export const EMPTY_VALUES: CheckoutValues = {
  email: '',
  phone: '',
  first_name: '',
  last_name: '',
  street: '',
  postal_code: '',
  city: '',
  country: HOME_COUNTRY,
  billing_differs: false,
  billing_first_name: '',
  billing_last_name: '',
  billing_street: '',
  billing_postal_code: '',
  billing_city: '',
  billing_country: HOME_COUNTRY,
  r1: false,
  company_name: '',
  tax_id: '',
  company_street: '',
  company_postal_code: '',
  company_city: '',
  company_country: HOME_COUNTRY,
  courier_note: '',
  remark: '',
  payment_method: '',
  terms_accepted: false,
  create_account: false,
  birthday: '',
};

/** The fields of each step, in the order they are shown (the focus goes to the first invalid one). */
export const STEP_FIELDS: Record<Step, readonly CheckoutField[]> = {
  delivery: [
    'email',
    'birthday',
    'phone',
    'first_name',
    'last_name',
    'street',
    'postal_code',
    'city',
    'country',
    'billing_first_name',
    'billing_last_name',
    'billing_street',
    'billing_postal_code',
    'billing_city',
    'billing_country',
    'company_name',
    'tax_id',
    'company_street',
    'company_postal_code',
    'company_city',
    'company_country',
    'courier_note',
    'remark',
  ],
  shipping: ['payment_method', 'terms_accepted'],
  confirm: [],
};

export function stepOf(field: string): Step | null {
  for (const step of STEPS) if ((STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  return null;
}

export type ValidationKey =
  'required' | 'email' | 'phone' | 'postalCode' | 'country' | 'oib' | 'vatNumber' | 'tooLong' | 'paymentMethod' | 'terms' | 'invalid';

export type FieldErrors = Partial<Record<CheckoutField, ValidationKey>>;

/** The API's error codes (PlaceOrderBody) as the form's message keys. */
const KEY_BY_CODE: Record<string, ValidationKey> = {
  ORDER_FIELD_REQUIRED: 'required',
  ORDER_FIELD_INVALID: 'invalid',
  ORDER_FIELD_TOO_LONG: 'tooLong',
  ORDER_EMAIL_INVALID: 'email',
  ORDER_PHONE_INVALID: 'phone',
  ORDER_POSTAL_CODE_INVALID: 'postalCode',
  ORDER_COUNTRY_INVALID: 'country',
  ORDER_OIB_INVALID: 'oib',
  ORDER_VAT_INVALID: 'vatNumber',
  ORDER_PAYMENT_METHOD_INVALID: 'paymentMethod',
  ORDER_TERMS_REQUIRED: 'terms',
};

/** The message key of an API error code on a form field ('required' payment method reads 'choose one'). */
export function keyOfCode(field: CheckoutField, code: string): ValidationKey {
  if (field === 'payment_method') return 'paymentMethod';
  return KEY_BY_CODE[code] ?? 'invalid';
}

/**
 * Every problem of the values, by field, as the API's schema (PlaceOrderBody) reports them for the body the
 * form would send: the very rules the server applies (required fields, e-mail, phone, postal code shape,
 * delivery countries, lengths, the R1 tax number: an OIB with its check digit for a Croatian company, the EU
 * VAT format otherwise, payment method, terms).
 */
export function validateAll(v: CheckoutValues): FieldErrors {
  const body = { ...orderBody(v, 0), payment_method: v.payment_method || undefined, terms_accepted: v.terms_accepted };
  const result = PlaceOrderBody.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOfApiPath(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = keyOfCode(field, issue.message);
  }
  return errors;
}

function only(errors: FieldErrors, step: Step): FieldErrors {
  const out: FieldErrors = {};
  for (const field of STEP_FIELDS[step]) if (errors[field]) out[field] = errors[field];
  return out;
}

/** Step 1: e-mail, phone and the delivery address; the billing address and the R1 company when chosen. */
export function validateDelivery(v: CheckoutValues): FieldErrors {
  return only(validateAll(v), 'delivery');
}

/** Step 2: a payment method and the terms of purchase. */
export function validateShipping(v: CheckoutValues): FieldErrors {
  return only(validateAll(v), 'shipping');
}

export function validateStep(step: Step, v: CheckoutValues): FieldErrors {
  if (step === 'delivery') return validateDelivery(v);
  if (step === 'shipping') return validateShipping(v);
  return validateAll(v);
}

/** The first step that still has a problem (the confirmation sends the shopper back there), or null. */
export function firstInvalidStep(v: CheckoutValues): Step | null {
  if (Object.keys(validateDelivery(v)).length > 0) return 'delivery';
  if (Object.keys(validateShipping(v)).length > 0) return 'shipping';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The order body

export interface AddressBody {
  first_name: string;
  last_name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
}

export interface R1Body {
  company_name: string;
  tax_id: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
}

export interface OrderBody {
  email: string;
  phone: string;
  delivery_address: AddressBody;
  billing_address?: AddressBody;
  r1_invoice?: R1Body;
  courier_note?: string;
  remark?: string;
  payment_method: PaymentChoice;
  terms_accepted: true;
  expected_total: number;
}

const blank = (v: string) => v.trim() === '';
export const clean = (v: string) => v.trim().replace(/\s+/g, ' ');

/**
 * `POST /api/orders`'s body from the form: trimmed texts, the billing address and the R1 company only when
 * chosen, empty notes left out, the total the shopper saw (validateAll checks the values through this very body).
 */
export function orderBody(v: CheckoutValues, expectedTotal: number): OrderBody {
  const body: OrderBody = {
    email: v.email.trim(),
    phone: clean(v.phone),
    delivery_address: {
      first_name: clean(v.first_name),
      last_name: clean(v.last_name),
      street: clean(v.street),
      postal_code: clean(v.postal_code),
      city: clean(v.city),
      country: v.country,
    },
    payment_method: v.payment_method === 'card' ? 'card' : 'cod',
    terms_accepted: true,
    expected_total: expectedTotal,
  };
  if (v.billing_differs) {
    body.billing_address = {
      first_name: clean(v.billing_first_name),
      last_name: clean(v.billing_last_name),
      street: clean(v.billing_street),
      postal_code: clean(v.billing_postal_code),
      city: clean(v.billing_city),
      country: v.billing_country,
    };
  }
  if (v.r1) {
    body.r1_invoice = {
      company_name: clean(v.company_name),
      tax_id: v.tax_id.trim(),
      street: clean(v.company_street),
      postal_code: clean(v.company_postal_code),
      city: clean(v.company_city),
      country: v.company_country,
    };
  }
  if (!blank(v.courier_note)) body.courier_note = v.courier_note.trim();
  if (!blank(v.remark)) body.remark = v.remark.trim();
  return body;
}

/**
 * The form field an API error names: `delivery_address.city` -> `city`, `billing_address.city` ->
 * `billing_city`, `r1_invoice.street` -> `company_street`, `r1_invoice.tax_id` -> `tax_id`; null for none.
 */
export function fieldOfApiPath(path: string | undefined): CheckoutField | null {
  if (!path) return null;
  const [head, tail] = path.split('.', 2);
  let field: string | undefined;
  if (!tail) field = head;
  else if (head === 'delivery_address') field = tail;
  else if (head === 'billing_address') field = `billing_${tail}`;
  else if (head === 'r1_invoice') field = tail === 'company_name' || tail === 'tax_id' ? tail : `company_${tail}`;
  return field && Object.hasOwn(EMPTY_VALUES, field) ? (field as CheckoutField) : null;
}

// ---------------------------------------------------------------------------------------------------
// What survives a reload

export const STORAGE_KEY = STORAGE_ENTRIES.checkout.name;

/** A placement attempt: the key is sent as `Idempotency-Key`, reused only for the very same body. */
export interface Attempt {
  key: string;
  body: string;
}

export interface StoredCheckout {
  values: CheckoutValues;
  attempt: Attempt | null;
}

/** Stored values, each checked against its type (a tampered or old entry gives the defaults, field by field). */
export function readStored(text: string | null): StoredCheckout {
  const out: StoredCheckout = { values: { ...EMPTY_VALUES }, attempt: null };
  if (!text) return out;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return out;
  }
  if (!raw || typeof raw !== 'object') return out;
  const { values, attempt } = raw as { values?: unknown; attempt?: unknown };
  if (values && typeof values === 'object') {
    const v = values as Record<string, unknown>;
    const target = out.values as unknown as Record<string, unknown>;
    for (const [key, fallback] of Object.entries(EMPTY_VALUES)) {
      const value = v[key];
      if (typeof value === typeof fallback && (typeof value !== 'string' || value.length <= 1000)) target[key] = value;
    }
    if (!['', 'card', 'cod'].includes(out.values.payment_method)) out.values.payment_method = '';
  }
  if (attempt && typeof attempt === 'object') {
    const a = attempt as Record<string, unknown>;
    if (typeof a.key === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(a.key) && typeof a.body === 'string')
      out.attempt = { key: a.key, body: a.body };
  }
  return out;
}

export function writeStored(state: StoredCheckout): string {
  return JSON.stringify(state);
}

/**
 * The Idempotency-Key for sending `body`: the stored attempt's key when it was made for exactly this body (a
 * retry after a lost answer must not place a second order), otherwise a fresh one (a new attempt: e.g. after
 * the total changed, or the shopper edited a step).
 */
export function attemptFor(body: OrderBody, previous: Attempt | null, newKey: () => string): Attempt {
  const text = JSON.stringify(body);
  return previous && previous.body === text ? previous : { key: newKey(), body: text };
}

/** A fresh key: 32 hex digits from the browser's CSPRNG. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Fills empty fields from the signed-in user's profile (never overwrites what was typed or stored).
 */
export function prefill(
  v: CheckoutValues,
  user: {
    email?: string | null;
    phone?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    address?: string | null;
    zip_code?: string | null;
    city?: string | null;
    country?: string | null;
    company_name?: string | null;
    vat_number?: string | null;
  },
): CheckoutValues {
  const next = { ...v };
  const fill = (
    field: 'email' | 'phone' | 'first_name' | 'last_name' | 'street' | 'postal_code' | 'city' | 'company_name' | 'tax_id',
    value?: string | null,
  ) => {
    if (value && blank(next[field])) next[field] = value;
  };
  fill('email', user.email);
  fill('phone', user.phone);
  fill('first_name', user.first_name);
  fill('last_name', user.last_name);
  fill('street', user.address);
  fill('postal_code', user.zip_code);
  fill('city', user.city);
  fill('company_name', user.company_name);
  fill('tax_id', user.vat_number);
  if (
    user.country &&
    (DELIVERY_COUNTRIES as readonly string[]).includes(user.country) &&
    v.country === EMPTY_VALUES.country &&
    blank(v.street)
  )
    next.country = user.country;
  return next;
}
