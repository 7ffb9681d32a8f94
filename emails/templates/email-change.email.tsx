import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface EmailChangeProps {
  firstName: string;
  /** The new address (this mail goes to it). */
  newEmail: string;
  /** Absolute link that confirms the change (the identity module builds it with the token). */
  confirmUrl: string;
  /** How long the link works (24 today). */
  expiresInHours: number;
}

/** Sent to the NEW address when a user changes the e-mail of the account: the change applies after the click. */
export function EmailChangeEmail({ firstName, newEmail, confirmUrl, expiresInHours }: EmailChangeProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout preview={t('emailChange.preview')} reason={t('emailChange.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('emailChange.heading')}
      </Heading>
      <Text style={text.body}>{t('emailChange.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('emailChange.intro', { email: newEmail })}</Text>
      <LinkAction href={confirmUrl} label={t('emailChange.button')} hint={t('emailChange.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('emailChange.validity', { count: expiresInHours })}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('emailChange.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('emailChange.signoff')} signature={t('emailChange.signature')} />
    </MailLayout>
  );
}

export const emailChange = defineTemplate<EmailChangeProps>({
  Component: EmailChangeEmail,
  subject: (t) => t('emailChange.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    newEmail: 'ana.nova@example.com',
    confirmUrl: `${publicUrl}/potvrda-e-adrese?token=preview-6d1e0b9c4a7f2e58`,
    expiresInHours: 24,
  }),
});
