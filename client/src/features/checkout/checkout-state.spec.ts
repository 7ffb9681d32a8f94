import { describe, expect, it } from '@jest/globals';
import { PlaceOrderBody } from '../../../../contract/api/order';
import { RegistrationBody } from '../../../../contract/api/identity';
import {
  attemptFor,
  EMPTY_VALUES,
  fieldOfApiPath,
  firstInvalidStep,
  newIdempotencyKey,
  orderBody,
  parseStep,
  prefill,
  readStored,
  stepOf,
  validateAll,
  validateDelivery,
  validateShipping,
  validateStep,
  writeStored,
  type CheckoutValues,
} from './checkout-state';
import { registrationBody, validateAccount } from './checkout-account';

const VALID: CheckoutValues = {
  ...EMPTY_VALUES,
  email: ' Ana@Example.com ',
  phone: '+385 91 234 5678',
  first_name: 'Ana',
  last_name: 'Horvat',
  street: 'Ilica  1',
  postal_code: '10000',
  city: 'Zagreb',
  country: 'HR',
  payment_method: 'cod',
  terms_accepted: true,
};

// A valid OIB (check digit by ISO 7064 MOD 11,10) and the same with its last digit changed.
const GOOD_OIB = '69435151530';
const BAD_OIB = '69435151531';

const R1 = {
  r1: true,
  company_name: 'Tvrtka d.o.o.',
  tax_id: GOOD_OIB,
  company_street: 'Vukovarska 2',
  company_postal_code: '21000',
  company_city: 'Split',
  company_country: 'HR',
};

describe('steps', () => {
  it('reads ?step= and falls back to the first step for anything else', () => {
    expect(parseStep('delivery')).toBe('delivery');
    expect(parseStep('shipping')).toBe('shipping');
    expect(parseStep('confirm')).toBe('confirm');
    for (const hostile of [undefined, null, 2, 'CONFIRM', '../x', ['confirm'], { step: 'confirm' }])
      expect(parseStep(hostile)).toBe('delivery');
  });

  it('knows the step of every field', () => {
    expect(stepOf('email')).toBe('delivery');
    expect(stepOf('tax_id')).toBe('delivery');
    expect(stepOf('payment_method')).toBe('shipping');
    expect(stepOf('terms_accepted')).toBe('shipping');
    expect(stepOf('expected_total')).toBeNull();
  });

  it('sends the shopper back to the first incomplete step', () => {
    expect(firstInvalidStep(EMPTY_VALUES)).toBe('delivery');
    expect(firstInvalidStep({ ...VALID, payment_method: '' })).toBe('shipping');
    expect(firstInvalidStep({ ...VALID, terms_accepted: false })).toBe('shipping');
    expect(firstInvalidStep(VALID)).toBeNull();
  });
});

describe('step 1: delivery data', () => {
  it('requires e-mail, phone and the whole delivery address', () => {
    expect(validateDelivery(EMPTY_VALUES)).toEqual({
      email: 'required',
      phone: 'required',
      first_name: 'required',
      last_name: 'required',
      street: 'required',
      postal_code: 'required',
      city: 'required',
    });
    expect(validateDelivery(VALID)).toEqual({});
  });

  it('reports malformed e-mail, phone and postal code, and countries the shop does not deliver to', () => {
    expect(validateDelivery({ ...VALID, email: 'ana@', phone: 'call me', postal_code: '!', country: 'US' })).toEqual({
      email: 'email',
      phone: 'phone',
      postal_code: 'postalCode',
      country: 'country',
    });
  });

  it('checks the billing address only when it differs', () => {
    expect(validateDelivery({ ...VALID, billing_first_name: '' })).toEqual({});
    expect(validateDelivery({ ...VALID, billing_differs: true })).toEqual({
      billing_first_name: 'required',
      billing_last_name: 'required',
      billing_street: 'required',
      billing_postal_code: 'required',
      billing_city: 'required',
    });
  });

  it('checks the R1 company only when asked for, the OIB with its check digit', () => {
    expect(validateDelivery({ ...VALID, tax_id: BAD_OIB })).toEqual({});
    expect(validateDelivery({ ...VALID, ...R1 })).toEqual({});
    expect(validateDelivery({ ...VALID, ...R1, tax_id: `HR ${GOOD_OIB}` })).toEqual({});
    expect(validateDelivery({ ...VALID, ...R1, tax_id: BAD_OIB })).toEqual({ tax_id: 'oib' });
    expect(validateDelivery({ ...VALID, ...R1, tax_id: '1234' })).toEqual({ tax_id: 'oib' });
    expect(validateDelivery({ ...VALID, r1: true })).toEqual({
      company_name: 'required',
      tax_id: 'required',
      company_street: 'required',
      company_postal_code: 'required',
      company_city: 'required',
    });
  });

  it('takes an EU VAT number in the format of the company country', () => {
    expect(validateDelivery({ ...VALID, ...R1, company_country: 'DE', company_postal_code: '10115', tax_id: 'DE123456789' })).toEqual({});
    expect(validateDelivery({ ...VALID, ...R1, company_country: 'DE', company_postal_code: '10115', tax_id: 'DE12345' })).toEqual({
      tax_id: 'vatNumber',
    });
    // a Croatian OIB is no German VAT number
    expect(validateDelivery({ ...VALID, ...R1, company_country: 'DE', company_postal_code: '10115' })).toEqual({ tax_id: 'vatNumber' });
  });

  it('limits the notes', () => {
    expect(validateDelivery({ ...VALID, courier_note: 'x'.repeat(501) })).toEqual({ courier_note: 'tooLong' });
    expect(validateDelivery({ ...VALID, courier_note: 'x'.repeat(500), remark: 'Ring twice' })).toEqual({});
  });

  it('does not judge the next step', () => {
    expect(validateDelivery({ ...VALID, payment_method: '', terms_accepted: false })).toEqual({});
  });
});

