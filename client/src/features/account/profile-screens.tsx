import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, browserApi } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { LOCALE_NAMES, LOCALES, isLocale } from '../../../../contract/locales';
import { routePath } from '../../../../contract/paths';
import { DELIVERY_COUNTRIES } from '../cart/cart-helpers';
import { formatDate } from '../catalog/format';
import { updateMe } from './account-api';
import type { OrderSummaryView, ProfileUpdate, UserView } from './account-types';
import { CheckboxField, FormErrors, Notice, SelectField, SubmitButton, TextField, useAccountForm } from './form';
import type { ProfileData } from './loaders';
import { GoogleLinkPanel } from './google-link-panel';
import { OrderCard } from './order-card';
import { sessionConfig } from './session';
import { AccountPage } from './shared';
import { useSessionStore } from './use-session';
import { todayIso, validateProfile, type ProfileField, type ProfileValues } from './validation';
import styles from './account.module.css';

type T = ReturnType<typeof useT>['t'];

/** A country's name in the page language (translations, not Intl: the same text on server and browser). */
function countryLabel(t: T, code: string | null): string {
  if (!code) return '';
  return t(`countries.${code}`, { defaultValue: code });
}

/** The EU countries for a select: Croatia first (home market and default), then by name. */
function useCountryOptions() {
  const { t, locale } = useT();
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const [home, ...rest] = DELIVERY_COUNTRIES.map((code) => ({ value: code, label: countryLabel(t, code) }));
    return [home, ...rest.sort((a, b) => collator.compare(a.label, b.label))];
  }, [t, locale]);
}

// ---------------------------------------------------------------------------------------------------
// Profile overview

export function ProfileScreen({
  data,
  emailChange,
  googleResult,
}: {
  data: ProfileData;
  emailChange?: 'changed' | 'invalid';
  googleResult?: string;
}) {
  const { t } = useT();
  const { user, orders } = data;
  const last = orders?.[0] ?? null;
  return (
    <AccountPage screen="profile" intro={false}>
      {emailChange === 'changed' ? (
        <Notice kind="success" id="email-changed" testId="email-changed">
          <p>{t('account.profile.emailChanged', { email: user.email })}</p>
        </Notice>
      ) : emailChange === 'invalid' ? (
        <Notice kind="error" id="email-change-invalid" testId="email-change-invalid">
          <p>{t('account.profile.emailChangeInvalid')}</p>
        </Notice>
      ) : null}
      <p className={styles.lead} data-testid="profile-greeting">
        {t('account.profile.greeting', { name: user.first_name })}
      </p>
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="profile-details-heading" data-testid="profile-details">
          <h2 id="profile-details-heading">{t('account.profile.detailsHeading')}</h2>
          <ProfileDetails user={user} />
          <ul className={styles.linkList}>
            <li>
              <ScreenLink screen="profile_edit" className={styles.inlineLink}>
                {t('account.profile.edit')}
              </ScreenLink>
            </li>
            <li>
              <ScreenLink screen="profile_reset_password" className={styles.inlineLink}>
                {t('account.profile.changePassword')}
              </ScreenLink>
            </li>
          </ul>
        </section>
        <div className={styles.stack}>
          <section aria-labelledby="last-order-heading" data-testid="last-order">
            <h2 id="last-order-heading">{t('account.profile.lastOrderHeading')}</h2>
            {orders === null ? (
              <p className={styles.empty}>{t('account.orders.loadFailed')}</p>
            ) : last ? (
              <OrderCard order={last} />
            ) : (
              <NoOrders />
            )}
            <p>
              <ScreenLink screen="profile_orders" className={styles.inlineLink}>
                {t('account.profile.allOrders')}
              </ScreenLink>
            </p>
          </section>
          <GoogleLinkPanel user={user} google={data.google} result={googleResult} />
          <section className={styles.panel} aria-labelledby="logout-heading">
            <h2 id="logout-heading">{t('account.profile.logoutHeading')}</h2>
            <p>{t('account.profile.logoutText')}</p>
            <LogoutButton />
          </section>
        </div>
      </div>
    </AccountPage>
  );
}

