import { company } from '../../../contract/brand/company';
import { formatEuro, formatIban } from '../../../contract/money';
import { useT } from '../hooks/use-locale';

/** Registered company data (footer and contact page), from brand/company.ts. */
export function CompanyDetails({ className }: { className?: string }) {
  const { t, locale } = useT();
  return (
    <dl className={className}>
      <div>
        <dt>{t('footer.oib')}</dt>
        <dd>{company.oib}</dd>
      </div>
      <div>
        <dt>{t('footer.mbs')}</dt>
        <dd>{company.mbs}</dd>
      </div>
      <div>
        <dt>{t('footer.court')}</dt>
        <dd>{company.registryCourt}</dd>
      </div>
      <div>
        <dt>{t('footer.shareCapital')}</dt>
        <dd>
          {formatEuro(company.shareCapitalCents, locale)}, {t('footer.shareCapitalPaid')}
        </dd>
      </div>
      <div>
        <dt>{t('footer.iban')}</dt>
        <dd>{formatIban(company.iban)}</dd>
      </div>
      <div>
        <dt>{t('footer.bank')}</dt>
        <dd>{company.bank}</dd>
      </div>
    </dl>
  );
}

export function CompanyContact({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <address className={className}>
      <p>
        {company.legalName}
        <br />
        {company.street}
        <br />
        {company.postalCode} {company.city}, {company.countryCode}
      </p>
      <p>
        {t('footer.phone')}: <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
        <br />
        {t('footer.email')}: <a href={`mailto:${company.email}`}>{company.email}</a>
      </p>
    </address>
  );
}
