/**
 * The form kit's generic checks: the shape of a form's check results (a message key per field, never text:
 * `useForm().check` translates them under `account.validation.*`), the keys there are, and the checks any
 * form may use. The checks of one API's bodies live with their feature (features/account/validation.ts).
 * Pure; tested in validation.spec.ts.
 */

/** The keys of the messages under `account.validation.*`. */
export type ValidationKey =
  | 'required'
  | 'email'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'terms'
  | 'birthday'
  | 'vatNumber'
  | 'phone'
  | 'zipCode'
  | 'username';

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

export const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Today's date as YYYY-MM-DD in the browser's (or server's) local time. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The first problem of each field, in the order given. */
export function collect<F extends string>(checks: Array<[F, ValidationKey | null]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, error] of checks) if (error && !errors[field]) errors[field] = error;
  return errors;
}
