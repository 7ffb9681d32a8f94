import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ProfileUpdateBody, RegistrationBody } from '../../../../contract/api/identity';
import {
  birthdayError,
  confirmationError,
  emailError,
  isOib,
  MIN_PASSWORD_LENGTH,
  passwordError,
  phoneError,
  usernameError,
  validateInvitation,
  validateLogin,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  vatNumberError,
  zipCodeError,
  type ProfileValues,
} from './validation';

const TODAY = '2026-06-15';

describe('field checks', () => {
  it('requires at least 6 characters for a password', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(passwordError('')).toBe('required');
    expect(passwordError('12345')).toBe('passwordLength');
    expect(passwordError('123456')).toBeNull();
    expect(passwordError('a'.repeat(129))).toBe('passwordTooLong');
  });

  it('requires the confirmation to match', () => {
    expect(confirmationError('secret1', '')).toBe('required');
    expect(confirmationError('secret1', 'secret2')).toBe('passwordMismatch');
    expect(confirmationError('secret1', 'secret1')).toBeNull();
  });

  it('checks e-mail addresses like the API', () => {
    expect(emailError('')).toBe('required');
    expect(emailError('   ')).toBe('required');
    expect(emailError('ana@example.com')).toBeNull();
    expect(emailError(' Ana.Horvat+shop@Example.co.uk ')).toBeNull();
    expect(emailError('ana@example')).toBe('email');
    expect(emailError('ana example@x.hr')).toBe('email');
    expect(emailError('ana@@x.hr')).toBe('email');
    expect(emailError('ana@x.h')).toBe('email');
    expect(emailError('<ana>@x.hr')).toBe('email');
  });

  it('accepts real birth dates from 1900 to today', () => {
    expect(birthdayError('', TODAY, true)).toBe('required');
    expect(birthdayError('', TODAY, false)).toBeNull();
    expect(birthdayError('1990-05-01', TODAY, true)).toBeNull();
    expect(birthdayError(TODAY, TODAY, true)).toBeNull();
    expect(birthdayError('2026-06-16', TODAY, true)).toBe('birthday');
    expect(birthdayError('1899-12-31', TODAY, true)).toBe('birthday');
    expect(birthdayError('2001-02-29', TODAY, true)).toBe('birthday');
    expect(birthdayError('2000-02-29', TODAY, true)).toBeNull();
    expect(birthdayError('01.05.1990', TODAY, true)).toBe('birthday');
  });

  it('checks the OIB check digit (ISO 7064 MOD 11,10)', () => {
    for (const oib of ['94577403194', '69435151530', '12345678903', '33392005961']) expect(isOib(oib)).toBe(true);
    expect(isOib('94577403195')).toBe(false);
    expect(isOib('1234567890')).toBe(false);
    expect(isOib('1234567890a')).toBe(false);
  });

  it('takes the OIB (with or without HR) or another EU VAT number', () => {
    expect(vatNumberError('')).toBeNull();
    expect(vatNumberError('94577403194')).toBeNull();
    expect(vatNumberError('HR 945 774 031 94')).toBeNull();
    expect(vatNumberError('hr94577403194')).toBeNull();
    expect(vatNumberError('94577403195')).toBe('vatNumber');
    expect(vatNumberError('HR94577403195')).toBe('vatNumber');
    expect(vatNumberError('DE123456789')).toBeNull();
    expect(vatNumberError('ATU12345678')).toBeNull();
    expect(vatNumberError('12345')).toBe('vatNumber');
    expect(vatNumberError('X')).toBe('vatNumber');
  });

  it('checks phone, postal code and username shapes like the API', () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError('+385 91 234 5678')).toBeNull();
    expect(phoneError('01/2345-678')).toBeNull();
    expect(phoneError('call me')).toBe('phone');
    expect(phoneError('+12')).toBe('phone');
    expect(zipCodeError('10000')).toBeNull();
    expect(zipCodeError('SI-1000')).toBeNull();
    expect(zipCodeError('1')).toBe('zipCode');
    expect(zipCodeError('10000!')).toBe('zipCode');
    expect(usernameError('')).toBeNull();
    expect(usernameError('ana.horvat_1')).toBeNull();
    expect(usernameError('Šime')).toBeNull();
    expect(usernameError('ab')).toBe('username');
    expect(usernameError('ana horvat')).toBe('username');
  });
});

