import { useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ScreenLink } from '../../components/screen-link';
import { useT } from '../../hooks/use-locale';
import { LOCALE_NAMES, isLocale } from '../../../../contract/locales';
import { routePath } from '../../../../contract/paths';
import { formatDate } from '../catalog/format';
import type { OrderSummaryView, UserView } from './account-types';
import { formStyles, Notice, ScreenPage } from '../../components/forms';
import type { ProfileData } from './loaders';
import { GoogleLinkPanel } from './google-link-panel';
import { OrderCard } from './order-card';
import { countryLabel } from './profile-values';
import { sessionConfig } from './session';
import { useSessionStore } from './use-session';
import styles from './account.module.css';

type T = ReturnType<typeof useT>['t'];

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
    <ScreenPage screen="profile" intro={false}>
      {emailChange === 'changed' ? (
        <Notice kind="success" id="email-changed" testId="email-changed">
          <p>{t('account.profile.emailChanged', { email: user.email })}</p>
        </Notice>
      ) : emailChange === 'invalid' ? (
        <Notice kind="error" id="email-change-invalid" testId="email-change-invalid">
          <p>{t('account.profile.emailChangeInvalid')}</p>
        </Notice>
      ) : null}
      <p className={formStyles.lead} data-testid="profile-greeting">
        {t('account.profile.greeting', { name: user.first_name })}
      </p>
      <div className={formStyles.columns}>
        <section className={formStyles.panel} aria-labelledby="profile-details-heading" data-testid="profile-details">
          <h2 id="profile-details-heading">{t('account.profile.detailsHeading')}</h2>
          <ProfileDetails user={user} />
          <ul className={styles.linkList}>
            <li>
              <ScreenLink screen="profile_edit" className={formStyles.inlineLink}>
                {t('account.profile.edit')}
              </ScreenLink>
            </li>
            <li>
              <ScreenLink screen="profile_reset_password" className={formStyles.inlineLink}>
                {t('account.profile.changePassword')}
              </ScreenLink>
            </li>
          </ul>
        </section>
        <div className={formStyles.stack}>
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
              <ScreenLink screen="profile_orders" className={formStyles.inlineLink}>
                {t('account.profile.allOrders')}
              </ScreenLink>
            </p>
          </section>
          <GoogleLinkPanel user={user} google={data.google} result={googleResult} />
          <section className={formStyles.panel} aria-labelledby="logout-heading">
            <h2 id="logout-heading">{t('account.profile.logoutHeading')}</h2>
            <p>{t('account.profile.logoutText')}</p>
            <LogoutButton />
          </section>
        </div>
      </div>
    </ScreenPage>
  );
}

function NoOrders() {
  const { t } = useT();
  return (
    <div className={styles.empty} data-testid="no-orders">
      <p>{t('account.orders.empty')}</p>
      <ScreenLink screen="webshop" className={formStyles.inlineLink}>
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
      className={formStyles.secondaryButton}
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
    <ScreenPage screen="profile_orders">
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
        <ScreenLink screen="profile" className={formStyles.inlineLink}>
          {t('account.common.backToProfile')}
        </ScreenLink>
      </p>
    </ScreenPage>
  );
}
