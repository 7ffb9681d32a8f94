import { Heading, Link, Section, Text } from '@react-email/components';
import { MailButton } from '../components/mail-button.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { colors, fonts, text } from '../components/mail-theme.js';
import { richText } from '../components/rich-text.js';
import { defineTemplate } from '../mail-template.js';

export interface AccountExistsProps {
  /** As stored on the existing account (not what the registration form said). */
  firstName: string;
  /** Absolute link to the login page in the reader's language. */
  loginUrl: string;
  /** Absolute link to the forgot-password page in the reader's language. */
  resetUrl: string;
}

/**
 * Sent instead of an activation mail when someone registers with an address that already has an
 * account: the form answers the same either way, so it does not reveal who is a customer.
 */
export function AccountExistsEmail({ firstName, loginUrl, resetUrl }: AccountExistsProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout preview={t('accountExists.preview')} reason={t('accountExists.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('accountExists.heading')}
      </Heading>
      <Text style={text.body}>{t('accountExists.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('accountExists.intro')}</Text>
      <MailButton href={loginUrl}>{t('accountExists.button')}</MailButton>
      {/* In the text part the button line already shows the bare link. */}
      <Text style={text.small} data-skip-in-text="true">
        {t('accountExists.linkHint')}
      </Text>
      <Text style={plainLink} data-skip-in-text="true">
        <Link href={loginUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
          {loginUrl}
        </Link>
      </Text>
      <Text style={text.body}>
        {richText(t('accountExists.forgot'), {
          link: (content) => (
            <Link href={resetUrl} style={{ color: colors.action, textDecoration: 'underline' }}>
              {content}
            </Link>
          ),
        })}
      </Text>
      <Section style={notice}>
        <Text style={{ ...text.small, margin: '0' }}>{t('accountExists.notYou')}</Text>
      </Section>
      <Text style={{ ...text.body, margin: '24px 0 0' }}>
        {t('accountExists.signoff')}
        <br />
        {t('accountExists.signature')}
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

export const accountExists = defineTemplate<AccountExistsProps>({
  Component: AccountExistsEmail,
  subject: (t) => t('accountExists.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    loginUrl: `${publicUrl}/prijava`,
    resetUrl: `${publicUrl}/zaboravljena-lozinka`,
  }),
});
