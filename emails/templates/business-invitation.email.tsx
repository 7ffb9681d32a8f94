import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
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
      <LinkAction href={acceptUrl} label={t('businessInvitation.button')} hint={t('businessInvitation.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('businessInvitation.validity', { count: expiresInDays })}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('businessInvitation.notYou', { companyName })}</Text>
      </MailNotice>
      <MailSignoff signoff={t('businessInvitation.signoff')} signature={t('businessInvitation.signature')} />
    </MailLayout>
  );
}

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