describe('step 2: delivery and payment', () => {
  it('requires a payment method and the terms of purchase', () => {
    expect(validateShipping({ ...VALID, payment_method: '', terms_accepted: false })).toEqual({
      payment_method: 'paymentMethod',
      terms_accepted: 'terms',
    });
    expect(validateShipping({ ...VALID, payment_method: 'card' })).toEqual({});
    expect(validateShipping({ ...EMPTY_VALUES, payment_method: 'cod', terms_accepted: true })).toEqual({});
  });

  it('the confirmation checks everything', () => {
    expect(validateStep('confirm', { ...VALID, email: '', terms_accepted: false })).toEqual({ email: 'required', terms_accepted: 'terms' });
    expect(validateAll(VALID)).toEqual({});
  });
});

describe('the order body', () => {
  it('is what the API parses, with the total the shopper saw', () => {
    const body = orderBody({ ...VALID, courier_note: '  ', remark: ' Hvala ' }, 2629);
    expect(body).toEqual({
      email: 'Ana@Example.com',
      phone: '+385 91 234 5678',
      delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
      remark: 'Hvala',
      payment_method: 'cod',
      terms_accepted: true,
      expected_total: 2629,
    });
    expect(PlaceOrderBody.safeParse(body).success).toBe(true);
  });

  it('carries the billing address and the R1 company only when chosen', () => {
    const plain = orderBody({ ...VALID, billing_street: 'Old 1', company_name: 'X' }, 100);
    expect(plain.billing_address).toBeUndefined();
    expect(plain.r1_invoice).toBeUndefined();
    const full = orderBody(
      {
        ...VALID,
        ...R1,
        billing_differs: true,
        billing_first_name: 'Ivo',
        billing_last_name: 'Ivić',
        billing_street: 'Riva 3',
        billing_postal_code: '51000',
        billing_city: 'Rijeka',
        billing_country: 'HR',
        payment_method: 'card',
      },
      100,
    );
    expect(full.billing_address).toEqual({
      first_name: 'Ivo',
      last_name: 'Ivić',
      street: 'Riva 3',
      postal_code: '51000',
      city: 'Rijeka',
      country: 'HR',
    });
    expect(full.r1_invoice).toEqual({
      company_name: 'Tvrtka d.o.o.',
      tax_id: GOOD_OIB,
      street: 'Vukovarska 2',
      postal_code: '21000',
      city: 'Split',
      country: 'HR',
    });
    expect(full.payment_method).toBe('card');
    expect(PlaceOrderBody.safeParse(full).success).toBe(true);
  });

  it("maps the API's field paths to the form's fields", () => {
    expect(fieldOfApiPath('email')).toBe('email');
    expect(fieldOfApiPath('delivery_address.city')).toBe('city');
    expect(fieldOfApiPath('billing_address.postal_code')).toBe('billing_postal_code');
    expect(fieldOfApiPath('r1_invoice.tax_id')).toBe('tax_id');
    expect(fieldOfApiPath('r1_invoice.company_name')).toBe('company_name');
    expect(fieldOfApiPath('r1_invoice.street')).toBe('company_street');
    expect(fieldOfApiPath('expected_total')).toBeNull();
    expect(fieldOfApiPath('__proto__')).toBeNull();
    expect(fieldOfApiPath(undefined)).toBeNull();
  });
});

