import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
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
      <LinkAction href={activationUrl} label={t('accountActivation.button')} hint={t('accountActivation.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('accountActivation.validity', { count: expiresInHours })}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('accountActivation.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('accountActivation.signoff')} signature={t('accountActivation.signature')} />
    </MailLayout>
  );
}

export const accountActivation = defineTemplate<AccountActivationProps>({
  Component: AccountActivationEmail,
  subject: (t) => t('accountActivation.subject'),
  previewProps: ({ publicUrl }) => ({
    firstName: 'Ana',
    activationUrl: `${publicUrl}/aktivacija-racuna?token=preview-0f3c9a7e5b1d4c2a8e6f`,
    expiresInHours: 24,
  }),
});
