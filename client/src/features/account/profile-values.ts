import type { useT } from '../../hooks/use-locale';
import { isLocale } from '../../../../contract/locales';
import type { ProfileUpdate, UserView } from './account-types';
import type { ProfileValues } from './validation';

type T = ReturnType<typeof useT>['t'];

/** A country's name in the page language (translations, not Intl: the same text on server and browser). */
export function countryLabel(t: T, code: string | null): string {
  if (!code) return '';
  return t(`countries.${code}`, { defaultValue: code });
}

/** The edit form's values of a user (empty strings for what is not set). */
export function valuesOf(user: UserView): ProfileValues {
  return {
    username: user.username ?? '',
    email: user.email,
    phone: user.phone ?? '',
    first_name: user.first_name,
    last_name: user.last_name,
    address: user.address ?? '',
    city: user.city ?? '',
    zip_code: user.zip_code ?? '',
    country: user.country ?? 'HR',
    birth_date: user.birth_date ?? '',
    company_name: user.company_name ?? '',
    vat_number: user.vat_number ?? '',
    company_address: user.company_address ?? '',
    billing_same_as_delivery: user.billing_same_as_delivery,
    billing_address: user.billing_address ?? '',
    billing_city: user.billing_city ?? '',
    billing_zip_code: user.billing_zip_code ?? '',
    billing_country: user.billing_country ?? user.country ?? 'HR',
    newsletter: user.newsletter,
    locale: isLocale(user.locale) ? user.locale : 'hr',
  };
}

const optional = (v: string) => (v.trim() === '' ? null : v.trim());

/** The PATCH body: every field of the form; the billing fields only when billing differs from delivery. */
export function profileUpdateOf(v: ProfileValues): ProfileUpdate {
  return {
    username: optional(v.username),
    email: v.email.trim(),
    phone: optional(v.phone),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    address: optional(v.address),
    city: optional(v.city),
    zip_code: optional(v.zip_code),
    country: v.country || null,
    birth_date: v.birth_date || null,
    company_name: optional(v.company_name),
    vat_number: optional(v.vat_number),
    company_address: optional(v.company_address),
    billing_same_as_delivery: v.billing_same_as_delivery,
    ...(v.billing_same_as_delivery
      ? {}
      : {
          billing_address: optional(v.billing_address),
          billing_city: optional(v.billing_city),
          billing_zip_code: optional(v.billing_zip_code),
          billing_country: v.billing_country || null,
        }),
    newsletter: v.newsletter,
    locale: v.locale,
  };
}
