import { describe, expect, it } from '@jest/globals';
import { InvitationBody, PasswordResetBody, ProfileUpdateBody, RegistrationBody } from './identity.js';

const codes = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('identity API schemas', () => {
  it('profile update: only the fields sent, trimmed; null or blank clears an optional one', () => {
    const parsed = ProfileUpdateBody.parse({ city: '  Novi   Zagreb ', phone: null, address: '   ', country: 'si', extra: 1 });
    expect(parsed).toEqual({ city: 'Novi Zagreb', phone: null, address: null, country: 'SI' });
    expect(Object.keys(ProfileUpdateBody.parse({}))).toEqual([]);
  });

  it('profile update: names may not be cleared, types are checked, every problem at once', () => {
    const result = ProfileUpdateBody.safeParse({
      first_name: null,
      newsletter: 'yes',
      locale: 'fr',
      zip_code: '!',
      username: 'a b',
      phone: 'x',
    });
    expect(codes(result)).toEqual([
      ['username', 'USER_FIELD_INVALID'],
      ['phone', 'USER_PHONE_INVALID'],
      ['zip_code', 'USER_ZIP_INVALID'],
      ['first_name', 'USER_FIELD_REQUIRED'],
      ['newsletter', 'USER_FIELD_INVALID'],
      ['locale', 'USER_FIELD_INVALID'],
    ]);
  });

  it('checks the VAT number for the country of the body: an OIB for Croatia, the national format elsewhere', () => {
    expect(ProfileUpdateBody.safeParse({ vat_number: '94577403194' }).success).toBe(true);
    expect(codes(ProfileUpdateBody.safeParse({ vat_number: '94577403195' }))).toEqual([['vat_number', 'USER_OIB_INVALID']]);
    expect(codes(ProfileUpdateBody.safeParse({ country: 'DE', vat_number: 'DE12345678' }))).toEqual([['vat_number', 'USER_VAT_INVALID']]);
    expect(ProfileUpdateBody.safeParse({ country: 'DE', vat_number: 'DE 123 456 789' }).success).toBe(true);
    // the check runs when another field failed too
    expect(codes(ProfileUpdateBody.safeParse({ country: 'XX', vat_number: 'X' }))).toEqual([
      ['country', 'USER_COUNTRY_INVALID'],
      ['vat_number', 'USER_VAT_INVALID'],
    ]);
    expect(codes(InvitationBody.safeParse({ email: 'b2b@example.com', company_name: 'Zrno', vat_number: 'HR94577403195' }))).toEqual([
      ['vat_number', 'USER_OIB_INVALID'],
    ]);
  });

  it('registration: the spec codes, the confirmation checked once the password is fine', () => {
    const ok = {
      first_name: 'Ana',
      last_name: 'Horvat',
      birthday: '1990-05-01',
      email: ' Ana@Example.com ',
      password: 'secret1',
      password_confirmation: 'secret1',
      terms_accepted: true,
    };
    expect(RegistrationBody.parse(ok)).toMatchObject({ email: 'ana@example.com', terms_accepted: true });
    expect(RegistrationBody.parse({ ...ok, newsletter: 'yes', locale: 'xx' })).toMatchObject({ newsletter: false, locale: undefined });
    expect(codes(RegistrationBody.safeParse({ ...ok, password_confirmation: 'secret2' }))).toEqual([
      ['password_confirmation', 'USER_PASSWORDS_MISMATCH'],
    ]);
    expect(codes(RegistrationBody.safeParse({ ...ok, password: '12345', password_confirmation: 'x' }))).toEqual([
      ['password', 'USER_PASSWORD_TOO_SHORT'],
    ]);
    expect(codes(RegistrationBody.safeParse({ ...ok, password: 'a'.repeat(129) }))).toEqual([['password', 'USER_PASSWORD_TOO_LONG']]);
    expect(codes(RegistrationBody.safeParse({ ...ok, first_name: ['Ana'], email: 'ana@', terms_accepted: 'true' }))).toEqual([
      ['first_name', 'USER_FIELD_INVALID'],
      ['email', 'USER_EMAIL_INVALID'],
      ['terms_accepted', 'USER_TERMS_REQUIRED'],
    ]);
  });

  it('password reset: the confirmation only when sent', () => {
    expect(PasswordResetBody.safeParse({ token: 't', password: 'secret1' }).success).toBe(true);
    expect(codes(PasswordResetBody.safeParse({ token: 't', password: 'secret1', password_confirmation: '' }))).toEqual([
      ['password_confirmation', 'USER_PASSWORDS_MISMATCH'],
    ]);
  });
});
