import { Heading, Section, Text } from '@react-email/components';
import { formatDate, formatPercent } from '../components/format.js';
import { LinkAction, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface BirthdayCouponProps {
  /** As stored on the account. */
  firstName: string;
  /** The one-time code, exactly as the cart accepts it. */
  couponCode: string;
  /** Discount in percent (20 means 20 %). */
  percent: number;
  /** Last day the code works, a calendar date YYYY-MM-DD. */
  validUntil: string;
  /** Absolute link to the product list in the reader's language. */
  shopUrl: string;
}

/** Sent on the customer's birthday: a one-time discount code and the way to the shop. */
export function BirthdayCouponEmail({ firstName, couponCode, percent, validUntil, shopUrl }: BirthdayCouponProps) {
  const { t, locale, publicUrl } = useMail();
  const discount = formatPercent(percent, locale);
  return (
    <MailLayout
      preview={t('birthdayCoupon.preview', { percent: discount })}
      reason={t('birthdayCoupon.reason', { site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('birthdayCoupon.heading')}
      </Heading>
      <Text style={text.body}>{t('birthdayCoupon.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('birthdayCoupon.intro', { percent: discount })}</Text>
      <Section style={couponBox}>
        <Text style={couponLabel}>{t('birthdayCoupon.codeLabel')}</Text>
        <Text style={couponCodeStyle}>{couponCode}</Text>
        <Text style={couponTerms}>{t('birthdayCoupon.terms', { percent: discount, validUntil: formatDate(validUntil, locale) })}</Text>
      </Section>
      <Text style={text.body}>{t('birthdayCoupon.howTo')}</Text>
      <LinkAction href={shopUrl} label={t('birthdayCoupon.button')} hint={t('birthdayCoupon.linkHint')} />
      <MailSignoff signoff={t('birthdayCoupon.signoff')} signature={t('birthdayCoupon.signature')} />
    </MailLayout>
  );
}

const couponBox = {
  backgroundColor: colors.goldSoft,
  border: `2px dashed ${colors.gold}`,
  borderRadius: '8px',
  padding: '18px 16px',
  margin: '4px 0 20px',
  textAlign: 'center' as const,
};

const couponLabel = {
  ...text.small,
  letterSpacing: '1px',
  textTransform: 'uppercase' as const,
  margin: '0 0 6px',
};

const couponCodeStyle = {
  fontFamily: fonts.mono,
  fontSize: '28px',
  lineHeight: '36px',
  fontWeight: 700,
  letterSpacing: '3px',
  color: colors.ink,
  margin: '0 0 6px',
};

const couponTerms = { ...text.body, fontWeight: 600, margin: '0' };

export const birthdayCoupon = defineTemplate<BirthdayCouponProps>({
  Component: BirthdayCouponEmail,
  subject: (t, { firstName }) => t('birthdayCoupon.subject', { firstName }),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    couponCode: 'ZRNO-ANA-7K2Q',
    percent: 20,
    validUntil: '2026-12-22',
    shopUrl: `${publicUrl}/proizvodi`,
  }),
});
