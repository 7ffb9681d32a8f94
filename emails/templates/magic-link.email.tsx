import { Heading, Link, Section, Text } from '@react-email/components';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface MagicLinkProps {
  /** As stored on the account. */
  firstName: string;
  /** Absolute one-time link that signs the person in (the identity module builds it with the token). */
  signInUrl: string;
  /** How long the link works; the identity module owns the number (15 today). */
  expiresInMinutes: number;
}

/** Sent when someone asks to sign in without a password: one click on the link signs them in, once. */
export function MagicLinkEmail({ firstName, signInUrl, expiresInMinutes }: MagicLinkProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout preview={t('magicLink.preview')} reason={t('magicLink.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('magicLink.heading')}
      </Heading>
      <Text style={text.body}>{t('magicLink.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('magicLink.intro')}</Text>
      <MailButton href={signInUrl}>{t('magicLink.button')}</MailButton>
      {/* In the text part the button line already shows the bare link. */}
      <Text style={text.small} data-skip-in-text="true">
        {t('magicLink.linkHint')}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={signInUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
          {signInUrl}
        </Link>
      </Text>
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('magicLink.validity', { count: expiresInMinutes })}</Text>
      <Section style={notice}>
        <Text style={{ ...text.small, margin: '0' }}>{t('magicLink.notYou')}</Text>
      </Section>
      <Text style={{ ...text.body, margin: '24px 0 0' }}>
        {t('magicLink.signoff')}
        <br />
        {t('magicLink.signature')}
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

export const magicLink = defineTemplate<MagicLinkProps>({
  Component: MagicLinkEmail,
  subject: (t) => t('magicLink.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    signInUrl: `${publicUrl}/api/auth/magic-link/verify?token=preview-7d2e4b9a1c6f3e8d5a0b`,
    expiresInMinutes: 15,
  }),
});
