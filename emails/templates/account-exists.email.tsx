import { Heading, Link, Text } from '@react-email/components';
import { inlineLink, LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
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
      <LinkAction href={loginUrl} label={t('accountExists.button')} hint={t('accountExists.linkHint')} />
      <Text style={text.body}>
        {richText(t('accountExists.forgot'), {
          link: (content) => (
            <Link href={resetUrl} style={inlineLink}>
              {content}
            </Link>
          ),
        })}
      </Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('accountExists.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('accountExists.signoff')} signature={t('accountExists.signature')} />
    </MailLayout>
  );
}

export const accountExists = defineTemplate<AccountExistsProps>({
  Component: AccountExistsEmail,
  subject: (t) => t('accountExists.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    loginUrl: `${publicUrl}/prijava`,
    resetUrl: `${publicUrl}/zaboravljena-lozinka`,
  }),
});
