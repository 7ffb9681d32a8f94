import { Heading, Link, Section, Text } from '@react-email/components';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface AccountActivationProps {
  /** As the person typed it at registration. */
  firstName: string;
  /** Absolute link that activates the account (the identity module builds it with the token). */
  activationUrl: string;
  /** How long the link works; the identity module owns the number (24 today). */
  expiresInHours: number;
}

/** Sent after registration: the account must be confirmed by this link before the first login. */
export function AccountActivationEmail({ firstName, activationUrl, expiresInHours }: AccountActivationProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout preview={t('accountActivation.preview')} reason={t('accountActivation.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('accountActivation.heading')}
      </Heading>
      <Text style={text.body}>{t('accountActivation.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('accountActivation.intro')}</Text>
      <MailButton href={activationUrl}>{t('accountActivation.button')}</MailButton>
      {/* In the text part the button line already shows the bare link. */}
      <Text style={text.small} data-skip-in-text="true">
        {t('accountActivation.linkHint')}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={activationUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
          {activationUrl}
        </Link>
      </Text>
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('accountActivation.validity', { count: expiresInHours })}</Text>
      <Section style={notice}>
        <Text style={{ ...text.small, margin: '0' }}>{t('accountActivation.notYou')}</Text>
      </Section>
      <Text style={{ ...text.body, margin: '24px 0 0' }}>
        {t('accountActivation.signoff')}
        <br />
        {t('accountActivation.signature')}
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

export const accountActivation = defineTemplate<AccountActivationProps>({
  Component: AccountActivationEmail,
  subject: (t) => t('accountActivation.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    activationUrl: `${publicUrl}/api/auth/activate?token=preview-0f3c9a7e5b1d4c2a8e6f`,
    expiresInHours: 24,
  }),
});
