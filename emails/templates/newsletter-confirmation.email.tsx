import { Heading, Text } from '@react-email/components';
import { LinkAction, MailNotice, MailSignoff } from '../components/mail-blocks.js';
import { useMail } from '../components/mail-context.js';
import { MailLayout } from '../components/mail-layout.js';
import { text } from '../components/mail-theme.js';
import { defineTemplate } from '../mail-template.js';

export interface NewsletterConfirmationProps {
  /** Absolute link to the confirmation page (`/newsletter/potvrda?token=…`); the page's button confirms. */
  confirmUrl: string;
  /** Absolute link to the unsubscribe page (also sent as the List-Unsubscribe header's target). */
  unsubscribeUrl: string;
  /** How long the link works (NEWSLETTER_CONFIRM_TTL_HOURS, 72 by default). */
  expiresInHours: number;
}

/** Double opt-in: sent when someone asks for the newsletter; only the confirmed link subscribes. */
export function NewsletterConfirmationEmail({ confirmUrl, unsubscribeUrl, expiresInHours }: NewsletterConfirmationProps) {
  const { t, publicUrl } = useMail();
  return (
    <MailLayout
      preview={t('newsletterConfirmation.preview')}
      reason={t('newsletterConfirmation.reason', { site: new URL(publicUrl).host })}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={text.heading}>
        {t('newsletterConfirmation.heading')}
      </Heading>
      <Text style={text.body}>{t('newsletterConfirmation.greeting')}</Text>
      <Text style={text.body}>{t('newsletterConfirmation.intro')}</Text>
      <LinkAction href={confirmUrl} label={t('newsletterConfirmation.button')} hint={t('newsletterConfirmation.linkHint')} />
      <Text style={{ ...text.body, fontWeight: 600 }}>{t('newsletterConfirmation.validity', { count: expiresInHours })}</Text>
      <MailNotice>
        <Text style={{ ...text.small, margin: '0' }}>{t('newsletterConfirmation.notYou')}</Text>
      </MailNotice>
      <MailSignoff signoff={t('newsletterConfirmation.signoff')} signature={t('newsletterConfirmation.signature')} />
    </MailLayout>
  );
}

export const newsletterConfirmation = defineTemplate<NewsletterConfirmationProps>({
  Component: NewsletterConfirmationEmail,
  subject: (t) => t('newsletterConfirmation.subject'),
  previewProps: ({ publicUrl }) => ({
    confirmUrl: `${publicUrl}/newsletter/potvrda?token=preview-3b8e1f0c7a2d4e69`,
    unsubscribeUrl: `${publicUrl}/newsletter/odjava?token=preview-5c2a9d7e1b0f3a48`,
    expiresInHours: 72,
  }),
});
