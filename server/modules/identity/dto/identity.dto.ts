import type { z } from 'zod';
import { checkVatNumber, ProfileUpdateBody, type InvitationBody, type RegistrationBody } from '../../../../contract/api/identity.js';
import { parseOrThrow } from '../../../platform/http/zod-validation.js';
import type { Locale } from '../../../platform/i18n/index.js';
import { fieldProblem, throwFieldProblems } from '../identity.errors.js';

/**
 * From the identity API's bodies, parsed by their schemas in contract/api/identity.ts (the
 * validation pipe), to what the services take: camelCase, the request's language where the body
 * named none, tax numbers in their stored form.
 */

export interface Registration {
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  password: string;
  newsletter: boolean;
  locale: Locale;
  /** The bot check's token (action 'register'), verified before anything else happens. */
  botCheckToken?: string;
}

export function toRegistration(body: z.output<typeof RegistrationBody>, fallbackLocale: Locale): Registration {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    birthDate: body.birthday,
    email: body.email,
    password: body.password,
    newsletter: body.newsletter === true,
    locale: body.locale ?? fallbackLocale,
    botCheckToken: body.recaptcha_token,
  };
}

export interface Invitation {
  email: string;
  companyName: string;
  vatNumber: string | null;
  companyAddress: string | null;
  firstName: string | null;
  lastName: string | null;
  locale: Locale;
}

export function toInvitation(body: z.output<typeof InvitationBody>, fallbackLocale: Locale): Invitation {
  const vat = body.vat_number ? checkVatNumber(body.vat_number, null) : null;
  return {
    email: body.email,
    companyName: body.company_name,
    vatNumber: vat?.ok ? vat.value : null,
    companyAddress: body.company_address ?? null,
    firstName: body.first_name ?? null,
    lastName: body.last_name ?? null,
    locale: body.locale ?? fallbackLocale,
  };
}

const PROFILE_PROPS = {
  username: 'username',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  zip_code: 'zipCode',
  country: 'country',
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  company_name: 'companyName',
  vat_number: 'vatNumber',
  company_address: 'companyAddress',
  billing_same_as_delivery: 'billingSameAsDelivery',
  billing_address: 'billingAddress',
  billing_city: 'billingCity',
  billing_zip_code: 'billingZipCode',
  billing_country: 'billingCountry',
  newsletter: 'newsletter',
  locale: 'locale',
} as const satisfies Record<keyof z.output<typeof ProfileUpdateBody>, string>;

/**
 * `PATCH /api/users/me`: only the fields present change; null (or '') clears an optional one.
 * Returns the entity property names with their new values. The VAT number is checked for the
 * country of the body or, when the body names none, the one on the profile.
 */
export function parseProfileUpdate(raw: unknown, current: { country: string | null }): Record<string, string | boolean | null> {
  const body = parseOrThrow(ProfileUpdateBody, raw);
  const out: Record<string, string | boolean | null> = {};
  for (const [field, prop] of Object.entries(PROFILE_PROPS) as Array<[keyof typeof PROFILE_PROPS, string]>) {
    if (Object.hasOwn(body, field)) out[prop] = body[field] ?? null;
  }
  if (typeof body.vat_number === 'string') {
    const country = Object.hasOwn(body, 'country') ? (body.country ?? null) : current.country;
    const checked = checkVatNumber(body.vat_number, country);
    if (!checked.ok) throwFieldProblems([fieldProblem(checked.code as 'USER_VAT_INVALID', 'vat_number')]);
    else out.vatNumber = checked.value;
  }
  return out;
}
