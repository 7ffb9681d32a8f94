import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
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
      <LinkAction href={signInUrl} label={t('magicLink.button')} hint={t('magicLink.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('magicLink.validity', { count: expiresInMinutes })}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('magicLink.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('magicLink.signoff')} signature={t('magicLink.signature')} />
    </MailLayout>
  );
}

export const magicLink = defineTemplate<MagicLinkProps>({
  Component: MagicLinkEmail,
  subject: (t) => t('magicLink.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    signInUrl: `${publicUrl}/prijava-poveznicom?token=preview-7d2e4b9a1c6f3e8d5a0b`,
    expiresInMinutes: 15,
  }),
});