describe('one rule with the API (contract/api/identity.ts)', () => {
  it("refuses a VAT number in its country's format only, as the API does", () => {
    expect(vatNumberError('DE12345678')).toBe('vatNumber'); // German VAT numbers have 9 digits
    expect(vatNumberError('GR123456789')).toBe('vatNumber'); // Greece's VAT prefix is EL
    expect(vatNumberError('EL123456789')).toBeNull();
  });

  it('answers for each field what the API schema answers', () => {
    for (const phone of ['+385 91 234 5678', 'call me', '+12', '01/2345-678'])
      expect([phone, phoneError(phone) === null]).toEqual([phone, ProfileUpdateBody.safeParse({ phone }).success]);
    for (const username of ['ana.horvat_1', 'ab', 'ana horvat', 'Šime'])
      expect([username, usernameError(username) === null]).toEqual([username, ProfileUpdateBody.safeParse({ username }).success]);
    for (const password of ['12345', '123456', 'a'.repeat(129)]) {
      const api = RegistrationBody.safeParse({ password }).error?.issues.some((i) => i.path[0] === 'password') ?? false;
      expect([password.length, passwordError(password) !== null]).toEqual([password.length, api]);
    }
  });
});

describe('forms', () => {
  it('login: e-mail and a password (no length rule: the API decides)', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
    expect(validateLogin({ email: 'ana@example.com', password: '1' })).toEqual({});
  });

  it('registration: every field, the terms, matching passwords', () => {
    const empty = {
      first_name: '',
      last_name: '',
      birthday: '',
      email: '',
      password: '',
      password_confirmation: '',
      terms_accepted: false,
    };
    expect(validateRegistration(empty, TODAY)).toEqual({
      first_name: 'required',
      last_name: 'required',
      birthday: 'required',
      email: 'required',
      password: 'required',
      password_confirmation: 'required',
      terms_accepted: 'terms',
    });
    const ok = {
      first_name: 'Ana',
      last_name: 'Horvat',
      birthday: '1990-05-01',
      email: 'ana@example.com',
      password: 'secret1',
      password_confirmation: 'secret1',
      terms_accepted: true,
    };
    expect(validateRegistration(ok, TODAY)).toEqual({});
    expect(validateRegistration({ ...ok, password: 'short', password_confirmation: 'short' }, TODAY)).toEqual({
      password: 'passwordLength',
    });
    expect(validateRegistration({ ...ok, password_confirmation: 'secret2' }, TODAY)).toEqual({ password_confirmation: 'passwordMismatch' });
    expect(validateRegistration({ ...ok, terms_accepted: false }, TODAY)).toEqual({ terms_accepted: 'terms' });
  });

  it('business invitation: names, password, terms', () => {
    expect(
      validateInvitation({ first_name: 'Ana', last_name: '', password: '12345', password_confirmation: '1', terms_accepted: false }),
    ).toEqual({
      last_name: 'required',
      password: 'passwordLength',
      password_confirmation: 'passwordMismatch',
      terms_accepted: 'terms',
    });
  });

  it('password change: the current password only when the account has one', () => {
    const v = { current_password: '', password: 'newpass1', password_confirmation: 'newpass1' };
    expect(validatePasswordChange(v, true)).toEqual({ current_password: 'required' });
    expect(validatePasswordChange(v, false)).toEqual({});
  });

  it('profile: names and e-mail required, optional fields checked only when filled', () => {
    const profile: ProfileValues = {
      username: '',
      email: 'ana@example.com',
      phone: '',
      first_name: 'Ana',
      last_name: 'Horvat',
      address: '',
      city: '',
      zip_code: '',
      country: 'HR',
      birth_date: '',
      company_name: '',
      vat_number: '',
      company_address: '',
      billing_same_as_delivery: true,
      billing_address: '',
      billing_city: '',
      billing_zip_code: 'x',
      billing_country: 'HR',
      newsletter: false,
      locale: 'hr',
    };
    expect(validateProfile(profile, TODAY)).toEqual({});
    expect(validateProfile({ ...profile, first_name: ' ', vat_number: '12345678901', billing_same_as_delivery: false }, TODAY)).toEqual({
      first_name: 'required',
      vat_number: 'vatNumber',
      billing_zip_code: 'zipCode',
    });
  });
});

describe('texts of the spec', () => {
  const en = JSON.parse(readFileSync(new URL('../../i18n/locales/en.json', import.meta.url), 'utf8')) as {
    account: Record<string, Record<string, string>>;
    error: Record<string, string>;
  };

  it('keeps the exact English texts', () => {
    expect(en.account.validation.passwordLength).toBe('Password must contain at least 6 characters');
    expect(en.account.validation.passwordMismatch).toBe('Passwords do not match');
    expect(en.account.login.failed).toBe('Login failed, please check your credentials.');
    expect(en.account.forgot.success).toBe('A password reset link has been sent to your email.');
    expect(en.account.edit.success).toBe("The user's profile has been successfully updated");
    expect(en.account.activation.activated).toBe('Your account has been activated. You can now sign in.');
    expect(en.error.general).toBe('Something went wrong, please try again');
  });
});
