import { Heading, Link, Section, Text } from '@react-email/components';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface BusinessInvitationProps {
  /** The invited company, as the shop entered it. */
  companyName: string;
  /** The contact person, if known; null gives a neutral greeting. */
  firstName: string | null;
  /** Absolute link that accepts the invitation and lets the contact set a password (registration with the invite token). */
  acceptUrl: string;
  /** How long the invitation works; the identity module owns the number (7 today). */
  expiresInDays: number;
}

/** Sent when the shop invites a company (hotel, restaurant, school) to open a business buyer account. */
export function BusinessInvitationEmail({ companyName, firstName, acceptUrl, expiresInDays }: BusinessInvitationProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('businessInvitation.preview', { companyName })}
      reason={t('businessInvitation.reason', { companyName, site: new URL(publicUrl).host })}
    >
      <Heading as="h1" style={text.heading}>
        {t('businessInvitation.heading')}
      </Heading>
      <Text style={text.body}>
        {firstName === null ? t('businessInvitation.greetingNeutral') : t('businessInvitation.greeting', { firstName })}
      </Text>
      <Text style={text.body}>{t('businessInvitation.intro', { companyName })}</Text>
      <Text style={text.body}>{t('businessInvitation.benefits')}</Text>
      <Text style={text.body}>{t('businessInvitation.howTo')}</Text>
      <MailButton href={acceptUrl}>{t('businessInvitation.button')}</MailButton>
      {/* In the text part the button line already shows the bare link. */}
      <Text style={text.small} data-skip-in-text="true">
        {t('businessInvitation.linkHint')}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={acceptUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
          {acceptUrl}
        </Link>
      </Text>
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('businessInvitation.validity', { count: expiresInDays })}</Text>
      <Section style={notice}>
        <Text style={{ ...text.small, margin: '0' }}>{t('businessInvitation.notYou', { companyName })}</Text>
      </Section>
      <Text style={{ ...text.body, margin: '24px 0 0' }}>
        {t('businessInvitation.signoff')}
        <br />
        {t('businessInvitation.signature')}
      </Text>
    </MailLayout>
  );
}

const plainLink = {
  fontFamily: fonts.mono,
  fontSize: '13px',
  lineHeight: '20px',
  margin: '0 0 20px',
  wordBreak: 'break-all' as const,
};

const notice = {
  backgroundColor: colors.goldSoft,
  borderRadius: '6px',
  padding: '14px 16px',
  margin: '8px 0 0',
};

export const businessInvitation = defineTemplate<BusinessInvitationProps>({
  Component: BusinessInvitationEmail,
  subject: (t, { companyName }) => t('businessInvitation.subject', { companyName }),
  previewProps: ({ publicUrl }) => ({
    companyName: 'Hotel Drava d.o.o.',
    firstName: 'Marko',
    acceptUrl: `${publicUrl}/registracija?invite=preview-9a4c2e7f1b5d8a3c6e0f`,
    expiresInDays: 7,
  }),
});
