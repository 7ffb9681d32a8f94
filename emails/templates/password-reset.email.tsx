import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface PasswordResetProps {
  /** As stored on the account. */
  firstName: string;
  /** Absolute one-time link to the page where a new password is chosen (reset-password screen with the token). */
  resetUrl: string;
  /** How long the link works; the identity module owns the number (60 today). */
  expiresInMinutes: number;
}

/** Sent after "forgot password": a link to choose a new password; afterwards every session is signed out. */
export function PasswordResetEmail({ firstName, resetUrl, expiresInMinutes }: PasswordResetProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout preview={t('passwordReset.preview')} reason={t('passwordReset.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('passwordReset.heading')}
      </Heading>
      <Text style={text.body}>{t('passwordReset.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('passwordReset.intro')}</Text>
      <LinkAction href={resetUrl} label={t('passwordReset.button')} hint={t('passwordReset.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('passwordReset.validity', { count: expiresInMinutes })}</Text>
      <Text style={text.body}>{t('passwordReset.sessions')}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('passwordReset.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('passwordReset.signoff')} signature={t('passwordReset.signature')} />
    </MailLayout>
  );
}

export const passwordReset = defineTemplate<PasswordResetProps>({
  Component: PasswordResetEmail,
  subject: (t) => t('passwordReset.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    resetUrl: `${publicUrl}/ponisti-lozinku/preview-3b8f1d6c9e2a4f7b0c5d`,
    expiresInMinutes: 60,
  }),
});
