/**
 * The field blocks that many forms share (docs/forms.md), each written once: a block takes the form's Binder
 * (ids, names, values, errors, change handlers) and the names of its fields in that form; labels that differ
 * between forms are props, the rest (types, autocomplete, input modes, lengths) is the block's.
 */
import type { ReactNode } from 'react';
import { PASSWORD_MAX_LENGTH } from '../../../../contract/api/identity';
import { useT } from '../../hooks/use-locale';
import { CheckboxField, NewTabLink, SelectField, TextField, type SelectOption } from './fields';
import type { Binder, CheckBinding, TextBinding } from './use-form';
import { todayIso } from './validation';

/** 'shipping' or 'billing' (autocomplete sections); none for an address the browser should not fill in. */
type Section = 'shipping' | 'billing';

/** An e-mail address (autocomplete 'email' unless told: a login's is 'username'). */
export function EmailField({
  binding,
  label,
  hint,
  autoComplete = 'email',
}: {
  binding: TextBinding;
  label: string;
  hint?: string;
  autoComplete?: string;
}) {
  return (
    <TextField
      {...binding}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      label={label}
      hint={hint}
    />
  );
}

/** A phone number. */
export function PhoneField({
  binding,
  label,
  hint,
  optional,
  maxLength,
}: {
  binding: TextBinding;
  label: string;
  hint?: string;
  optional?: boolean;
  maxLength?: number;
}) {
  return (
    <TextField
      {...binding}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      label={label}
      hint={hint}
      optional={optional}
      maxLength={maxLength}
    />
  );
}

/** A date of birth: from 1900-01-01 to today. */
export function BirthdayField({
  binding,
  label,
  hint,
  optional,
}: {
  binding: TextBinding;
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  return (
    <TextField
      {...binding}
      type="date"
      autoComplete="bday"
      min="1900-01-01"
      max={todayIso()}
      label={label}
      hint={hint}
      optional={optional}
    />
  );
}

/** First and last name (two fields: put them in a FieldGrid for two columns). */
export function NameFields<F extends string>({
  bind,
  names,
  section,
}: {
  bind: Binder<F>;
  names: { first: F; last: F };
  section?: Section;
}) {
  const { t } = useT();
  const auto = (token: string) => (section ? `${section} ${token}` : token);
  return (
    <>
      <TextField {...bind.text(names.first)} label={t('account.common.firstName')} autoComplete={auto('given-name')} maxLength={100} />
      <TextField {...bind.text(names.last)} label={t('account.common.lastName')} autoComplete={auto('family-name')} maxLength={100} />
    </>
  );
}

interface AddressFieldNames<F extends string> {
  /** With both: the name first (NameFields). */
  firstName?: F;
  lastName?: F;
  street: F;
  postalCode: F;
  city: F;
  country: F;
}

export interface AddressLabels {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/**
 * A postal address, inside a FieldGrid: (the name,) street over both columns, postal code and town, the
 * country over both columns. `section` sets the autocomplete tokens ('shipping street-address'); without it
 * the browser fills nothing in (a company's address).
 */
export function AddressFields<F extends string>({
  bind,
  names,
  labels,
  countries,
  section,
  optional,
  postalCodeMaxLength = 16,
}: {
  bind: Binder<F>;
  names: AddressFieldNames<F>;
  labels: AddressLabels;
  countries: SelectOption[];
  section?: Section;
  optional?: boolean;
  postalCodeMaxLength?: number;
}) {
  const auto = (token: string) => (section ? `${section} ${token}` : undefined);
  return (
    <>
      {names.firstName && names.lastName ? (
        <NameFields bind={bind} names={{ first: names.firstName, last: names.lastName }} section={section} />
      ) : null}
      <TextField
        {...bind.text(names.street)}
        wide
        label={labels.street}
        optional={optional}
        autoComplete={auto('street-address')}
        maxLength={200}
      />
      <TextField
        {...bind.text(names.postalCode)}
        label={labels.postalCode}
        optional={optional}
        autoComplete={auto('postal-code')}
        maxLength={postalCodeMaxLength}
      />
      <TextField {...bind.text(names.city)} label={labels.city} optional={optional} autoComplete={auto('address-level2')} maxLength={100} />
      <SelectField
        {...bind.text(names.country)}
        wide
        label={labels.country}
        optional={optional}
        autoComplete={auto('country')}
        options={countries}
      />
    </>
  );
}

/**
 * A company for the invoice, inside a FieldGrid: its name over both columns and its tax id (the OIB, or an EU
 * VAT number), then its address (`children`: AddressFields, or one line).
 */
export function CompanyFields<F extends string>({
  bind,
  names,
  labels,
  optional,
  children,
}: {
  bind: Binder<F>;
  names: { company: F; taxId: F };
  labels: { company: string; taxId: string; taxIdHint: string };
  optional?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <TextField
        {...bind.text(names.company)}
        wide
        label={labels.company}
        optional={optional}
        autoComplete="organization"
        maxLength={200}
      />
      <TextField
        {...bind.text(names.taxId)}
        label={labels.taxId}
        hint={labels.taxIdHint}
        optional={optional}
        maxLength={20}
        spellCheck={false}
        autoCapitalize="characters"
      />
      {children}
    </>
  );
}

/**
 * A tick box the form cannot be sent without (the general terms, the consent to the processing of the
 * data), and right under it a link to the text it accepts, in a new tab so what was typed stays. The link is
 * not inside the label: the tick box's name stays one clear sentence.
 */
export function ConsentCheckbox({ binding, label, link }: { binding: CheckBinding; label: string; link: { href: string; text: string } }) {
  return (
    <CheckboxField {...binding} required extra={<NewTabLink href={link.href}>{link.text}</NewTabLink>}>
      {label}
    </CheckboxField>
  );
}

/** A new password and its confirmation (registration, invitation, reset, change, the checkout's account). */
export function NewPasswordFields({
  bind,
  labels,
}: {
  bind: Binder<'password' | 'password_confirmation'>;
  /** Default: 'New password' / 'Confirm new password'. */
  labels?: { password: string; confirmation: string };
}) {
  const { t } = useT();
  const fields = [
    { field: 'password', label: labels?.password ?? t('account.password.new'), hint: t('account.common.passwordHint') },
    { field: 'password_confirmation', label: labels?.confirmation ?? t('account.password.confirm') },
  ] as const;
  return fields.map((f) => (
    <TextField
      key={f.field}
      {...bind.text(f.field)}
      type="password"
      autoComplete="new-password"
      maxLength={PASSWORD_MAX_LENGTH}
      label={f.label}
      hint={'hint' in f ? f.hint : undefined}
    />
  ));
}
