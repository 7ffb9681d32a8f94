import { Heading, Link, Section, Text } from '@react-email/components';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
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
      <MailButton href={resetUrl}>{t('passwordReset.button')}</MailButton>
      {/* In the text part the button line already shows the bare link. */}
      <Text style={text.small} data-skip-in-text="true">
        {t('passwordReset.linkHint')}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={resetUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('passwordReset.validity', { count: expiresInMinutes })}</Text>
      <Text style={text.body}>{t('passwordReset.sessions')}</Text>
      <Section style={notice}>
        <Text style={{ ...text.small, margin: '0' }}>{t('passwordReset.notYou')}</Text>
      </Section>
      <Text style={{ ...text.body, margin: '24px 0 0' }}>
        {t('passwordReset.signoff')}
        <br />
        {t('passwordReset.signature')}
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

export const passwordReset = defineTemplate<PasswordResetProps>({
  Component: PasswordResetEmail,
  subject: (t) => t('passwordReset.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    resetUrl: `${publicUrl}/ponisti-lozinku/preview-3b8f1d6c9e2a4f7b0c5d`,
    expiresInMinutes: 60,
  }),
});
