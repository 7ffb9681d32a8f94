import { Hr, Link, Section, Text } from '@react-email/components';
import { company } from '../../contract/brand/company.js';
import { countryName } from '../../contract/countries.js';
import { formatEuro } from '../../contract/money.js';
import { PRIVACY_POLICY_PATHS } from '../mail-locale.js';
import { useMail } from './mail-context.js';
import { colors, fonts } from './mail-theme.js';
import { richText } from './rich-text.js';

export interface MailFooterProps {
  reason: string;
  unsubscribeUrl?: string;
}

/**
 * Why the reader gets this mail, the privacy policy in their language (and, for marketing mails,
 * the unsubscribe link), then what Croatian company law asks of a business letter: name, seat,
 * registry court and number, OIB, bank account, share capital.
 */
export function MailFooter({ reason, unsubscribeUrl }: MailFooterProps) {
  const { t, locale, publicUrl } = useMail();
  const link = (href: string) => (content: string) => (
    <Link href={href} style={{ color: colors.muted, textDecoration: 'underline' }}>
      {content}
    </Link>
  );
  const country = countryName(company.countryCode, locale);
  const capital = formatEuro(company.shareCapitalCents, locale);

  return (
    <Section style={{ padding: '24px 32px 0', textAlign: 'center' }}>
      <Text style={legal}>
        {reason} {richText(t('layout.footer.privacy'), { link: link(`${publicUrl}${PRIVACY_POLICY_PATHS[locale]}`) })}
      </Text>
      {unsubscribeUrl ? <Text style={legal}>{richText(t('layout.footer.unsubscribe'), { link: link(unsubscribeUrl) })}</Text> : null}
      <Hr style={{ borderColor: colors.rule, margin: '16px 0' }} />
      <Text style={facts}>
        <strong style={{ color: colors.ink }}>{company.legalName}</strong>
        <br />
        {company.street}, {company.postalCode} {company.city}, {country}
        <br />
        <Link href={`mailto:${company.email}`} style={{ color: colors.muted }}>
          {company.email}
        </Link>
        {' · '}
        <Link href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} style={{ color: colors.muted }}>
          {company.phone}
        </Link>
      </Text>
      <Text style={{ ...facts, fontSize: '11px', lineHeight: '17px' }}>
        {t('layout.footer.registry', { court: company.registryCourt, mbs: company.mbs })}
        <br />
        {t('layout.footer.taxIds', { oib: company.oib, vatId: company.vatId })}
        <br />
        {t('layout.footer.bankAccount', { iban: company.iban, bank: company.bank })}
        <br />
        {t('layout.footer.shareCapital', { amount: capital })}
      </Text>
    </Section>
  );
}

const legal = { fontFamily: fonts.sans, fontSize: '12px', lineHeight: '19px', color: colors.muted, margin: '0 0 8px' };
const facts = { fontFamily: fonts.sans, fontSize: '12px', lineHeight: '19px', color: colors.muted, margin: '0 0 10px' };
