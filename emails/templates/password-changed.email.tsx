import { Heading, Link, Text } from '@react-email/components';
import { company } from '../../contract/brand/company.js';
import { formatDateTime } from '../components/format.js';
import { inlineLink, LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { richText } from '../components/rich-text.js';
import { defineTemplate } from '../mail-template.js';

export interface PasswordChangedProps {
  /** As stored on the account. */
  firstName: string;
  /** When the password was changed: an ISO 8601 timestamp with offset; shown on the Zagreb clock. */
  changedAt: string;
  /** Absolute link to the forgot-password page, for the case that someone else changed it. */
  resetUrl: string;
}

/** Sent after a password change (reset or profile): the other sessions are signed out; not you? reset it. */
export function PasswordChangedEmail({ firstName, changedAt, resetUrl }: PasswordChangedProps) {
  const { t, locale, publicUrl } = useMail();
  const contactLink = (href: string) => (content: string) => (
    <Link href={href} style={inlineLink}>
      {content}
    </Link>
  );
  return (
    <MailLayout preview={t('passwordChanged.preview')} reason={t('passwordChanged.reason', { site: new URL(publicUrl).host })}>
      <Heading as="h1" style={text.heading}>
        {t('passwordChanged.heading')}
      </Heading>
      <Text style={text.body}>{t('passwordChanged.greeting', { firstName })}</Text>
      <Text style={text.body}>{t('passwordChanged.intro', { changedAt: formatDateTime(changedAt, locale) })}</Text>
      <Text style={text.body}>{t('passwordChanged.sessions')}</Text>
      <Text style={text.body}>{t('passwordChanged.wasYou')}</Text>
      <MailNotice spaced>
        <Text style={{ ...text.body, fontWeight: 600, margin: '0' }}>{t('passwordChanged.notYou')}</Text>
      </MailNotice>
      <LinkAction href={resetUrl} label={t('passwordChanged.button')} hint={t('passwordChanged.linkHint')} />
      <Text style={text.body}>
        {richText(t('passwordChanged.contact', { email: company.email, phone: company.phone }), {
          mail: contactLink(`mailto:${company.email}`),
          phone: contactLink(`tel:${company.phone.replace(/[^\d+]/g, '')}`),
        })}
      </Text>
      <MailSignoff signoff={t('passwordChanged.signoff')} signature={t('passwordChanged.signature')} />
    </MailLayout>
  );
}

export const passwordChanged = defineTemplate<PasswordChangedProps>({
  Component: PasswordChangedEmail,
  subject: (t) => t('passwordChanged.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    changedAt: '2026-11-22T13:05:00.000Z',
    resetUrl: `${publicUrl}/zaboravljena-lozinka`,
  }),
});