describe('idempotency key of an attempt', () => {
  const body = orderBody(VALID, 1000);
  let n = 0;
  const keys = () => `key-${String(++n).padStart(8, '0')}`;

  it('is kept for a retry of the same body and new for a different one', () => {
    const first = attemptFor(body, null, keys);
    expect(attemptFor(orderBody(VALID, 1000), first, keys)).toBe(first);
    const newTotal = attemptFor(orderBody(VALID, 1200), first, keys);
    expect(newTotal.key).not.toBe(first.key);
    const edited = attemptFor(orderBody({ ...VALID, city: 'Split' }, 1000), first, keys);
    expect(edited.key).not.toBe(first.key);
  });

  it('fresh keys have the form the API accepts and differ', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('what survives a reload', () => {
  it('round-trips values and the attempt', () => {
    const state = { values: { ...VALID, ...R1 }, attempt: { key: 'abcdefgh12', body: '{}' } };
    expect(readStored(writeStored(state))).toEqual(state);
  });

  it('gives the defaults, field by field, for missing, broken or tampered entries', () => {
    expect(readStored(null)).toEqual({ values: EMPTY_VALUES, attempt: null });
    expect(readStored('{not json')).toEqual({ values: EMPTY_VALUES, attempt: null });
    expect(readStored('"text"')).toEqual({ values: EMPTY_VALUES, attempt: null });
    const tampered = readStored(
      JSON.stringify({
        values: {
          email: 42,
          city: 'Zagreb',
          r1: 'yes',
          payment_method: 'bitcoin',
          terms_accepted: true,
          street: 'x'.repeat(5000),
          extra: 'x',
        },
        attempt: { key: 'bad key!', body: '{}' },
      }),
    );
    expect(tampered.values).toEqual({ ...EMPTY_VALUES, city: 'Zagreb', terms_accepted: true });
    expect(tampered.attempt).toBeNull();
  });
});

describe('prefill from the profile', () => {
  const user = {
    email: 'ana@example.com',
    phone: '+385 1 234 567',
    first_name: 'Ana',
    last_name: 'Horvat',
    address: 'Ilica 1',
    zip_code: '10000',
    city: 'Zagreb',
    country: 'SI',
    company_name: 'Tvrtka d.o.o.',
    vat_number: GOOD_OIB,
  };

  it('fills empty fields', () => {
    expect(prefill(EMPTY_VALUES, user)).toEqual({
      ...EMPTY_VALUES,
      email: 'ana@example.com',
      phone: '+385 1 234 567',
      first_name: 'Ana',
      last_name: 'Horvat',
      street: 'Ilica 1',
      postal_code: '10000',
      city: 'Zagreb',
      country: 'SI',
      company_name: 'Tvrtka d.o.o.',
      tax_id: GOOD_OIB,
    });
  });

  it('never overwrites what the shopper typed', () => {
    const typed = { ...EMPTY_VALUES, email: 'other@example.com', street: 'Riva 3', city: 'Rijeka' };
    const next = prefill(typed, user);
    expect([next.email, next.street, next.city, next.country]).toEqual(['other@example.com', 'Riva 3', 'Rijeka', 'HR']);
    expect(prefill(EMPTY_VALUES, { ...user, country: 'US' }).country).toBe('HR');
  });
});

describe("a guest's 'create an account'", () => {
  const TODAY = '2026-11-24';
  const SECRETS = { password: 'lozinka1', password_confirmation: 'lozinka1' };
  const ticked = { ...VALID, create_account: true, birthday: '1990-05-01' };

  it('asks nothing when the box is not ticked', () => {
    expect(validateAccount({ ...VALID, create_account: false }, { password: '', password_confirmation: '' }, TODAY)).toEqual({});
  });

  it("checks the birthday and the password pair as the registration screen does (the registration's schema)", () => {
    expect(validateAccount({ ...ticked, birthday: '' }, { password: '', password_confirmation: '' }, TODAY)).toEqual({
      birthday: 'required',
      password: 'required',
      password_confirmation: 'required',
    });
    expect(validateAccount({ ...ticked, birthday: '2030-01-01' }, { password: 'abc', password_confirmation: 'abd' }, TODAY)).toEqual({
      birthday: 'birthday',
      password: 'passwordLength',
      password_confirmation: 'passwordMismatch',
    });
    expect(validateAccount(ticked, SECRETS, TODAY)).toEqual({});
  });

  it('a tick is not stored as a password: the stored values never hold one', () => {
    const text = writeStored({ values: ticked, attempt: null });
    expect(text).not.toContain('lozinka1');
    expect(readStored(text).values).toMatchObject({ create_account: true, birthday: '1990-05-01' });
    expect(Object.keys(readStored(text).values)).not.toContain('password');
  });

  it("registers with the delivery name, the e-mail, the password, the birthday, the terms and the page's language", () => {
    const body = registrationBody(ticked, SECRETS, 'de');
    expect(body).toEqual({
      first_name: 'Ana',
      last_name: 'Horvat',
      birthday: '1990-05-01',
      email: 'Ana@Example.com',
      password: 'lozinka1',
      password_confirmation: 'lozinka1',
      terms_accepted: true,
      newsletter: false,
      locale: 'de',
    });
    expect(RegistrationBody.safeParse(body).success).toBe(true);
  });
});
