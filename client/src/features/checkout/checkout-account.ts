/**
 * A guest's 'create an account' in step 1 (pure; tested in checkout-state.spec.ts): the account fields beyond
 * the order's own, their checks (the registration's) and the registration sent after the order is placed.
 */
import type { RegistrationRequest } from '../../../../contract/api/identity';
import type { Locale } from '../../../../contract/locales';
import type { ValidationKey as AccountValidationKey } from '../../components/forms';
import { validateRegistration } from '../account/validation';
import { clean, type CheckoutValues } from './checkout-state';

/** The password and its confirmation: kept in memory only (checkout-store.ts), never in sessionStorage. */
export interface AccountSecrets {
  password: string;
  password_confirmation: string;
}

export const NO_SECRETS: AccountSecrets = { password: '', password_confirmation: '' };

export type AccountField = 'birthday' | 'password' | 'password_confirmation';

/** The order in which step 1 shows the account fields (after the e-mail address). */
export const ACCOUNT_FIELDS: readonly AccountField[] = ['birthday', 'password', 'password_confirmation'];

/**
 * The registration (`POST /api/users`) a ticked 'create an account' sends after the order is placed: the
 * delivery name, the e-mail, the password, the birthday, the checkout's acceptance of the general terms, the
 * page's language.
 */
export function registrationBody(v: CheckoutValues, secrets: AccountSecrets, locale: Locale): RegistrationRequest {
  return {
    first_name: clean(v.first_name),
    last_name: clean(v.last_name),
    birthday: v.birthday.trim(),
    email: v.email.trim(),
    password: secrets.password,
    password_confirmation: secrets.password_confirmation,
    terms_accepted: true,
    newsletter: false,
    locale,
  };
}

/**
 * The account fields' problems (message keys under `account.validation.*`, as the registration screen shows
 * them), checked with the registration's own schema and rules (validateRegistration: RegistrationBody, the
 * birthday against today, password length, confirmation). Nothing when the box is not ticked; the name and
 * e-mail are the order's own fields, checked there.
 */
export function validateAccount(
  v: CheckoutValues,
  secrets: AccountSecrets,
  today: string,
): Partial<Record<AccountField, AccountValidationKey>> {
  if (!v.create_account) return {};
  const all = validateRegistration(
    {
      first_name: v.first_name,
      last_name: v.last_name,
      birthday: v.birthday.trim(),
      email: v.email,
      password: secrets.password,
      password_confirmation: secrets.password_confirmation,
      terms_accepted: true,
    },
    today,
  );
  const out: Partial<Record<AccountField, AccountValidationKey>> = {};
  for (const field of ACCOUNT_FIELDS) if (all[field]) out[field] = all[field];
  return out;
}
