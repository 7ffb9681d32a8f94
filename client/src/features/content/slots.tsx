/**
 * The generated parts of pages (docs/content.md, "Generated parts of pages"): each fills its
 * `<div data-slot="...">` from live data, so the text and the shop can never disagree.
 *  - delivery-prices: contract/delivery.ts, the configuration the cart prices with;
 *  - cookie-table: contract/cookies.ts, the registry the server's cookie code takes its names from;
 *  - withdrawal-form and company-data: contract/brand/company.ts.
 */
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ContentSlot } from '../../../../contract/api/content';
import { company } from '../../../../contract/brand/company';
import { STORAGE_ENTRIES, STORAGE_ENTRY_IDS, type Lifetime, type StorageEntry } from '../../../../contract/cookies';
import { DELIVERY_CONFIG, type DeliveryZone } from '../../../../contract/delivery';
import { formatEuro } from '../../../../contract/money';
import { CompanyContact, CompanyDetails } from '../../components/company-details';
import { useT } from '../../hooks/use-locale';
import styles from './content.module.css';

const ZONES: DeliveryZone[] = ['HR', 'EU1', 'EU2'];

function zoneCountries(zone: DeliveryZone): readonly string[] {
  if (zone === 'HR') return ['HR'];
  return zone === 'EU1' ? DELIVERY_CONFIG.zone1Countries : DELIVERY_CONFIG.zone2Countries;
}

/** The price of one parcel of `kg` started kilograms in a zone, as the cart computes it (delivery.ts quoteDelivery). */
export function parcelPrice(zone: DeliveryZone, kg: number): number {
  const fee = DELIVERY_CONFIG.fees[zone];
  return Math.max(DELIVERY_CONFIG.minimumFeePerParcel, fee.perParcel + fee.perStartedKg * kg);
}

export function DeliveryPrices() {
  const { t, locale } = useT();
  const { min, max } = DELIVERY_CONFIG.deliveryDays;
  return (
    <div className={styles.tableScroll}>
      <table className={styles.dataTable}>
        <caption>{t('content.slots.deliveryCaption', { carrier: DELIVERY_CONFIG.carrier })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('content.slots.country')}</th>
            <th scope="col">{t('content.slots.parcel1kg')}</th>
            <th scope="col">{t('content.slots.perKg')}</th>
            <th scope="col">{t('content.slots.freeFrom')}</th>
            <th scope="col">{t('content.slots.days')}</th>
          </tr>
        </thead>
        <tbody>
          {ZONES.map((zone) => (
            <tr key={zone} data-zone={zone}>
              <th scope="row">
                {zoneCountries(zone)
                  .map((c) => t(`countries.${c}`))
                  .join(', ')}
              </th>
              <td>{formatEuro(parcelPrice(zone, 1), locale)}</td>
              <td>{formatEuro(DELIVERY_CONFIG.fees[zone].perStartedKg, locale)}</td>
              <td>
                {zone === 'HR'
                  ? t('content.slots.freeFromValue', { amount: formatEuro(DELIVERY_CONFIG.freeDeliveryThresholdHr, locale) })
                  : t('content.slots.noFree')}
              </td>
              <td>{t('content.slots.daysValue', { min, max })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>
        {t('content.slots.deliveryNote', {
          minimum: formatEuro(DELIVERY_CONFIG.minimumFeePerParcel, locale),
          kg: DELIVERY_CONFIG.maxParcelGrams / 1000,
        })}
      </p>
    </div>
  );
}

function LifetimeText({ lifetime }: { lifetime: Lifetime }) {
  const { t } = useT();
  if (lifetime.unit === 'session') return <>{t('content.cookies.lifetime.session')}</>;
  const text = t(`content.cookies.lifetime.${lifetime.unit}`, { count: lifetime.value });
  return <>{lifetime.configurable ? t('content.cookies.lifetime.byDefault', { lifetime: text }) : text}</>;
}

export function CookieTable() {
  const { t } = useT();
  // Google Analytics' cookies exist only where a container is configured (GTM_ID): the table lists what the shop really sets.
  const analytics = useRouteContext({ from: rootRouteId, select: (c) => c.analytics !== null });
  const ids = STORAGE_ENTRY_IDS.filter((id) => analytics || (STORAGE_ENTRIES[id] as StorageEntry).category !== 'analytics');
  return (
    <div className={styles.tableScroll}>
      <table className={styles.dataTable}>
        <caption>{t('content.slots.cookieCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('content.slots.cookieName')}</th>
            <th scope="col">{t('content.slots.cookieKind')}</th>
            <th scope="col">{t('content.slots.cookiePurpose')}</th>
            <th scope="col">{t('content.slots.cookieLifetime')}</th>
            <th scope="col">{t('content.slots.cookieConsent')}</th>
          </tr>
        </thead>
        <tbody>
          {ids.map((id) => {
            const entry: StorageEntry = STORAGE_ENTRIES[id];
            return (
              <tr key={id} data-category={entry.category}>
                <th scope="row">
                  <code>{entry.prefix ? `${entry.name}<ID>` : entry.name}</code>
                </th>
                <td>{t(`content.cookies.kind.${entry.kind}`)}</td>
                <td>{t(`content.cookies.purpose.${id}`)}</td>
                <td>
                  <LifetimeText lifetime={entry.lifetime} />
                </td>
                <td>{t(`content.cookies.category.${entry.category}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function WithdrawalForm() {
  const { t } = useT();
  const blank = <span className={styles.blank} aria-hidden="true" />;
  return (
    <section className={styles.form} aria-labelledby="withdrawal-form">
      <h3 id="withdrawal-form">{t('content.withdrawal.heading')}</h3>
      <p className={styles.muted}>{t('content.withdrawal.note')}</p>
      <p>
        {t('content.withdrawal.to')}
        <br />
        {company.legalName}, {company.street}, {company.postalCode} {company.city}, {t(`countries.${company.countryCode}`)}
        <br />
        {t('footer.email')}: {company.email} · {t('footer.phone')}: {company.phone} · OIB {company.oib}
      </p>
      <p>{t('content.withdrawal.statement')}</p>
      <ul>
        {(['goods', 'orderedOn', 'receivedOn', 'orderNumber', 'name', 'address', 'signature', 'date'] as const).map((k) => (
          <li key={k}>
            {t(`content.withdrawal.${k}`)}: {blank}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('content.withdrawal.strike')}</p>
    </section>
  );
}

export function CompanyData() {
  const { t } = useT();
  return (
    <section aria-label={t('content.slots.companyCaption')}>
      <CompanyContact />
      <CompanyDetails />
      <p>
        {t('content.slots.vatId')}: {company.vatId}
      </p>
    </section>
  );
}

/** The renderer ContentBody calls for each generated part. */
export function renderSlot(slot: ContentSlot): ReactNode {
  switch (slot) {
    case 'delivery-prices':
      return <DeliveryPrices />;
    case 'cookie-table':
      return <CookieTable />;
    case 'withdrawal-form':
      return <WithdrawalForm />;
    case 'company-data':
      return <CompanyData />;
  }
}
