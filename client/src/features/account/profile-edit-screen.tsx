import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../../contract/locales';
import { ApiError, browserApi } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useT } from '../../hooks/use-locale';
import { DELIVERY_COUNTRIES } from '../cart/cart-helpers';
import { updateMe } from './account-api';
import type { UserView } from './account-types';
import { countryLabel, profileUpdateOf, valuesOf } from './profile-values';
import { useSessionStore } from './use-session';
import { validateProfile, type ProfileField, type ProfileValues } from './validation';
import styles from './account.module.css';
import {
  AddressFields,
  BirthdayField,
  CheckboxField,
  CompanyFields,
  EmailField,
  FieldGrid,
  FormErrors,
  formStyles,
  NameFields,
  Notice,
  PhoneField,
  ScreenPage,
  SelectField,
  SubmitRow,
  TextField,
  todayIso,
  useForm,
} from '../../components/forms';

const PROFILE_FIELDS: readonly ProfileField[] = [
  'username',
  'email',
  'first_name',
  'last_name',
  'birth_date',
  'phone',
  'address',
  'city',
  'zip_code',
  'country',
  'company_name',
  'vat_number',
  'company_address',
  'billing_same_as_delivery',
  'billing_address',
  'billing_city',
  'billing_zip_code',
  'billing_country',
  'newsletter',
  'locale',
];

/** The EU countries for a select: Croatia first (home market and default), then by name. */
function useCountryOptions() {
  const { t, locale } = useT();
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const [home, ...rest] = DELIVERY_COUNTRIES.map((code) => ({ value: code, label: countryLabel(t, code) }));
    return [home, ...rest.sort((a, b) => collator.compare(a.label, b.label))];
  }, [t, locale]);
}

/** The profile's edit form: PATCH /api/users/me; a new e-mail address waits for its confirmation. */
export function ProfileEditScreen({ user }: { user: UserView }) {
  const { t, locale } = useT();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useForm<ProfileField>();
  const savedId = useId();
  const countries = useCountryOptions();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [saved, setSaved] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    setSaved(false);
    if (!form.check(validateProfile(values, todayIso()), PROFILE_FIELDS)) return;
    form.setBusy(true);
    try {
      const updated = await store.authorized(() => updateMe(browserApi(locale), profileUpdateOf(values)));
      setValues(valuesOf(updated));
      setPendingEmail(updated.pending_email);
      setSaved(true);
      form.focus(savedId);
      // The answer is the user now; partial reads of it (e.g. the password screen's) are read again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.meAll, refetchType: 'none' });
      queryClient.setQueryData(queryKeys.me(), updated);
      router.clearCache();
      // Names and e-mail of the session (header, greeting) follow the profile.
      void store.fetch({ force: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await router.invalidate();
        return;
      }
      form.fail(error, PROFILE_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const bind = form.bind(values, (field, value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved(false);
  });
  /** The delivery address (`prefix` '') or the billing address ('billing_'), every field optional. */
  const address = (prefix: '' | 'billing_') => (
    <AddressFields
      bind={bind}
      names={{ street: `${prefix}address`, postalCode: `${prefix}zip_code`, city: `${prefix}city`, country: `${prefix}country` }}
      labels={{
        street: t(prefix ? 'account.edit.billingAddress' : 'account.edit.address'),
        postalCode: t(prefix ? 'account.edit.billingZipCode' : 'account.edit.zipCode'),
        city: t(prefix ? 'account.edit.billingCity' : 'account.edit.city'),
        country: t(prefix ? 'account.edit.billingCountry' : 'account.edit.country'),
      }}
      countries={countries}
      section={prefix ? 'billing' : 'shipping'}
      optional
      postalCodeMaxLength={10}
    />
  );

  return (
    <ScreenPage screen="profile_edit">
      <form className={`${formStyles.form} ${styles.editForm}`} method="post" onSubmit={submit} noValidate data-testid="profile-edit-form">
        {saved ? (
          <Notice kind="success" id={savedId} testId="profile-saved">
            <p>{t('account.edit.success')}</p>
            {pendingEmail ? <p data-testid="email-pending">{t('account.edit.emailPending', { email: pendingEmail })}</p> : null}
          </Notice>
        ) : null}
        <FormErrors form={form} />

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.accountHeading')}</legend>
          <FieldGrid>
            <TextField
              {...bind.text('username')}
              label={t('account.edit.username')}
              optional
              autoComplete="nickname"
              maxLength={40}
              spellCheck={false}
              autoCapitalize="none"
              hint={t('account.edit.usernameHint')}
            />
            <EmailField binding={bind.text('email')} label={t('account.common.email')} />
          </FieldGrid>
        </fieldset>

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.personalHeading')}</legend>
          <FieldGrid>
            <NameFields bind={bind} names={{ first: 'first_name', last: 'last_name' }} />
            <BirthdayField binding={bind.text('birth_date')} label={t('account.edit.birthDate')} optional />
            <PhoneField binding={bind.text('phone')} label={t('account.edit.phone')} optional maxLength={30} />
          </FieldGrid>
        </fieldset>

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.addressHeading')}</legend>
          <FieldGrid>{address('')}</FieldGrid>
        </fieldset>

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.companyHeading')}</legend>
          <p className={formStyles.hint}>{t('account.edit.companyHint')}</p>
          <FieldGrid>
            <CompanyFields
              bind={bind}
              names={{ company: 'company_name', taxId: 'vat_number' }}
              labels={{
                company: t('account.edit.companyName'),
                taxId: t('account.edit.vatNumber'),
                taxIdHint: t('account.edit.vatNumberHint'),
              }}
              optional
            >
              <TextField {...bind.text('company_address')} wide label={t('account.edit.companyAddress')} optional maxLength={300} />
            </CompanyFields>
          </FieldGrid>
        </fieldset>

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.billingHeading')}</legend>
          <CheckboxField {...bind.check('billing_same_as_delivery')}>{t('account.edit.billingSame')}</CheckboxField>
          {values.billing_same_as_delivery ? null : <FieldGrid testId="billing-fields">{address('billing_')}</FieldGrid>}
        </fieldset>

        <fieldset className={formStyles.fieldset}>
          <legend>{t('account.edit.preferencesHeading')}</legend>
          <CheckboxField {...bind.check('newsletter')}>{t('account.edit.newsletter')}</CheckboxField>
          <SelectField
            {...bind.text('locale')}
            label={t('account.edit.locale')}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
          />
        </fieldset>

        <SubmitRow
          busy={form.busy}
          busyLabel={t('account.common.saving')}
          label={t('account.edit.submit')}
          link={{ screen: 'profile', label: t('account.common.backToProfile') }}
        />
      </form>
    </ScreenPage>
  );
}
