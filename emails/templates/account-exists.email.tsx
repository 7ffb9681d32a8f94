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
export function AccountExistsEmail(props: AccountExistsProps) {
  return <KnownAddressNotice section="accountExists" {...props} />;
}

/**
 * The body of the mails that tell the owner of an address that someone used it (a registration,
 * an e-mail change) and that nothing changed: sign in, or reset the password. `section` names the
 * mail's texts in emails/locales/*.json, which share one set of keys.
 */
export function KnownAddressNotice({
  section,
  firstName,
  loginUrl,
  resetUrl,
}: AccountExistsProps & { section: 'accountExists' | 'emailInUse' }) {
  const { t, publicUrl } = useMail();
  const k = (key: string) => `${section}.${key}`;
  return (
    <MailLayout preview={t(k('preview'))} reason={t(k('reason'), { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t(k('heading'))}
      </Heading>
      <Text style={text.body}>{t(k('greeting'), { firstName })}</Text>
      <Text style={text.body}>{t(k('intro'))}</Text>
      <LinkAction href={loginUrl} label={t(k('button'))} hint={t(k('linkHint'))} />
      <Text style={text.body}>
        {richText(t(k('forgot')), {
          link: (content) => (
            <Link href={resetUrl} style={inlineLink}>
              {content}
            </Link>
          ),
        })}
      </Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t(k('notYou'))}</Text>
      </MailNotice>
      <MailSignoff signoff={t(k('signoff'))} signature={t(k('signature'))} />
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