function NoOrders() {
  const { t } = useT();
  return (
    <div className={styles.empty} data-testid="no-orders">
      <p>{t('account.orders.empty')}</p>
      <ScreenLink screen="webshop" className={styles.inlineLink}>
        {t('account.orders.shopLink')}
      </ScreenLink>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function addressLines(t: T, address: string | null, zip: string | null, city: string | null, country: string | null): string | null {
  const place = [zip, city].filter(Boolean).join(' ');
  const lines = [address, place, countryLabel(t, country)].filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}

function ProfileDetails({ user }: { user: UserView }) {
  const { t, locale } = useT();
  const none = <span className={styles.muted}>{t('account.profile.notProvided')}</span>;
  const value = (v: string | null | undefined) => (v ? v : none);
  const delivery = addressLines(t, user.address, user.zip_code, user.city, user.country);
  const billing = user.billing_same_as_delivery
    ? t('account.profile.billingSame')
    : addressLines(t, user.billing_address, user.billing_zip_code, user.billing_city, user.billing_country);
  const emailLanguage = isLocale(user.locale) ? LOCALE_NAMES[user.locale] : user.locale;
  return (
    <dl className={styles.details}>
      <Detail label={t('account.profile.name')}>{`${user.first_name} ${user.last_name}`.trim() || none}</Detail>
      <Detail label={t('account.common.email')}>{user.email}</Detail>
      {user.username ? <Detail label={t('account.edit.username')}>{user.username}</Detail> : null}
      <Detail label={t('account.edit.phone')}>{value(user.phone)}</Detail>
      <Detail label={t('account.edit.birthDate')}>
        {user.birth_date ? <time dateTime={user.birth_date}>{formatDate(user.birth_date, locale)}</time> : none}
      </Detail>
      <Detail label={t('account.profile.deliveryAddress')}>{delivery ? <span className={styles.address}>{delivery}</span> : none}</Detail>
      <Detail label={t('account.profile.billingAddress')}>{billing ? <span className={styles.address}>{billing}</span> : none}</Detail>
      <Detail label={t('account.profile.company')}>
        {user.company_name || user.vat_number || user.company_address ? (
          <span className={styles.address}>
            {[
              user.company_name,
              user.vat_number ? t('account.profile.vatNumberValue', { number: user.vat_number }) : null,
              user.company_address,
            ]
              .filter(Boolean)
              .join('\n')}
          </span>
        ) : (
          none
        )}
      </Detail>
      <Detail label={t('account.edit.newsletterLabel')}>{user.newsletter ? t('account.profile.yes') : t('account.profile.no')}</Detail>
      <Detail label={t('account.edit.locale')}>
        <span lang={isLocale(user.locale) ? user.locale : undefined}>{emailLanguage}</span>
      </Detail>
    </dl>
  );
}

/**
 * Logout: the API revokes the session and clears the cookies; the session store drops the account's cached
 * data and reads the cart again (the guest's).
 */
export function LogoutButton() {
  const { t, locale } = useT();
  const store = useSessionStore();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    if (busy) return;
    setBusy(true);
    await store.signOut();
    router.clearCache();
    await router.navigate({
      to: routePath(sessionConfig.loginScreen) as never,
      params: { locale } as never,
      search: { signed_out: 1 } as never,
      replace: true,
    });
  };
  return (
    <button
      type="button"
      className={styles.secondaryButton}
      aria-disabled={busy || undefined}
      onClick={() => void logout()}
      data-testid="logout"
    >
      {busy ? t('account.profile.loggingOut') : t('account.profile.logout')}
    </button>
  );
}

// ---------------------------------------------------------------------------------------------------
// All orders

export function ProfileOrdersScreen({ orders }: { orders: OrderSummaryView[] }) {
  const { t } = useT();
  return (
    <AccountPage screen="profile_orders">
      {orders.length === 0 ? (
        <NoOrders />
      ) : (
        <ol className={styles.orders} aria-label={t('account.orders.listLabel')}>
          {orders.map((order) => (
            <li key={order.number}>
              <OrderCard order={order} headingLevel={2} />
            </li>
          ))}
        </ol>
      )}
      <p>
        <ScreenLink screen="profile" className={styles.inlineLink}>
          {t('account.common.backToProfile')}
        </ScreenLink>
      </p>
    </AccountPage>
  );
}

// ---------------------------------------------------------------------------------------------------
// Edit profile

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

function valuesOf(user: UserView): ProfileValues {
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

export function ProfileEditScreen({ user }: { user: UserView }) {
  const { t, locale } = useT();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useAccountForm<ProfileField>();
  const savedId = useId();
  const countries = useCountryOptions();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [saved, setSaved] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const change = <K extends ProfileField>(field: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSaved(false);
    form.clearField(field);
  };

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

  const id = form.idOf;
  const err = form.errors.fields;
  const text = (field: ProfileField & keyof ProfileValues, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={id(field)}
      name={field}
      label={label}
      value={values[field] as string}
      error={err[field]}
      onChange={(v) => change(field, v)}
      {...extra}
    />
  );

  return (
    <AccountPage screen="profile_edit">
      <form className={`${styles.form} ${styles.editForm}`} method="post" onSubmit={submit} noValidate data-testid="profile-edit-form">
        {saved ? (
          <Notice kind="success" id={savedId} testId="profile-saved">
            <p>{t('account.edit.success')}</p>
            {pendingEmail ? <p data-testid="email-pending">{t('account.edit.emailPending', { email: pendingEmail })}</p> : null}
          </Notice>
        ) : null}
        <FormErrors form={form} />

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.accountHeading')}</legend>
          <div className={styles.fieldGrid}>
            {text('username', t('account.edit.username'), {
              optional: true,
              autoComplete: 'nickname',
              maxLength: 40,
              spellCheck: false,
              autoCapitalize: 'none',
              hint: t('account.edit.usernameHint'),
            })}
            {text('email', t('account.common.email'), {
              type: 'email',
              autoComplete: 'email',
              inputMode: 'email',
              spellCheck: false,
              autoCapitalize: 'none',
            })}
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.personalHeading')}</legend>
          <div className={styles.fieldGrid}>
            {text('first_name', t('account.common.firstName'), { autoComplete: 'given-name', maxLength: 100 })}
            {text('last_name', t('account.common.lastName'), { autoComplete: 'family-name', maxLength: 100 })}
            {text('birth_date', t('account.edit.birthDate'), {
              type: 'date',
              optional: true,
              autoComplete: 'bday',
              min: '1900-01-01',
              max: todayIso(),
            })}
            {text('phone', t('account.edit.phone'), { type: 'tel', optional: true, autoComplete: 'tel', inputMode: 'tel', maxLength: 30 })}
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.addressHeading')}</legend>
          <div className={styles.fieldGrid}>
            <div className={styles.wide}>
              {text('address', t('account.edit.address'), { optional: true, autoComplete: 'shipping street-address', maxLength: 200 })}
            </div>
            {text('zip_code', t('account.edit.zipCode'), { optional: true, autoComplete: 'shipping postal-code', maxLength: 10 })}
            {text('city', t('account.edit.city'), { optional: true, autoComplete: 'shipping address-level2', maxLength: 100 })}
            <SelectField
              id={id('country')}
              name="country"
              label={t('account.edit.country')}
              optional
              autoComplete="shipping country"
              value={values.country}
              error={err.country}
              options={countries}
              onChange={(v) => change('country', v)}
            />
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.companyHeading')}</legend>
          <p className={styles.hint}>{t('account.edit.companyHint')}</p>
          <div className={styles.fieldGrid}>
            <div className={styles.wide}>
              {text('company_name', t('account.edit.companyName'), { optional: true, autoComplete: 'organization', maxLength: 200 })}
            </div>
            {text('vat_number', t('account.edit.vatNumber'), {
              optional: true,
              maxLength: 20,
              spellCheck: false,
              autoCapitalize: 'characters',
              hint: t('account.edit.vatNumberHint'),
            })}
            <div className={styles.wide}>
              {text('company_address', t('account.edit.companyAddress'), { optional: true, maxLength: 300 })}
            </div>
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.billingHeading')}</legend>
          <CheckboxField
            id={id('billing_same_as_delivery')}
            name="billing_same_as_delivery"
            checked={values.billing_same_as_delivery}
            error={err.billing_same_as_delivery}
            onChange={(v) => change('billing_same_as_delivery', v)}
          >
            {t('account.edit.billingSame')}
          </CheckboxField>
          {values.billing_same_as_delivery ? null : (
            <div className={styles.fieldGrid} data-testid="billing-fields">
              <div className={styles.wide}>
                {text('billing_address', t('account.edit.billingAddress'), {
                  optional: true,
                  autoComplete: 'billing street-address',
                  maxLength: 200,
                })}
              </div>
              {text('billing_zip_code', t('account.edit.billingZipCode'), {
                optional: true,
                autoComplete: 'billing postal-code',
                maxLength: 10,
              })}
              {text('billing_city', t('account.edit.billingCity'), {
                optional: true,
                autoComplete: 'billing address-level2',
                maxLength: 100,
              })}
              <SelectField
                id={id('billing_country')}
                name="billing_country"
                label={t('account.edit.billingCountry')}
                optional
                autoComplete="billing country"
                value={values.billing_country}
                error={err.billing_country}
                options={countries}
                onChange={(v) => change('billing_country', v)}
              />
            </div>
          )}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('account.edit.preferencesHeading')}</legend>
          <CheckboxField
            id={id('newsletter')}
            name="newsletter"
            checked={values.newsletter}
            error={err.newsletter}
            onChange={(v) => change('newsletter', v)}
          >
            {t('account.edit.newsletter')}
          </CheckboxField>
          <SelectField
            id={id('locale')}
            name="locale"
            label={t('account.edit.locale')}
            value={values.locale}
            error={err.locale}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l], lang: l }))}
            onChange={(v) => change('locale', v)}
          />
        </fieldset>

        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel={t('account.common.saving')}>
            {t('account.edit.submit')}
          </SubmitButton>
          <ScreenLink screen="profile" className={styles.inlineLink}>
            {t('account.common.backToProfile')}
          </ScreenLink>
        </div>
      </form>
    </AccountPage>
  );
}
